// Diagnostic: an item-by-item search for one Unit, as fontanf/packingsolver's box search works (its
// branching scheme and default tree search), under the solver's support rule. Things go one at a time
// against a front (a partition of the Unit's cross-section, y by z, each part with the depth x up to
// which the room counts as used) at a corner where a part meets the floor, a top face or a taller
// neighbour; a node is ranked by a cheap guide (the room behind the front, everything behind the
// deepest start counted, per volume placed; `big`: over the mean volume too, the peer's guide 5)
// instead of a greedy completion, and iterative beams double their width until the deadline. Full
// support is checked against the top faces still reachable from the front; the best plan is put into
// a PackState through `canStand` and `place` (pack/state.ts), so every hard rule the block search
// obeys holds. `pieces`: each piece a 1x1x1 block (each orientation); `blocks`: the problem's own block
// list (simple, column and general blocks), the first PER_CORNER that fit a corner in list order.
// Runs on cargo of one Stop in an empty Unit, with no groups and every piece stackable
// and not fragile. Run by item-gains.ts.
import type { Block } from '../../solver/model.ts';
import { placedDims } from '../../solver/orientation.ts';
import type { UnitProblem } from '../../solver/pack/problem.ts';
import { canStand, place, type PackState } from '../../solver/pack/state.ts';

export interface ItemOptions {
  shapes: 'pieces' | 'blocks';
  guide: 'waste' | 'big';
}

/** Feasible blocks offered per corner with `blocks`, in the list's order (3, 8 and 24 read alike on T100 seed 101 #1). */
const PER_CORNER = 8;

/** What can be put in: a piece in one orientation or a block, with the pieces it takes. */
interface Shape {
  dx: number;
  dy: number;
  dz: number;
  volume: number;
  weight: number;
  /** Pieces it takes per item (flat pairs: item, count). */
  need: number[];
  /** The rectangle of its top anything may stand on (x0, y0, x1, y1), or null. */
  top: [number, number, number, number] | null;
  block: Block;
}

/** A partial plan: its front (x, y0, y1, z0, z1 each) and the top faces still reachable (x0, x1, y0, y1, z each). */
interface Node {
  parent: Node | null;
  shape: Shape | null;
  x: number;
  y: number;
  z: number;
  front: Float64Array;
  tops: Float64Array;
  used: Int32Array;
  volume: number;
  weight: number;
  count: number;
  /** The deepest x a shape started at, and the room behind the front with all behind it counted. */
  xsMax: number;
  behind: number;
}

interface Candidate {
  parent: Node;
  shape: Shape;
  x: number;
  y: number;
  z: number;
  guide: number;
  volume: number;
  order: number;
}

interface Ctx {
  L: number;
  W: number;
  H: number;
  payload: number;
  left: number[];
  shapes: Shape[];
  perCorner: number;
  big: boolean;
}

/** The cargo the search handles (see the header). */
export function itemSearchFits(problem: UnitProblem, root: PackState): boolean {
  if (problem.spec.supportNone || problem.admits !== null || root.volume > 0) return false;
  const phases = problem.phases.slice(root.phase);
  if (phases.some((p) => p.groups.length > 0)) return false;
  const items = phases.flatMap((p) => p.items).filter((i) => problem.remaining[i] - root.used[i] > 0);
  return items.every((i) => problem.items[i].stackable && !problem.items[i].fragile) && new Set(items.map((i) => problem.items[i].stop)).size <= 1;
}

function shapesOf(problem: UnitProblem, root: PackState, kind: ItemOptions['shapes']): Shape[] {
  const shapes: Shape[] = [];
  const { spec, items } = problem;
  if (kind === 'blocks') {
    // Every phase's blocks in one list (one Stop: the phases only order the block search's fill).
    const blocks = problem.phases.slice(root.phase).flatMap((_, p) => problem.blocks(root.phase + p));
    blocks.sort((a, b) => b.volume - a.volume || a.dz - b.dz);
    for (const b of blocks) {
      if (b.group >= 0) continue;
      const need: number[] = [];
      if (b.need) for (const [i, c] of b.need) need.push(i, c);
      else need.push(b.item, b.count);
      const top = b.area === undefined ? (b.flat === false ? null : ([0, 0, b.dx, b.dy] as Shape['top'])) : b.area;
      shapes.push({ dx: b.dx, dy: b.dy, dz: b.dz, volume: b.volume, weight: b.weight, need, top, block: b });
    }
    return shapes;
  }
  for (const i of problem.phases.slice(root.phase).flatMap((p) => p.items)) {
    if (problem.remaining[i] - root.used[i] <= 0) continue;
    const it = items[i];
    const seen = new Set<string>();
    for (const rotation of problem.orientationsOf(i)) {
      const [dx, dy, dz] = placedDims(it.l, it.w, it.h, rotation);
      const key = `${dx},${dy},${dz}`;
      if (dx > spec.L || dy > spec.W || dz > spec.H || seen.has(key)) continue;
      seen.add(key);
      const block: Block = {
        dx, dy, dz, volume: it.volume, weight: it.weight, item: i, rotation, nx: 1, ny: 1, nz: 1, count: 1, group: -1,
        pieces: null, parts: undefined, need: undefined, flat: undefined, fullSupport: undefined,
      };
      shapes.push({ dx, dy, dz, volume: it.volume, weight: it.weight, need: [i, 1], top: [0, 0, dx, dy], block });
    }
  }
  // Bigger first: on equal guides the earlier candidate wins.
  return shapes.sort((a, b) => b.volume - a.volume || a.dz - b.dz);
}

