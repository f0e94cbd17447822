// Stops after packing, by moves that keep every contact: a Unit's load cut along its length
// where no piece crosses (slices), each slice across its width where none crosses (lanes),
// each lane along its length again, and so on (a guillotine tree). The parts of a lengthwise
// cut share no length, so none stands on another: they can change places along the length,
// and each can be mirrored lengthwise, without changing what stands on what (balance.ts
// moves slices the same way). Only the order along the length changes, so only cargo in
// front of other cargo can change: deeper Stops go further from the door. A move is kept
// only when the `stop-blocked` advisory names fewer pieces. A plan of the Stops packed as one
// (fleet/orders.ts) mixes every Stop in every Unit: there most blocked pieces have cargo of a
// later Stop in front.
import { countStopBlocked } from './advisories/stops.ts';
import { stopBlockedCounter } from './stop-count.ts';
import type { Ticker } from './ticker.ts';
import type { Placement, SolverEquipment } from './types.ts';

type Span = [number, number];

interface Node {
  /** The cut that made the children (x: lengthwise parts, y: lanes). */
  axis: 'x' | 'y';
  x0: number;
  x1: number;
  pieces: Placement[];
  children: Node[];
}

/** Reorders and mirrors the lengthwise parts of the Unit's load while that blocks fewer pieces, until `deadline`. */
export function stopSlices(
  pieces: Placement[], eq: SolverEquipment, groupOf: (p: Placement) => string | null, deadline: number, ticker: Ticker,
): void {
  if (pieces.length < 2 || pieces.some((p) => p.locked || p.manual)) return;
  if (new Set(pieces.map((p) => p.stop ?? Infinity)).size < 2) return;
  let best = countStopBlocked(pieces, eq.openings);
  if (best === 0) return;
  // What lies above each piece never changes here: pieces of different parts share no floor area.
  const count = stopBlockedCounter(pieces, eq);
  const span = spansOf(pieces, groupOf);
  const root = build(pieces, 'x', span, true);
  // Deepest first, so a part is settled before the part holding it moves it as a whole; the
  // whole load last (it may be mirrored too).
  const nodes = lengthwise(root).reverse();
  if (root.axis !== 'x' || root.children.length < 2) nodes.push({ ...root, axis: 'x', children: [root] });
  for (const n of nodes) {
    if (ticker.now() >= deadline) return;
    best = arranged(n, count, best, deadline, ticker);
    if (best === 0) return;
  }
}

/**
 * The parts of one lengthwise cut: first sorted by Stop (deepest first), then each mirrored,
 * then neighbours swapped, each move kept only when fewer pieces are blocked. Each part takes
 * the length up to the next part's start (gaps travel with the part before them).
 */
function arranged(n: Node, count: () => number, blocked: number, deadline: number, ticker: Ticker): number {
  const parts = n.children.map((c, i) => ({ c, x0: i === 0 ? n.x0 : c.x0, x1: i + 1 < n.children.length ? n.children[i + 1].x0 : n.x1 }));
  const base = new Map(n.pieces.map((p) => [p, p.xMm]));
  let order = parts.map((_, i) => i);
  const flip = parts.map(() => false);
  const lay = () => {
    let x = n.x0;
    for (const i of order) {
      const { c, x0, x1 } = parts[i];
      for (const p of c.pieces) {
        const rel = base.get(p)! - x0;
        p.xMm = x + (flip[i] ? x1 - x0 - rel - p.lengthMm : rel);
      }
      x += x1 - x0;
    }
  };
  let best = blocked;
  const better = () => {
    ticker.poll();
    lay();
    const c = count();
    if (c >= best) return false;
    best = c;
    return true;
  };
  const depth = parts.map(({ c }) => meanRank(c.pieces));
  const sortedFrom = order;
  order = [...order].sort((a, b) => depth[b] - depth[a] || a - b);
  if (!better()) order = sortedFrom;
  for (let i = 0; i < parts.length && ticker.now() < deadline; i++) {
    flip[i] = true;
    if (!better()) flip[i] = false;
  }
  // Each part tried at every other place, then mirrored again, while that helps.
  for (let improved = true; improved && ticker.now() < deadline; ) {
    improved = false;
    for (let i = 0; i < order.length && ticker.now() < deadline; i++) {
      for (let j = 0; j < order.length; j++) {
        if (j === i) continue;
        const kept = order;
        const moved = order.filter((_, k) => k !== i);
        moved.splice(j, 0, order[i]);
        order = moved;
        if (better()) improved = true;
        else order = kept;
      }
    }
    for (let i = 0; i < parts.length && ticker.now() < deadline; i++) {
      flip[i] = !flip[i];
      if (better()) improved = true;
      else flip[i] = !flip[i];
    }
  }
  lay();
  return best;
}

