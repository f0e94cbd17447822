// Diagnostic (read by slide-room.ts): placed blocks of a complete full-support plan moved, and the
// plan completed greedily with the boxes left out. Moves: `slide`, a tower (a block and everything
// standing on it, through any chain; then with the towers it pushes) slid along x or y as far as it
// goes, so the thin slot behind it widens by as much (two or more thin slots merged into one); `drop`,
// a top block (nothing on it) moved to the lowest free place below it where it stands; `eject`, a top
// block taken out; `pair`, two top blocks side by side taken out; `tower`, a tower of up to six blocks
// taken out; `compact`, every connected group of blocks moved rigidly toward the front wall. Each
// moved plan is rebuilt (the hard rules asked again of every moved block) and completed greedily; a
// plan loading more replaces the plan. Built as a solver pass at the end of a single container's load
// and dropped: on 1 s plans of T90/T100 and BR14-BR15 no move of any kind loaded more (see
// slide-room.ts for the figures). Kept to explain why: the slots are too thin even merged.
import type { PlacedBlock } from '../../solver/model.ts';
import { placedDims } from '../../solver/orientation.ts';
import type { Ticker } from '../../solver/ticker.ts';
import type { UnitProblem } from '../../solver/pack/problem.ts';
import { refillProblem } from '../../solver/pack/refill-problem.ts';
import { greedy } from '../../solver/pack/search.ts';
import { canStand, place, type PackState } from '../../solver/pack/state.ts';

/**
 * Diagnostics only (scripts/bench/slide-room.ts): when set, told each move tried and the volume the
 * plan loads before it and after its greedy completion. Never set by
 * the solver; it decides nothing.
 */
export const moveTrace: { fn: ((m: Move, before: number, after: number) => void) | null } = { fn: null };

/** A tower moved: the blocks (indices into the plan) slid by `d` along `axis`. */
export interface Slide {
  tower: number[];
  axis: 0 | 1;
  d: number;
  /** The slot behind the tower's base block after the slide (its old width plus d). */
  room: number;
}

/** A block's bounding box (x0, y0, z0, x1, y1, z1). */
type Box = [number, number, number, number, number, number];

/** Most rounds of pushed towers a slide gathers (each: the blocks the moving ones meet first). */
const MAX_PUSHED = 6;
/** Most blocks a slide moves. */
const MAX_MOVED = 40;
/** Most plans in a row bettered before the pass stops (each improved plan's slides are found anew). */
const MAX_ROUNDS = 8;

/**
 * Slides towers of `best` (made from `root`) and completes each slid plan greedily with the boxes
 * left out, until the deadline; a plan loading more replaces `best` and its slides are found anew.
 * Only on a root of placed blocks alone (no fixed pieces to collide with). Never worse.
 */
export function slideInsert(
  problem: UnitProblem, root: PackState, best: PackState, deadline: number, ticker: Ticker, kinds: readonly Kind[] = KINDS,
): PackState {
  const first = root.placed.length;
  let rootVolume = 0;
  for (const p of root.placed) rootVolume += p.block.volume;
  if (Math.abs(root.volume - rootVolume) > 1e-6 * Math.max(1, rootVolume)) return best;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const plan = best.placed.slice(first);
    const moves: Move[] = [];
    if (kinds.includes('slide')) moves.push(...slidesOf(problem, root, best, plan).map((s): Move => ({ kind: 'slide', slide: s })));
    const tops = kinds.some((k) => k === 'drop' || k === 'eject' || k === 'pair') ? topsOf(plan) : [];
    for (const kind of ['drop', 'eject'] as const) if (kinds.includes(kind)) for (const i of tops) moves.push({ kind, i });
    if (kinds.includes('compact')) moves.push({ kind: 'compact' });
    if (kinds.includes('pair')) for (const out of pairsOf(plan, tops)) moves.push({ kind: 'pair', out });
    if (kinds.includes('tower')) for (const out of towersOf(plan)) moves.push({ kind: 'tower', out });
    let own: UnitProblem | null | undefined;
    let bettered = false;
    for (const m of moves) {
      if (ticker.now() >= deadline) return best;
      const state = m.kind === 'compact' ? compacted(problem, root, plan)
        : m.kind === 'slide' ? slid(problem, root, plan, m.slide)
        : m.kind === 'drop' ? dropped(problem, root, plan, m.i)
        : without(problem, root, plan, m.kind === 'eject' ? [m.i] : (m as { out: number[] }).out);
      if (!state) continue;
      let fill: UnitProblem | null;
      if (m.kind !== 'slide' && m.kind !== 'drop' && m.kind !== 'compact') fill = refillProblem(problem, state);
      else {
        if (own === undefined) own = refillProblem(problem, state);
        fill = own;
      }
      const done = greedy(fill ?? problem, state);
      moveTrace.fn?.(m, best.volume, done.volume);
      if (done.volume > best.volume) {
        best = done;
        bettered = true;
        break;
      }
    }
    if (!bettered) break;
  }
  return best;
}