/**
 * Iterative beam search from `root` until the deadline (widths 1, 2, 4, ...); `onWidth` is told each
 * finished width and the best volume so far. Returns the best plan (null if nothing went in or a
 * state check failed) and the nodes made.
 */
export function itemSearch(
  problem: UnitProblem, root: PackState, deadline: number, options: ItemOptions, onWidth?: (width: number, volume: number) => void,
): { state: PackState | null; nodes: number } {
  const { spec } = problem;
  const left = problem.items.map((_, i) => problem.remaining[i] - root.used[i]);
  const ctx: Ctx = {
    L: spec.L, W: spec.W, H: spec.H, payload: spec.payload, left, shapes: shapesOf(problem, root, options.shapes),
    perCorner: options.shapes === 'blocks' ? PER_CORNER : Infinity, big: options.guide === 'big',
  };
  const start: Node = {
    parent: null, shape: null, x: 0, y: 0, z: 0, front: Float64Array.of(0, 0, spec.W, 0, spec.H), tops: new Float64Array(0),
    used: new Int32Array(left.length), volume: 0, weight: root.weight, count: 0, xsMax: 0, behind: 0,
  };
  let best = start;
  let nodes = 0;
  itemCounts.fits = itemCounts.refused = 0;
  let done = false;
  for (let width = 1; !done; width *= 2) {
    let level: Node[] = [start];
    while (level.length > 0) {
      if (problem.ticker.now() >= deadline) { done = true; break; }
      const kept = new Kept(width);
      for (const parent of level) children(ctx, parent, kept);
      level = kept.sorted().map((c) => child(ctx, c));
      nodes += level.length;
      for (const n of level) if (n.volume > best.volume) best = n;
    }
    if (!done) onWidth?.(width, best.volume);
  }
  return { state: best === start ? null : planOf(problem, root, best), nodes };
}

/** The best `width` candidates of a level (lowest guide, then most volume, then first found). */
class Kept {
  private heap: Candidate[] = [];
  private count = 0;
  constructor(private readonly width: number) {}

  admits(guide: number, volume: number): boolean {
    if (this.heap.length < this.width) return true;
    const w = this.heap[0];
    return guide < w.guide || (guide === w.guide && volume > w.volume);
  }

  push(c: Candidate): void {
    c.order = this.count++;
    const h = this.heap;
    if (h.length < this.width) {
      h.push(c);
      for (let i = h.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!worse(h[i], h[p])) break;
        [h[i], h[p]] = [h[p], h[i]];
        i = p;
      }
      return;
    }
    if (!worse(h[0], c)) return;
    h[0] = c;
    for (let i = 0; ; ) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < h.length && worse(h[l], h[m])) m = l;
      if (r < h.length && worse(h[r], h[m])) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }

  sorted(): Candidate[] {
    return this.heap.slice().sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  }
}

/** a ranks below b (the heap's root is the worst kept). */
function worse(a: Candidate, b: Candidate): boolean {
  if (a.guide !== b.guide) return a.guide > b.guide;
  if (a.volume !== b.volume) return a.volume < b.volume;
  return a.order > b.order;
}

/** Counts of the last search: shapes that fit a corner's room, and of those, the ones off the floor its support refused. */
export const itemCounts = { fits: 0, refused: 0 };

let nearRects = new Int32Array(256);
let nearTops = new Int32Array(256);

