// Stops after packing, within stacks: a stack is a run of pieces of one floor plan, each
// standing wholly on the one below (same x, y, length and width). Its pieces can change
// places up and down it without touching anything beside it: the stack fills the same room,
// the pieces under it carry the same weight, those on it stand at the same height. Ordered by
// Stop, deepest lowest, cargo of a later Stop (or of no Stop) no longer stands on cargo of an
// earlier one. What stands on what changes, so an order is kept only when the stacking rules
// (support, stackable, fragile) still hold and the `stop-blocked` advisory names fewer pieces.
// In a plan of the Stops packed as one, about half of the blocked pieces have cargo above
// them, and most of those a piece of their own floor plan directly on top.
import { countStopBlocked } from './advisories/stops.ts';
import { footprintOverlap } from './check/geometry.ts';
import { analyseUnit, weightResting, type UnitGeometry } from './check/unit-geometry.ts';
import type { Ticker } from './ticker.ts';
import type { Placement, SolverCargoLine, SolverEquipment } from './types.ts';

type LineOf = (p: Placement) => SolverCargoLine;

/** Orders each stack of the Unit's load by Stop where that keeps the rules and blocks fewer pieces, until `deadline`. */
export function stopStacks(pieces: Placement[], eq: SolverEquipment, lineOf: LineOf, deadline: number, ticker: Ticker): void {
  if (pieces.length < 2 || pieces.some((p) => p.locked || p.manual)) return;
  if (new Set(pieces.map((p) => p.stop ?? Infinity)).size < 2) return;
  let best = countStopBlocked(pieces, eq.openings);
  if (best === 0) return;
  // Worked out once: a turn changes which piece of a stack lies on top, not whether anything
  // stands on the stack, nor the area it carries, nor its weight; and the top can turn fragile
  // only where all it carries is fragile (so every later order there still meets a fragile top).
  const g = analyseUnit(pieces);
  const groups = groupBoxes(pieces, lineOf);
  for (const [n, stack] of stacksOf(g).entries()) {
    // The clock is read every few stacks (a read may cost as much as a stack).
    if ((n & 7) === 7 && ticker.now() >= deadline) return;
    ticker.tick();
    if (groups.some((b) => overlapsStack(b, pieces, stack))) continue;
    const order = bestOrder(g, stack, lineOf);
    if (!order) continue;
    const z = stack.map((i) => pieces[i].zMm);
    restack(pieces, stack, order);
    const c = countStopBlocked(pieces, eq.openings);
    if (c < best) best = c;
    else stack.forEach((i, k) => (pieces[i].zMm = z[k]));
    if (best === 0) return;
  }
}

type Box = { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number };

/** The box of each keep-together group: no other piece may lie inside it. */
function groupBoxes(pieces: Placement[], lineOf: LineOf): Box[] {
  const boxes = new Map<string, Box>();
  for (const p of pieces) {
    const key = lineOf(p).groupKey;
    if (key === null) continue;
    const b = boxes.get(key) ?? { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity, z0: Infinity, z1: -Infinity };
    b.x0 = Math.min(b.x0, p.xMm); b.x1 = Math.max(b.x1, p.xMm + p.lengthMm);
    b.y0 = Math.min(b.y0, p.yMm); b.y1 = Math.max(b.y1, p.yMm + p.widthMm);
    b.z0 = Math.min(b.z0, p.zMm); b.z1 = Math.max(b.z1, p.zMm + p.heightMm);
    boxes.set(key, b);
  }
  return [...boxes.values()];
}

/** Whether the room the stack fills meets the box: then turning it could take a group apart or put cargo into its box. */
function overlapsStack(b: Box, pieces: Placement[], stack: number[]): boolean {
  const low = pieces[stack[0]];
  const high = pieces[stack[stack.length - 1]];
  return b.x0 < low.xMm + low.lengthMm && low.xMm < b.x1 && b.y0 < low.yMm + low.widthMm && low.yMm < b.y1 &&
    b.z0 < high.zMm + high.heightMm && low.zMm < b.z1;
}