/** What a move does to the plan before the greedy completes it. */
export type Kind = 'slide' | 'drop' | 'eject' | 'pair' | 'tower' | 'compact';
const KINDS: readonly Kind[] = ['slide', 'drop', 'eject'];

/** A slide, a top block dropped to the lowest place it stands, or a top block taken out. */
export type Move = { kind: 'compact' } | { kind: 'slide'; slide: Slide } | { kind: 'drop' | 'eject'; i: number } | { kind: 'pair' | 'tower'; out: number[] };

/** Most blocks a tower taken out holds. */
const MAX_TOWER = 6;

/**
 * Pairs of top blocks side by side (their boxes overlap in height and along one floor axis, and lie
 * less than the other's width apart along the other), each pair once.
 */
export function pairsOf(plan: readonly PlacedBlock[], tops: number[]): number[][] {
  const boxes = plan.map(boxOf);
  const out: number[][] = [];
  for (let a = 0; a < tops.length; a++) {
    for (let b = a + 1; b < tops.length; b++) {
      const p = boxes[tops[a]], q = boxes[tops[b]];
      if (p[2] >= q[5] || q[2] >= p[5]) continue;
      const near = (axis: number) => {
        const o = 1 - axis;
        if (p[o] >= q[o + 3] || q[o] >= p[o + 3]) return false;
        const gap = Math.max(q[axis] - p[axis + 3], p[axis] - q[axis + 3]);
        return gap >= 0 && gap < Math.min(p[axis + 3] - p[axis], q[axis + 3] - q[axis]);
      };
      if (near(0) || near(1)) out.push([tops[a], tops[b]]);
    }
  }
  return out;
}

/** Every block that carries something, with all that stands on it through any chain (at most MAX_TOWER blocks). */
export function towersOf(plan: readonly PlacedBlock[]): number[][] {
  const boxes = plan.map(boxOf);
  const above = plan.map((_, i) => plan.map((_, j) => j).filter((j) => standsOn(boxes[j], boxes[i])));
  const out: number[][] = [];
  for (let i = 0; i < plan.length; i++) {
    if (above[i].length === 0) continue;
    const t = towerOf(i, above);
    if (t.length <= MAX_TOWER) out.push(t);
  }
  return out;
}

/** Indices of the plan's blocks above the floor that nothing stands on (bounding boxes). */
export function topsOf(plan: readonly PlacedBlock[]): number[] {
  const boxes = plan.map(boxOf);
  const out: number[] = [];
  for (let i = 0; i < plan.length; i++) {
    if (boxes[i][2] === 0) continue;
    if (!boxes.some((b) => standsOn(b, boxes[i]))) out.push(i);
  }
  return out;
}

/** The plan rebuilt from `root` without the blocks `out`. */
export function without(problem: UnitProblem, root: PackState, plan: readonly PlacedBlock[], out: readonly number[]): PackState {
  const { spec, items, minDim } = problem;
  const state = root.clone();
  for (let k = 0; k < plan.length; k++) if (!out.includes(k)) place(state, spec, items, plan[k].block, plan[k].x, plan[k].y, plan[k].z, minDim);
  state.phase = root.phase;
  state.placedAtPhaseStart = state.placed.length;
  state.idlePhases = 0;
  return state;
}

/**
 * The plan with top block i moved to the lowest place below it where it fits a free space's floor
 * corner and stands (then nearest the front wall, then the low side); null where there is none.
 */
