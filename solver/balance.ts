// Balance: moves parts of a Unit's load so its centre of gravity comes near the middle
// (and, on road equipment with an Axle Profile, the axle loads within their limits),
// without changing what stands on what.
//
// The load is cut into slices along its length where no piece crosses the cut. Pieces of
// different slices share no length, so none stands on, touches from above or overlaps
// another slice's pieces: each slice can move sideways on its own, be mirrored sideways
// (an isometry: every contact inside it stays), and slices holding one Stop can change
// places with their neighbours of the same Stop. In order of disruption, each step taken
// only when the ones before leave the centre outside the tolerance:
//   1. the whole load rigidly, lengthwise and sideways (towards the middle; lengthwise, on
//      equipment with an Axle Profile, to the position with the fewest axle advisories);
//   2. lengthwise: runs of slices of one Stop reordered (heaviest towards the middle);
//   3. sideways: lanes (cut along the length where no piece crosses) change sides and
//      are mirrored, which never changes a Stop relation;
//   4. sideways: every slice moved by the same amount as far as its own room allows;
//   5. sideways: slices mirrored, the most helpful first.
// Moving slices apart can change which pieces lie in front of others: steps 2, 4 and 5
// are kept only if the `stop-blocked` advisory names no more pieces than before.
import { axleWarnings } from './advisories/axles.ts';
import { DEFAULT_TOLERANCE_PERMILLE } from './advisories/centre-of-gravity.ts';
import { countStopBlocked } from './advisories/stops.ts';
import type { Placement, SolverEquipment } from './types.ts';