/** Volume-weighted Stop of the pieces (no Stop counts as 100: deepest). */
function meanRank(pieces: Placement[]): number {
  let v = 0, r = 0;
  for (const p of pieces) {
    const pv = p.lengthMm * p.widthMm * p.heightMm;
    v += pv;
    r += pv * (p.stop ?? 100);
  }
  return r / v;
}

/** Each piece's extent along x and y; a keep-together group's pieces take the group's box, so no cut splits it. */
function spansOf(pieces: Placement[], groupOf: (p: Placement) => string | null): (p: Placement, axis: 'x' | 'y') => Span {
  const boxes = new Map<string, { x: Span; y: Span }>();
  for (const p of pieces) {
    const g = groupOf(p);
    if (!g) continue;
    const b = boxes.get(g) ?? { x: [Infinity, -Infinity], y: [Infinity, -Infinity] };
    b.x = [Math.min(b.x[0], p.xMm), Math.max(b.x[1], p.xMm + p.lengthMm)];
    b.y = [Math.min(b.y[0], p.yMm), Math.max(b.y[1], p.yMm + p.widthMm)];
    boxes.set(g, b);
  }
  return (p, axis) => {
    const g = groupOf(p);
    if (g) return boxes.get(g)![axis];
    return axis === 'x' ? [p.xMm, p.xMm + p.lengthMm] : [p.yMm, p.yMm + p.widthMm];
  };
}

/** The pieces in runs along `axis` where no piece crosses from one run into the next. */
function cutAlong(pieces: Placement[], axis: 'x' | 'y', span: (p: Placement, axis: 'x' | 'y') => Span): Placement[][] {
  const order = [...pieces].sort((a, b) => span(a, axis)[0] - span(b, axis)[0]);
  const out: Placement[][] = [];
  let end = -Infinity;
  for (const p of order) {
    const [a, b] = span(p, axis);
    if (out.length === 0 || a >= end) out.push([]);
    end = Math.max(end, b);
    out[out.length - 1].push(p);
  }
  return out;
}

/** The guillotine tree: cuts along `axis`, the parts cut along the other axis; a part no cut splits is a leaf. */
function build(pieces: Placement[], axis: 'x' | 'y', span: (p: Placement, axis: 'x' | 'y') => Span, tryOther: boolean): Node {
  const parts = cutAlong(pieces, axis, span);
  const other = axis === 'x' ? 'y' : 'x';
  if (parts.length === 1 && tryOther) return build(pieces, other, span, false);
  let x0 = Infinity, x1 = -Infinity;
  for (const p of pieces) {
    const [a, b] = span(p, 'x');
    x0 = Math.min(x0, a);
    x1 = Math.max(x1, b);
  }
  const children = parts.length === 1 ? [] : parts.map((q) => build(q, other, span, true));
  return { axis, x0, x1, pieces, children };
}

/** The nodes cut lengthwise, parents before their parts. */
function lengthwise(n: Node, out: Node[] = []): Node[] {
  if (n.axis === 'x' && n.children.length > 1) out.push(n);
  for (const c of n.children) lengthwise(c, out);
  return out;
}