export function dropped(problem: UnitProblem, root: PackState, plan: readonly PlacedBlock[], i: number): PackState | null {
  const { spec, items, minDim } = problem;
  const state = without(problem, root, plan, [i]);
  const p = plan[i];
  const b = p.block;
  let at: [number, number, number] | null = null;
  for (const s of state.spaces) {
    if (s.z0 >= p.z || s.x1 - s.x0 < b.dx || s.y1 - s.y0 < b.dy || s.z1 - s.z0 < b.dz) continue;
    if (at && (s.z0 > at[2])) continue;
    for (const x of [s.x0, s.x1 - b.dx]) {
      for (const y of [s.y0, s.y1 - b.dy]) {
        if (at && (s.z0 > at[2] || (s.z0 === at[2] && (x > at[0] || (x === at[0] && y >= at[1]))))) continue;
        if (canStand(state, spec, items, b, x, y, s.z0)) at = [x, y, s.z0];
      }
    }
  }
  if (!at) return null;
  place(state, spec, items, b, at[0], at[1], at[2], minDim);
  state.placedAtPhaseStart = state.placed.length;
  return state;
}

/**
 * The slides worth trying on `plan`: for each block's tower and each of the four directions along
 * x and y, as far as the tower goes (no other block or wall in the way), where the slot it widens
 * behind its base block then takes some box left out along that axis and the moved blocks resting on
 * blocks that stay keep at least the support they had (bounding boxes: the rebuild checks the rules).
 * Widest room first (ties: plan order).
 */
export function slidesOf(
  problem: UnitProblem, root: PackState, best: PackState, plan: readonly PlacedBlock[], stats?: Map<string, number>,
): Slide[] {
  const count = (k: string) => stats?.set(k, (stats.get(k) ?? 0) + 1);
  const { L, W } = problem.spec;
  const boxes = plan.map(boxOf);
  const fixed = root.placed.map(boxOf);
  const least = leastSides(problem, best);
  if (least[0] === Infinity) return [];
  stats?.set(`least side x ${least[0]} y ${least[1]}`, 1);
  const above = plan.map((_, i) => plan.map((_, j) => j).filter((j) => standsOn(boxes[j], boxes[i])));
  const out: Slide[] = [];
  for (let i = 0; i < plan.length; i++) {
    const own = towerOf(i, above);
    for (const axis of [0, 1] as const) {
      const size = axis === 0 ? L : W;
      for (const dir of [1, -1]) {
        // The tower, then with every tower it would push (those it meets first), until a wall stops them.
        const inTower = new Uint8Array(plan.length);
        let tower = own;
        for (const j of tower) inTower[j] = 1;
        for (let step = 0; step < MAX_PUSHED && tower.length <= MAX_MOVED; step++) {
          count(`tower ${tower.length === 1 ? 'alone' : 'carrying'}`);
          const d = freeRun(boxes, fixed, inTower, tower, axis, dir, size);
          if (d > 0) {
            count('moves');
            count(`step ${step} d ${Math.min(8, Math.floor(d / 10))}0s`);
            const behind = freeRun(boxes, fixed, inTower, [i], axis, -dir, size);
            const room = behind + d;
            if (room >= least[axis] && behind < least[axis]) {
              count('room takes a box');
              if (stats) {
                // Optimistic: the biggest box left out that fits the widened slot beside the base block, up to the roof.
                const b = boxes[i];
                const v = biggestFitting(problem, best, axis, room, b[4 - axis] - b[1 - axis], problem.spec.H - b[2]);
                stats.set('optimistic sum', (stats.get('optimistic sum') ?? 0) + v);
                stats.set('optimistic max', Math.max(stats.get('optimistic max') ?? 0, v));
              }
              if (keepsSupport(boxes, inTower, tower, axis, dir * d)) {
                count('keeps support');
                out.push({ tower, axis, d: dir * d, room });
              }
            }
          }
          const next = blockers(boxes, fixed, inTower, tower, axis, dir, size, d);
          if (next === null) break;
          const grown = new Set(tower);
          for (const j of next) for (const k of towerOf(j, above)) grown.add(k);
          tower = [...grown].sort((a, b) => a - b);
          for (const j of tower) inTower[j] = 1;
        }
      }
    }
  }
  return out.map((s, k) => ({ s, k })).sort((a, b) => b.s.room - a.s.room || a.k - b.k).map((e) => e.s);
}