interface Slice {
  members: number[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  weight: number;
  /** Weighted sums of the pieces' centres (weight * mm). */
  mx: number;
  my: number;
  /** The one Stop rank all its pieces share (Infinity = no Stop), or NaN when mixed. */
  rank: number;
  /** Reordering: how far its pieces are to move lengthwise. */
  dx: number;
}

export function balanceLoad(
  pieces: Placement[], weightOf: (p: Placement) => number, eq: SolverEquipment,
  tolerancePermille = DEFAULT_TOLERANCE_PERMILLE, groupOf: (p: Placement) => string | null = () => null,
): void {
  if (pieces.length === 0 || pieces.some((p) => p.locked || p.manual)) return;
  const w = pieces.map((p) => Math.max(1, weightOf(p)));
  // Group spans are taken where the pieces are at the time of each cut.
  const keys = pieces.map(groupOf);
  const slicesOf = (ps: Placement[], wt: number[]) => cutsOf(ps, wt, 'x', groupSpans(ps, keys)) as Slice[];
  const lanesOf = (ps: Placement[], wt: number[]) => cutsOf(ps, wt, 'y', groupSpans(ps, keys)) as Lane[];
  const L = eq.innerLengthMm, W = eq.innerWidthMm;
  const tolX = (L * tolerancePermille) / 1000, tolY = (W * tolerancePermille) / 1000;
  const total = w.reduce((a, b) => a + b, 0);
  const lengthwise = (sl: Slice[]) => bestShiftX(sl, total, eq, tolX);

  // 1. Rigid moves keep every relation between pieces, Stops included.
  let slices = slicesOf(pieces, w);
  const rigidX = lengthwise(slices);
  const rigidY = rigidShiftY(slices, total, W);
  moveAll(pieces, rigidX.shift, rigidY);
  const devY = (sl: Slice[]) => Math.abs(sumOf(sl, 'my') / total - W / 2);
  const xGood = rigidX.score[0] === 0 && rigidX.score[1] === 0;
  slices = slicesOf(pieces, w);
  if (xGood && devY(slices) <= tolY) return;

  const ranks = new Set(pieces.map((p) => p.stop ?? Infinity));
  const saved = pieces.map((p) => [p.xMm, p.yMm]);
  const blockedBefore = ranks.size > 1 ? countStopBlocked(pieces, eq.openings) : 0;
  if (!xGood) {
    // 2. Reorder runs of single-Stop slices; then the best rigid shift again.
    slices = reorderRuns(slices, lengthwise);
    const s = lengthwise(slices);
    if (compareScore(s.score, rigidX.score) < 0) {
      placeSlices(pieces, slices);
      moveAll(pieces, s.shift, 0);
    }
    slices = slicesOf(pieces, w);
  }
  if (devY(slices) > tolY && arrangeLanes(pieces, lanesOf(pieces, w), total, W)) slices = slicesOf(pieces, w);
  if (devY(slices) > tolY) sideways(pieces, slices, total, eq, tolY, blockedBefore, ranks.size > 1);
  if (ranks.size > 1 && countStopBlocked(pieces, eq.openings) > blockedBefore) {
    pieces.forEach((p, i) => ([p.xMm, p.yMm] = saved[i]));
  }
}

/** Lanes: the load cut along its length where no piece crosses (the sideways twin of slices). */
interface Lane {
  members: number[];
  y0: number;
  y1: number;
  weight: number;
  my: number;
}

/** Up to this many lanes are arranged in every order (6! orders, 2^6 mirrorings). */
const MAX_LANES = 6;

/**
 * Step 3: lanes share no width, so nothing of one lane lies above, below, beside in
 * contact with, or in front of (overlapping sideways) anything of another: lanes may change
 * sides and each may be mirrored about its own middle without changing any Stop relation.
 * The order and mirroring that bring the centre nearest the middle, lanes side by side,
 * the group moved as far as the room allows. False when nothing better is found.
 */
function arrangeLanes(pieces: Placement[], lanes: Lane[], total: number, W: number): boolean {
  if (lanes.length < 2 || lanes.length > MAX_LANES) return false;
  const free = W - lanes.reduce((a, l) => a + l.y1 - l.y0, 0);
  const current = Math.abs(lanes.reduce((a, l) => a + l.my, 0) / total - W / 2);
  let best: { order: Lane[]; mask: number; shift: number; dev: number } | null = null;
  for (const order of permutations(lanes)) {
    for (let mask = 0; mask < 1 << lanes.length; mask++) {
      let y = 0, sum = 0;
      order.forEach((l, k) => {
        const centre = mask & (1 << k) ? (l.y0 + l.y1) * l.weight - l.my : l.my;
        sum += centre + l.weight * (y - l.y0);
        y += l.y1 - l.y0;
      });
      const shift = Math.round(Math.max(0, Math.min(free, W / 2 - sum / total)));
      const dev = Math.abs(sum / total + shift - W / 2);
      if (!best || dev < best.dev - 0.5) best = { order, mask, shift, dev };
    }
  }
  if (!best || best.dev >= current) return false;
  let y = best.shift;
  best.order.forEach((l, k) => {
    for (const i of l.members) {
      const p = pieces[i];
      if (best!.mask & (1 << k)) p.yMm = l.y0 + l.y1 - p.yMm - p.widthMm;
      p.yMm += y - l.y0;
    }
    y += l.y1 - l.y0;
  });
  return true;
}

function permutations<T>(list: T[]): T[][] {
  if (list.length <= 1) return [list];
  return list.flatMap((x, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/** How each slice lies sideways: mirrored about the Unit's centre line, then moved. */
interface SideLayout {
  mirrored: boolean[];
  by: number[];
  dev: number;
}

/**
 * Steps 4-5: every slice moved by one amount as far as its own room allows; then, while
 * the centre stays outside the tolerance, the slices from some point on mirrored (about
 * the Unit's centre line, so relations inside the mirrored part stay), the flip that helps
 * most first. A layout is kept only when it leaves no more pieces `stop-blocked`.
 */
function sideways(pieces: Placement[], slices: Slice[], total: number, eq: SolverEquipment, tol: number, blockedBefore: number, stops: boolean): void {
  const W = eq.innerWidthMm;
  const base = pieces.map((p) => p.yMm);
  const apply = (l: SideLayout) => slices.forEach((s, k) => {
    for (const i of s.members) {
      const p = pieces[i];
      p.yMm = (l.mirrored[k] ? W - base[i] - p.widthMm : base[i]) + l.by[k];
    }
  });
  const ok = (l: SideLayout) => {
    if (!stops) return true;
    apply(l);
    return countStopBlocked(pieces, eq.openings) <= blockedBefore;
  };
  let best: SideLayout = { mirrored: slices.map(() => false), by: slices.map(() => 0), dev: sumOf(slices, 'my') / total - W / 2 };
  const filled = waterFill(slices, best.mirrored, total, W);
  if (Math.abs(filled.dev) < Math.abs(best.dev) && ok(filled)) best = filled;
  for (let round = 0; round < 4 && Math.abs(best.dev) > tol; round++) {
    const candidates: SideLayout[] = [];
    for (let j = 1; j < slices.length; j++) {
      const mirrored = best.mirrored.map((m, k) => (k >= j ? !m : m));
      const l = waterFill(slices, mirrored, total, W);
      if (Math.abs(l.dev) < Math.abs(best.dev)) candidates.push(l);
    }
    candidates.sort((a, b) => Math.abs(a.dev) - Math.abs(b.dev));
    const next = candidates.find(ok);
    if (!next) break;
    best = next;
  }
  apply(best);
}

interface Span { x0: number; x1: number; y0: number; y1: number }

/** Per piece: the span of its keep-together group along x and y (a group moves whole), or null. */
function groupSpans(pieces: Placement[], keys: (string | null)[]): (Span | null)[] {
  const spans = new Map<string, Span>();
  pieces.forEach((p, i) => {
    const g = keys[i];
    if (g == null) return;
    const s = spans.get(g) ?? { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
    s.x0 = Math.min(s.x0, p.xMm);
    s.x1 = Math.max(s.x1, p.xMm + p.lengthMm);
    s.y0 = Math.min(s.y0, p.yMm);
    s.y1 = Math.max(s.y1, p.yMm + p.widthMm);
    spans.set(g, s);
  });
  return keys.map((g) => (g == null ? null : spans.get(g)!));
}

/**
 * The load cut along x (slices) or y (lanes) where no piece crosses: a new part begins
 * where a piece starts at or beyond the end of everything before it. A group's pieces
 * count with the span of the whole group, so a group never falls apart.
 */
function cutsOf(pieces: Placement[], w: number[], axis: 'x' | 'y', groups: (Span | null)[]): (Slice | Lane)[] {
  const spans = pieces.map((p, i): [number, number] => {
    const s = groups[i];
    if (axis === 'x') return s ? [s.x0, s.x1] : [p.xMm, p.xMm + p.lengthMm];
    return s ? [s.y0, s.y1] : [p.yMm, p.yMm + p.widthMm];
  });
  const order = [...pieces.keys()].sort((a, b) => spans[a][0] - spans[b][0] || a - b);
  const out: Slice[] = [];
  let cur: Slice | null = null;
  let end = -Infinity;
  for (const i of order) {
    const p = pieces[i];
    if (!cur || spans[i][0] >= end) {
      cur = { members: [], x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity, weight: 0, mx: 0, my: 0, rank: p.stop ?? Infinity, dx: 0 };
      out.push(cur);
    }
    end = Math.max(end, spans[i][1]);
    cur.members.push(i);
    cur.x0 = Math.min(cur.x0, p.xMm);
    cur.x1 = Math.max(cur.x1, p.xMm + p.lengthMm);
    cur.y0 = Math.min(cur.y0, p.yMm);
    cur.y1 = Math.max(cur.y1, p.yMm + p.widthMm);
    cur.weight += w[i];
    cur.mx += w[i] * (p.xMm + p.lengthMm / 2);
    cur.my += w[i] * (p.yMm + p.widthMm / 2);
    if ((p.stop ?? Infinity) !== cur.rank) cur.rank = NaN;
  }
  return out;
}

function sumOf(slices: Slice[], key: 'mx' | 'my' | 'weight'): number {
  return slices.reduce((a, s) => a + s[key], 0);
}

function moveAll(pieces: Placement[], dx: number, dy: number): void {
  for (const p of pieces) {
    p.xMm += dx;
    p.yMm += dy;
  }
}

/** (axle advisories, lengthwise excess over the tolerance, lengthwise deviation): lower is better. */
type Score = [number, number, number];

function compareScore(a: Score, b: Score): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The rigid lengthwise shift within the free room: the one bringing the centre to the
 * middle, or on equipment with an Axle Profile the one with the fewest axle advisories,
 * nearest the middle among those.
 */
function bestShiftX(slices: Slice[], total: number, eq: SolverEquipment, tol: number): { shift: number; score: Score } {
  const L = eq.innerLengthMm;
  const lo = -Math.min(...slices.map((s) => s.x0));
  const hi = L - Math.max(...slices.map((s) => s.x1));
  const cog = sumOf(slices, 'mx') / total;
  const scoreOf = (d: number): Score => {
    const dev = Math.abs(cog + d - L / 2);
    const axles = eq.axleProfile ? axleWarnings(0, eq.axleProfile, total, cog + d).length : 0;
    return [axles, Math.max(0, dev - tol), dev];
  };
  const ideal = Math.round(Math.max(lo, Math.min(hi, L / 2 - cog)));
  let best = { shift: ideal, score: scoreOf(ideal) };
  if (!eq.axleProfile || best.score[0] === 0) return best;
  const steps = 40;
  for (let k = 0; k <= steps; k++) {
    const d = Math.round(lo + ((hi - lo) * k) / steps);
    const s = scoreOf(d);
    if (compareScore(s, best.score) < 0) best = { shift: d, score: s };
  }
  return best;
}

function rigidShiftY(slices: Slice[], total: number, W: number): number {
  const lo = -Math.min(...slices.map((s) => s.y0));
  const hi = W - Math.max(...slices.map((s) => s.y1));
  return Math.round(Math.max(lo, Math.min(hi, W / 2 - sumOf(slices, 'my') / total)));
}

/**
 * Runs of neighbouring slices that each hold one and the same Stop may change places
 * (nothing of another Stop comes between them). Each run in turn gets the order (kept,
 * reversed, or heaviest in the middle) that scores best with the others as they are.
 */
function reorderRuns(slices: Slice[], score: (sl: Slice[]) => { score: Score }): Slice[] {
  let current = slices.slice();
  let k = 0;
  while (k < current.length) {
    let end = k + 1;
    while (end < current.length && !Number.isNaN(current[k].rank) && current[end].rank === current[k].rank) end++;
    if (end - k >= 2) {
      const run = current.slice(k, end);
      const start = run[0].x0;
      let best = { order: current, score: score(current).score };
      for (const order of [run.slice().reverse(), heaviestInMiddle(run)]) {
        const laid = laidFrom(order, start);
        const candidate = [...current.slice(0, k), ...laid, ...current.slice(end)];
        const s = score(candidate).score;
        if (compareScore(s, best.score) < 0) best = { order: candidate, score: s };
      }
      current = best.order;
    }
    k = end;
  }
  return current;
}

/** Heaviest (per mm of length) in the middle, lighter ones alternately towards both ends. */
function heaviestInMiddle(run: Slice[]): Slice[] {
  const byDensity = run.slice().sort((a, b) => b.weight / (b.x1 - b.x0) - a.weight / (a.x1 - a.x0));
  const front: Slice[] = [], back: Slice[] = [];
  byDensity.forEach((s, i) => (i % 2 === 0 ? back : front).push(s));
  return [...front.reverse(), ...back];
}

/** The slices laid one after the other from x = start: copies with their new positions. */
function laidFrom(order: Slice[], start: number): Slice[] {
  let x = start;
  return order.map((s) => {
    const d = x - s.x0;
    x += s.x1 - s.x0;
    return { ...s, x0: s.x0 + d, x1: s.x1 + d, mx: s.mx + d * s.weight, dx: s.dx + d };
  });
}

/** Moves the pieces of reordered slices to the slices' new positions. */
function placeSlices(pieces: Placement[], slices: Slice[]): void {
  for (const s of slices) if (s.dx !== 0) for (const i of s.members) pieces[i].xMm += s.dx;
}

/**
 * Every slice (mirrored ones first turned about the Unit's centre line) moved sideways by
 * the same amount as far as its own room allows: the amount, found by bisection, that
 * brings the centre nearest the middle.
 */
function waterFill(slices: Slice[], mirrored: boolean[], total: number, W: number): SideLayout {
  const y0 = slices.map((s, k) => (mirrored[k] ? W - s.y1 : s.y0));
  const y1 = slices.map((s, k) => (mirrored[k] ? W - s.y0 : s.y1));
  const centre = slices.map((s, k) => (mirrored[k] ? W * s.weight - s.my : s.my));
  const moved = (d: number) => slices.map((_, k) => Math.max(-y0[k], Math.min(W - y1[k], d)));
  const sumAt = (d: number) => moved(d).reduce((a, m, k) => a + centre[k] + slices[k].weight * m, 0);
  const target = (total * W) / 2;
  let lo = -W, hi = W;
  for (let it = 0; it < 40; it++) {
    const mid = (lo + hi) / 2;
    if (sumAt(mid) < target) lo = mid;
    else hi = mid;
  }
  const by = moved(Math.round((lo + hi) / 2));
  return { mirrored, by, dev: by.reduce((a, m, k) => a + centre[k] + slices[k].weight * m, 0) / total - W / 2 };
}