/** Offers what the node can take next, at each corner of its front, to `kept`. */
function children(ctx: Ctx, node: Node, kept: Kept): void {
  const { front, tops } = node;
  const nf = front.length / 5, nt = tops.length / 5;
  if (nearRects.length < nf) nearRects = new Int32Array(2 * nf);
  if (nearTops.length < nt) nearTops = new Int32Array(2 * nt);
  const corners = cornersOf(ctx, node);
  for (let c = 0; c < corners.length; c += 2) {
    const ys = corners[c], zs = corners[c + 1];
    let nr = 0;
    for (let r = 0; r < nf; r++) if (front[5 * r + 2] > ys && front[5 * r + 4] > zs) nearRects[nr++] = r;
    let ntp = 0;
    if (zs > 0) {
      for (let t = 0; t < nt; t++) if (tops[5 * t + 4] === zs && tops[5 * t + 3] > ys) nearTops[ntp++] = t;
      if (ntp === 0) continue;
    }
    let found = 0;
    for (const s of ctx.shapes) {
      if (found >= ctx.perCorner) break;
      if (!takes(node.used, ctx.left, s.need)) continue;
      const ye = ys + s.dy, ze = zs + s.dz;
      if (ye > ctx.W || ze > ctx.H || node.weight + s.weight > ctx.payload) continue;
      let xs = 0;
      for (let k = 0; k < nr; k++) {
        const o = 5 * nearRects[k];
        if (front[o + 1] < ye && front[o + 3] < ze && front[o] > xs) xs = front[o];
      }
      const xe = xs + s.dx;
      if (xe > ctx.L) continue;
      // The whole base on reachable top faces (under full support each piece needs its own; asking
      // the whole footprint is as strict or stricter, and the state's check follows).
      itemCounts.fits++;
      if (zs > 0 && covered(tops, nearTops, ntp, xs, xe, ys, ye) < s.dx * s.dy) { itemCounts.refused++; continue; }
      found++;
      const m = Math.max(node.xsMax, xs);
      const behind = m === node.xsMax ? node.behind : roomBehind(front, m);
      const volume = node.volume + s.volume;
      const guide = ((behind + (Math.max(xe, m) - m) * s.dy * s.dz) / volume) / (ctx.big ? volume / (node.count + 1) : 1);
      if (kept.admits(guide, volume)) kept.push({ parent: node, shape: s, x: xs, y: ys, z: zs, guide, volume, order: 0 });
    }
  }
}

function takes(used: Int32Array, left: number[], need: number[]): boolean {
  for (let k = 0; k < need.length; k += 2) if (used[need[k]] + need[k + 1] > left[need[k]]) return false;
  return true;
}

/** The area of the rectangle lying on the listed top faces. */
function covered(tops: Float64Array, list: Int32Array, n: number, x0: number, x1: number, y0: number, y1: number): number {
  let got = 0;
  for (let k = 0; k < n; k++) {
    const o = 5 * list[k];
    const ox = Math.min(x1, tops[o + 1]) - Math.max(x0, tops[o]);
    if (ox <= 0) continue;
    const oy = Math.min(y1, tops[o + 3]) - Math.max(y0, tops[o + 2]);
    if (oy > 0) got += ox * oy;
  }
  return got;
}

/** The room behind the front when everything up to depth m counts as used. */
function roomBehind(front: Float64Array, m: number): number {
  let v = 0;
  for (let o = 0; o < front.length; o += 5) v += Math.max(front[o], m) * (front[o + 2] - front[o + 1]) * (front[o + 4] - front[o + 3]);
  return v;
}

/**
 * Where a shape may start (y, z pairs, flat): on the floor at y 0 and beside each front part standing
 * on it; on each top face at its own side and beside each front part reaching into it.
 */
function cornersOf(ctx: Ctx, node: Node): number[] {
  const { front, tops } = node;
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (y: number, z: number) => {
    const key = y * 131072 + z;
    if (y >= ctx.W || z >= ctx.H || seen.has(key)) return;
    seen.add(key);
    out.push(y, z);
  };
  add(0, 0);
  for (let o = 0; o < front.length; o += 5) if (front[o + 3] === 0) add(front[o + 2], 0);
  for (let t = 0; t < tops.length; t += 5) {
    const z = tops[t + 4], y0 = tops[t + 2], y1 = tops[t + 3];
    add(y0, z);
    for (let o = 0; o < front.length; o += 5) {
      const ry1 = front[o + 2];
      if (ry1 > y0 && ry1 < y1 && front[o + 3] <= z && z < front[o + 4]) add(ry1, z);
    }
  }
  return out;
}