/** The biggest box left out with an orientation of extent at most `along` on `axis`, `across` on the other, `high` up. */
function biggestFitting(problem: UnitProblem, best: PackState, axis: 0 | 1, along: number, across: number, high: number): number {
  let v = 0;
  const { items, remaining } = problem;
  for (let i = 0; i < items.length; i++) {
    if (remaining[i] - best.used[i] <= 0) continue;
    const it = items[i];
    for (const o of problem.orientationsOf(i)) {
      const d = placedDims(it.l, it.w, it.h, o);
      if (d[axis] <= along && d[1 - axis] <= across && d[2] <= high) v = Math.max(v, it.volume);
    }
  }
  return v;
}

/** The least extent along x and along y of any box left out (over its allowed orientations). */
function leastSides(problem: UnitProblem, best: PackState): [number, number] {
  const out: [number, number] = [Infinity, Infinity];
  const { items, remaining } = problem;
  for (let i = 0; i < items.length; i++) {
    if (remaining[i] - best.used[i] <= 0) continue;
    const it = items[i];
    for (const o of problem.orientationsOf(i)) {
      const [dx, dy] = placedDims(it.l, it.w, it.h, o);
      out[0] = Math.min(out[0], dx);
      out[1] = Math.min(out[1], dy);
    }
  }
  return out;
}

function boxOf(p: PlacedBlock): Box {
  return [p.x, p.y, p.z, p.x + p.block.dx, p.y + p.block.dy, p.z + p.block.dz];
}

/** b's base lies on a's top over some area. */
function standsOn(b: Box, a: Box): boolean {
  return b[2] === a[5] && b[0] < a[3] && a[0] < b[3] && b[1] < a[4] && a[1] < b[4];
}

/** Block i and everything standing on it, through any chain, ascending. */
function towerOf(i: number, above: number[][]): number[] {
  const seen = new Set<number>([i]);
  const stack = [i];
  while (stack.length > 0) for (const j of above[stack.pop()!]) if (!seen.has(j)) { seen.add(j); stack.push(j); }
  return [...seen].sort((a, b) => a - b);
}

/**
 * How far the blocks `moving` can go along `axis` in direction `dir` before one meets a block not
 * in the tower, a fixed block or a wall.
 */
function freeRun(boxes: Box[], fixed: Box[], inTower: Uint8Array, moving: number[], axis: 0 | 1, dir: number, size: number): number {
  const o = 1 - axis;
  let run = Infinity;
  const meet = (m: Box, b: Box) => {
    if (b[o] >= m[o + 3] || m[o] >= b[o + 3] || b[2] >= m[5] || m[2] >= b[5]) return;
    const gap = dir > 0 ? b[axis] - m[axis + 3] : m[axis] - b[axis + 3];
    if (gap >= 0) run = Math.min(run, gap);
  };
  for (const j of moving) {
    const m = boxes[j];
    run = Math.min(run, dir > 0 ? size - m[axis + 3] : m[axis]);
    for (let k = 0; k < boxes.length; k++) if (!inTower[k]) meet(m, boxes[k]);
    for (const b of fixed) meet(m, b);
  }
  return run;
}

/**
 * The blocks (not in the tower) that the moving ones meet first, at distance `d` ahead; null when a
 * wall or a fixed block is what stops them there.
 */
function blockers(boxes: Box[], fixed: Box[], inTower: Uint8Array, moving: number[], axis: 0 | 1, dir: number, size: number, d: number): number[] | null {
  const o = 1 - axis;
  const meets = (m: Box, b: Box) =>
    !(b[o] >= m[o + 3] || m[o] >= b[o + 3] || b[2] >= m[5] || m[2] >= b[5]) && (dir > 0 ? b[axis] - m[axis + 3] : m[axis] - b[axis + 3]) === d;
  const out: number[] = [];
  for (const j of moving) {
    const m = boxes[j];
    if ((dir > 0 ? size - m[axis + 3] : m[axis]) === d) return null;
    for (const b of fixed) if (meets(m, b)) return null;
    for (let k = 0; k < boxes.length; k++) if (!inTower[k] && meets(m, boxes[k])) out.push(k);
  }
  return out.length > 0 ? out : null;
}