/** Longest stack whose every order is tried (5! = 120). */
const MAX_ORDERED = 5;

/** The order of the stack that keeps the rules with the fewest later-Stop pieces above earlier ones, if that beats its own. */
function bestOrder(g: UnitGeometry, stack: number[], lineOf: LineOf): number[] | null {
  const inversions = (order: number[]) => {
    let n = 0;
    for (let a = 0; a < order.length; a++) {
      for (let b = a + 1; b < order.length; b++) if (rank(g.pieces[order[b]]) > rank(g.pieces[order[a]])) n++;
    }
    return n;
  };
  let best: number[] | null = null;
  let fewest = inversions(stack);
  if (fewest === 0) return null;
  const tried = stack.length <= MAX_ORDERED ? permutations(stack) : [[...stack].sort((a, b) => rank(g.pieces[b]) - rank(g.pieces[a]))];
  for (const order of tried) {
    const n = inversions(order);
    if (n < fewest && stackingHolds(g, stack, order, lineOf)) {
      fewest = n;
      best = order;
    }
  }
  return best;
}

function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

const rank = (p: Placement) => p.stop ?? Infinity;

/** Runs of two or more pieces of one floor plan, each standing wholly and only on the one below; bottom first. */
export function stacksOf(g: UnitGeometry): number[][] {
  const ps = g.pieces;
  const same = (i: number, j: number) =>
    ps[i].xMm === ps[j].xMm && ps[i].yMm === ps[j].yMm && ps[i].lengthMm === ps[j].lengthMm && ps[i].widthMm === ps[j].widthMm;
  // The piece standing on i with i's floor plan: then nothing else can stand on i.
  const up = ps.map((_, i) => g.above[i].find((j) => same(i, j)) ?? -1);
  const isUp = new Set(up.filter((j) => j >= 0));
  const out: number[][] = [];
  ps.forEach((_, i) => {
    if (isUp.has(i) || up[i] < 0) return;
    const stack = [i];
    for (let j = up[i]; j >= 0; j = up[j]) stack.push(j);
    out.push(stack);
  });
  return out;
}

/** Puts the stack's pieces in `order` (bottom first) into the room the stack fills. */
function restack(pieces: Placement[], stack: number[], order: number[]): void {
  let z = pieces[stack[0]].zMm;
  for (const i of order) {
    pieces[i].zMm = z;
    z += pieces[i].heightMm;
  }
}

/**
 * The stacking rules of solver.md for the stack in `order`: the new lowest piece rests on
 * what the old one rested on (the same area) by its own line's share, the others wholly on
 * the one below; nothing stands on a non-stackable piece; a fragile piece carries only fragile
 * pieces, no heavier in all than itself; a fragile piece under the stack carries a fragile one.
 */
function stackingHolds(g: UnitGeometry, stack: number[], order: number[], lineOf: LineOf): boolean {
  const ps = g.pieces;
  const line = (i: number) => lineOf(ps[i]);
  const lowest = ps[stack[0]];
  if (lowest.zMm > 0) {
    let supported = 0;
    for (const j of g.below[stack[0]]) supported += footprintOverlap(lowest, ps[j]);
    if (supported * 1000 < line(order[0]).minSupportPermille * lowest.lengthMm * lowest.widthMm) return false;
    if (g.below[stack[0]].some((j) => line(j).fragile) && !line(order[0]).fragile) return false;
  }
  const top = stack[stack.length - 1];
  const onTop = g.above[top];
  let carried = weightResting(g, top, (p) => lineOf(p).weightG);
  for (let k = order.length - 1; k >= 0; k--) {
    const l = line(order[k]);
    const next = k + 1 < order.length ? [order[k + 1]] : onTop;
    if (next.length > 0 && !l.stackable) return false;
    if (l.fragile && (next.some((j) => !line(j).fragile) || carried > l.weightG)) return false;
    carried += l.weightG;
  }
  return true;
}