/** The candidate made a node: the front cut around the shape's cross-section, its top face added. */
function child(ctx: Ctx, c: Candidate): Node {
  const p = c.parent, s = c.shape;
  const ys = c.y, ye = c.y + s.dy, zs = c.z, ze = c.z + s.dz, xe = c.x + s.dx;
  const front: number[] = [];
  const f = p.front;
  for (let o = 0; o < f.length; o += 5) {
    const x = f[o], y0 = f[o + 1], y1 = f[o + 2], z0 = f[o + 3], z1 = f[o + 4];
    if (y1 <= ys || y0 >= ye || z1 <= zs || z0 >= ze) { front.push(x, y0, y1, z0, z1); continue; }
    if (z0 < zs) front.push(x, y0, y1, z0, zs);
    if (z1 > ze) front.push(x, y0, y1, ze, z1);
    const a = Math.max(z0, zs), b = Math.min(z1, ze);
    if (y0 < ys) front.push(x, y0, ys, a, b);
    if (y1 > ye) front.push(x, ye, y1, a, b);
  }
  front.push(xe, ys, ye, zs, ze);
  const merged = mergeFront(front);
  const tops: number[] = [];
  const t = p.tops;
  for (let o = 0; o < t.length; o += 5) if (!buried(merged, t, o)) tops.push(t[o], t[o + 1], t[o + 2], t[o + 3], t[o + 4]);
  if (ze < ctx.H && s.top) tops.push(c.x + s.top[0], c.x + s.top[2], ys + s.top[1], ys + s.top[3], ze);
  const used = p.used.slice();
  for (let k = 0; k < s.need.length; k += 2) used[s.need[k]] += s.need[k + 1];
  const xsMax = Math.max(p.xsMax, c.x);
  return {
    parent: p, shape: s, x: c.x, y: c.y, z: c.z, front: merged, tops: Float64Array.from(tops), used,
    volume: p.volume + s.volume, weight: p.weight + s.weight, count: p.count + 1, xsMax, behind: roomBehind(merged, xsMax),
  };
}

/** Joins front parts of one depth that share a whole side (fewer corners, the same room). */
function mergeFront(front: number[]): Float64Array {
  let n = front.length / 5;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < n && !changed; i++) {
      for (let j = i + 1; j < n; j++) {
        const a = 5 * i, b = 5 * j;
        if (front[a] !== front[b]) continue;
        const sameY = front[a + 1] === front[b + 1] && front[a + 2] === front[b + 2];
        const sameZ = front[a + 3] === front[b + 3] && front[a + 4] === front[b + 4];
        if (sameY && (front[a + 4] === front[b + 3] || front[b + 4] === front[a + 3])) {
          front[a + 3] = Math.min(front[a + 3], front[b + 3]);
          front[a + 4] = Math.max(front[a + 4], front[b + 4]);
        } else if (sameZ && (front[a + 2] === front[b + 1] || front[b + 2] === front[a + 1])) {
          front[a + 1] = Math.min(front[a + 1], front[b + 1]);
          front[a + 2] = Math.max(front[a + 2], front[b + 2]);
        } else continue;
        for (let k = 0; k < 5; k++) front[b + k] = front[5 * (n - 1) + k];
        n--;
        changed = true;
        break;
      }
    }
  }
  return Float64Array.from(front.slice(0, 5 * n));
}

/** Nothing can stand on the face any more: the front just above it lies at or beyond its far end everywhere. */
function buried(front: Float64Array, tops: Float64Array, o: number): boolean {
  const x1 = tops[o + 1], y0 = tops[o + 2], y1 = tops[o + 3], z = tops[o + 4];
  for (let r = 0; r < front.length; r += 5) {
    if (front[r + 2] <= y0 || front[r + 1] >= y1 || front[r + 3] > z || front[r + 4] <= z) continue;
    if (front[r] < x1) return false;
  }
  return true;
}

/** The node's shapes put into a clone of `root` through the state's checks; null if one fails. */
function planOf(problem: UnitProblem, root: PackState, node: Node): PackState | null {
  const path: Node[] = [];
  for (let n: Node | null = node; n && n.shape; n = n.parent) path.push(n);
  path.reverse();
  const { spec, items } = problem;
  const state = root.clone();
  for (const n of path) {
    const b = n.shape!.block;
    if (state.weight + b.weight > spec.payload || !canStand(state, spec, items, b, n.x, n.y, n.z)) return null;
    place(state, spec, items, b, n.x, n.y, n.z, problem.minDim);
  }
  return state;
}