/**
 * Each block of the tower resting (partly) on blocks outside it has at least as much of its base on
 * their tops after the shift as before.
 */
function keepsSupport(boxes: Box[], inTower: Uint8Array, tower: number[], axis: 0 | 1, shift: number): boolean {
  for (const j of tower) {
    const m = boxes[j];
    if (m[2] === 0) continue;
    const moved: Box = [...m];
    moved[axis] += shift;
    moved[axis + 3] += shift;
    let before = 0, after = 0;
    for (let k = 0; k < boxes.length; k++) {
      if (inTower[k] || boxes[k][5] !== m[2]) continue;
      before += overlapArea(m, boxes[k]);
      after += overlapArea(moved, boxes[k]);
    }
    if (after < before) return false;
  }
  return true;
}

function overlapArea(a: Box, b: Box): number {
  const ox = Math.min(a[3], b[3]) - Math.max(a[0], b[0]);
  const oy = Math.min(a[4], b[4]) - Math.max(a[1], b[1]);
  return ox > 0 && oy > 0 ? ox * oy : 0;
}

/**
 * The plan rebuilt from `root` with the slide's tower moved: the blocks that stay in their order,
 * then the tower's, each asked `canStand` again. Null where a moved block may not stand there.
 */
export function slid(problem: UnitProblem, root: PackState, plan: readonly PlacedBlock[], s: Slide): PackState | null {
  const { spec, items, minDim } = problem;
  const state = root.clone();
  const moves = new Set(s.tower);
  for (let i = 0; i < plan.length; i++) {
    if (moves.has(i)) continue;
    const p = plan[i];
    place(state, spec, items, p.block, p.x, p.y, p.z, minDim);
  }
  for (const i of s.tower) {
    const p = plan[i];
    const x = s.axis === 0 ? p.x + s.d : p.x;
    const y = s.axis === 1 ? p.y + s.d : p.y;
    if (!canStand(state, spec, items, p.block, x, y, p.z)) return null;
    place(state, spec, items, p.block, x, y, p.z, minDim);
  }
  state.phase = root.phase;
  state.placedAtPhaseStart = state.placed.length;
  state.idlePhases = 0;
  return state;
}

/**
 * The plan with every connected group of blocks (those standing on one another, through any chain)
 * moved rigidly toward the front wall as far as it goes, nearest the wall first, until none moves:
 * the slack between groups gathers at the door. Null when nothing moves.
 */
export function compacted(problem: UnitProblem, root: PackState, plan: readonly PlacedBlock[]): PackState | null {
  const { spec, items, minDim } = problem;
  const boxes = plan.map(boxOf);
  const fixed = root.placed.map(boxOf);
  const n = plan.length;
  // Groups: union-find over standsOn.
  const parent = plan.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && standsOn(boxes[j], boxes[i])) parent[find(j)] = find(i);
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const g = find(i);
    const list = groups.get(g) ?? [];
    list.push(i);
    groups.set(g, list);
  }
  const order = [...groups.values()].sort((a, b) => Math.min(...a.map((i) => boxes[i][0])) - Math.min(...b.map((i) => boxes[i][0])) || a[0] - b[0]);
  let moved = false;
  for (let pass = 0; pass < 4; pass++) {
    let any = false;
    for (const g of order) {
      const inGroup = new Uint8Array(n);
      for (const i of g) inGroup[i] = 1;
      const d = freeRun(boxes, fixed, inGroup, g, 0, -1, spec.L);
      if (!(d > 0)) continue;
      for (const i of g) { boxes[i][0] -= d; boxes[i][3] -= d; }
      any = moved = true;
    }
    if (!any) break;
  }
  if (!moved) return null;
  const state = root.clone();
  for (let i = 0; i < n; i++) {
    const p = plan[i];
    if (!canStand(state, spec, items, p.block, boxes[i][0], boxes[i][1], boxes[i][2])) return null;
    place(state, spec, items, p.block, boxes[i][0], boxes[i][1], boxes[i][2], minDim);
  }
  state.phase = root.phase;
  state.placedAtPhaseStart = state.placed.length;
  state.idlePhases = 0;
  return state;
}
