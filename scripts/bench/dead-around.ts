// Diagnostic: the dead room a block leaves in its own space (`reach.ts` `deadRoom`) against the dead
// room it leaves beside it in the other maximal spaces it cuts (`deadRoomAround`, below), summed over the
// greedy plans of the single Unit's variants (each variant's plain greedy from the empty Unit, full
// support), and how well each sum predicts the plan's slot room (empty runs above the skyline thinner
// than the least side of any box left out, not at a wall: `slot-makers.ts`) and its fill. Room as a
// share of the Unit; correlations over all plans of the set. Also: how many of the greedy's decisions
// leave such room beside the block, and at how many one of the beam's first three children leaves none.
// Full support, 7 greedy plans per instance (T100 seeds 101 / 202, T90 303, BR14 / BR15 #1-3 `--from 1`):
// own dead room 9.7-10.8 % of the Unit, beside the block in other spaces 2.0-2.6, slots 6.1-6.7; 26-31 %
// of the decisions leave dead room in other spaces, 5.5-6.9 % have a child of 3 that leaves none.
// Correlation with the plan's slots, own / other / both: T100 0.10 / 0.27 / 0.29 and 0.50 / 0.40 / 0.73,
// T90 0.37 / 0.09 / 0.39, BR14 0.69 / -0.01 / 0.61, BR15 0.10 / -0.25 / -0.11; with the plan's empty room
// 0.30 / 0.37 / 0.52, 0.41 / 0.32 / 0.59, 0.23 / 0.11 / 0.27, -0.21 / 0.32 / -0.02, -0.10 / 0.03 / -0.06:
// a weak predictor on generated sets, none on real BR14-BR15.
//   npx tsx scripts/bench/dead-around.ts <T100 | BR15 --data /tmp/br1415 --from 1> [--count 3] [--seed 101]
import { expandPlaced } from '../../solver/pack/expand.ts';
import { childMoves, type Move } from '../../solver/pack/search.ts';
import { deadPart, deadRoom, type Reach } from '../../solver/pack/reach.ts';
import type { Space } from '../../solver/model.ts';
import type { UnitProblem } from '../../solver/pack/problem.ts';
import { PackState, place } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { brToInput } from './br-format.ts';
import { unitVariants } from './first-view.ts';
import { shortRuns, topOwners, leastSideLeft } from './height-map.ts';
import { instancesFromArgs } from './instance-set.ts';

/**
 * The room the block leaves in the other live spaces it cuts, beside it, that no sum of the
 * phase's piece extents fills (`deadPart` of each slab between the block's face and that
 * space's face, over the face's overlap with the space): a block may fill its own space
 * exactly and still leave a thin slab up to a neighbouring space's wall. Per side of the block
 * the largest such slab over the spaces (the spaces overlap, so a sum would count one slab
 * several times). Only the four sides across the floor (slots above the skyline are the room
 * lost at 90-100 box types: `scripts/bench/slot-makers.ts`). Kept here, in the diagnostic,
 * since the solver does not use it: as a merit term, a beam child rule and in the selection
 * score it lost on tuning (5 s of CPU, paired: -0.08 to -0.23; MEASUREMENTS.md, session 46).
 */
function deadRoomAround(problem: UnitProblem, state: PackState, m: Move): number {
  const own = m.space;
  if (!own) return 0;
  const r = problem.reach(state.phase);
  const ext = problem.minExtents(state.phase);
  overlapping(state, own, r, ext);
  const b = m.block;
  const x0 = m.x, y0 = m.y, x1 = x0 + b.dx, y1 = y0 + b.dy;
  return widestSlab(0, 0, x0, 1, r.x, ext[0], m) + widestSlab(1, 3, x1, -1, r.x, ext[0], m)
    + widestSlab(2, 1, y0, 1, r.y, ext[1], m) + widestSlab(3, 4, y1, -1, r.y, ext[1], m);
}

/**
 * The largest dead slab on one side of the move's block over the spaces listed for that side: the
 * gap `sign * (face - o[k + at])` between the block's face and the space's, its `deadPart` over the
 * block's face's overlap with the space. Most gaps hold no dead room, so the overlap is read only
 * for those that do (it runs for every move weighed).
 */
function widestSlab(side: number, at: number, face: number, sign: number, best: Int32Array | null, least: number, m: Move): number {
  const o = aroundBySide[side];
  const n = 6 * aroundCount[side];
  let most = 0;
  for (let k = 0; k < n; k += 6) {
    const gap = sign * (face - o[k + at]);
    if (gap <= 0 || (best === null && gap >= least)) continue;
    const d = best === null ? gap : deadPart(gap, best, least);
    if (d === 0) continue;
    const v = d * faceOverlap(o, k, side < 2, m);
    if (v > most) most = v;
  }
  return most;
}

/** The area of the block's face (across x when `alongX`, else across y) inside the box at o[k..k+5]; 0 when the box misses the block. */
function faceOverlap(o: Float64Array, k: number, alongX: boolean, m: Move): number {
  const b = m.block;
  const x0 = m.x, y0 = m.y, z0 = m.z, x1 = x0 + b.dx, y1 = y0 + b.dy, z1 = z0 + b.dz;
  const sx0 = o[k], sy0 = o[k + 1], sz0 = o[k + 2], sx1 = o[k + 3], sy1 = o[k + 4], sz1 = o[k + 5];
  if (sx1 <= x0 || sx0 >= x1 || sy1 <= y0 || sy0 >= y1 || sz1 <= z0 || sz0 >= z1) return 0;
  const oz = Math.min(z1, sz1) - Math.max(z0, sz0);
  return oz * (alongX ? Math.min(y1, sy1) - Math.max(y0, sy0) : Math.min(x1, sx1) - Math.max(x0, sx0));
}

/**
 * Per side of a space (0..3: -x, +x, -y, +y), boxes (x0, y0, z0, x1, y1, z1 each) of the live
 * spaces overlapping it that reach past it on that side (only those leave a slab beside a block
 * that its own space does not see: one ending inside it ends within the block's own gap there,
 * room a wider piece reaches through the own space), as `overlapping` last found them.
 */
const aroundBySide: Float64Array[] = Array.from({ length: 4 }, () => new Float64Array(96));
const aroundCount = new Int32Array(4);
/** What `aroundBySide` was found for: the state, its blocks placed, its phase, the space. */
let aroundState: PackState | null = null;
let aroundPlaced = -1, aroundPhase = -1;
let aroundSpace: Space | null = null;

/**
 * Fills `aroundBySide` for `own` (a block inside `own` can cut only spaces overlapping it), with
 * the phase's reach tables `r` and least block extents `ext`; kept
 * for the next moves into the same space (the greedy and the beam weigh several).
 */
function overlapping(state: PackState, own: Space, r: Reach, ext: Float64Array): void {
  if (state === aroundState && state.placed.length === aroundPlaced && state.phase === aroundPhase && own === aroundSpace) return;
  const phase = state.phase;
  const spaces = state.spaces;
  aroundCount.fill(0);
  for (let i = 0; i < spaces.length; i++) {
    const s = spaces[i];
    if (s === own || s.x1 <= own.x0 || s.x0 >= own.x1 || s.y1 <= own.y0 || s.y0 >= own.y1 || s.z1 <= own.z0 || s.z0 >= own.z1 || s.dead === phase) continue;
    // Without a reach table a slab is dead only when thinner than any piece: a space reaching
    // past the own one by that much or more leaves none (most do).
    if (s.x0 < own.x0 && (r.x !== null || own.x0 - s.x0 < ext[0])) keep(0, s);
    if (s.x1 > own.x1 && (r.x !== null || s.x1 - own.x1 < ext[0])) keep(1, s);
    if (s.y0 < own.y0 && (r.y !== null || own.y0 - s.y0 < ext[1])) keep(2, s);
    if (s.y1 > own.y1 && (r.y !== null || s.y1 - own.y1 < ext[1])) keep(3, s);
  }
  aroundState = state; aroundPlaced = state.placed.length; aroundPhase = phase; aroundSpace = own;
}

function keep(side: number, s: Space): void {
  const n = aroundCount[side];
  let o = aroundBySide[side];
  if (o.length < 6 * (n + 1)) {
    const grown = new Float64Array(2 * o.length);
    grown.set(o);
    o = aroundBySide[side] = grown;
  }
  o[6 * n] = s.x0; o[6 * n + 1] = s.y0; o[6 * n + 2] = s.z0; o[6 * n + 3] = s.x1; o[6 * n + 4] = s.y1; o[6 * n + 5] = s.z1;
  aroundCount[side] = n + 1;
}

const { set, instances } = instancesFromArgs();
const rows: { own: number; around: number; slots: number; empty: number }[] = [];
let decisions = 0, withAround = 0, freeAlternative = 0;

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  let reads = 0;
  const ticker = new Ticker({ now: () => reads++ * 0.01 });
  const { prep, count, make } = unitVariants(input, ticker);
  for (let k = 0; k < count; k++) {
    const problem = make(k, 0);
    const { L, W, H } = problem.spec;
    const volume = L * W * H;
    const state = new PackState(problem.spec, prep.items.length);
    let own = 0, around = 0;
    for (;;) {
      // The greedy's move among the moves it weighs (the beam's children at width 3 are among them).
      const { moves, own: m } = childMoves(problem, state, 3);
      if (!m) break;
      own += deadRoom(problem, state, m);
      const a = deadRoomAround(problem, state, m);
      around += a;
      decisions++;
      if (a > 0) {
        withAround++;
        if (moves.some((c) => deadRoomAround(problem, state, c) === 0)) freeAlternative++;
      }
      place(state, problem.spec, prep.items, m.block, m.x, m.y, m.z, problem.minDim);
    }
    const pieces = state.placed.flatMap((pb) => expandPlaced(pb));
    const least = leastSideLeft(prep.items, prep.counts, pieces);
    const { top } = topOwners(pieces, L, W);
    let slots = 0;
    for (let h = 0; h < H; h++) {
      shortRuns(top, L, W, h, least, (axis, x, y, n) => {
        const atWall = axis === 'y' ? y === 0 || y + n === W : x === 0 || x + n === L;
        if (!atWall) slots += n;
      });
    }
    const pct = (v: number) => (100 * v) / volume;
    const row = { own: pct(own), around: pct(around), slots: pct(slots), empty: 100 - pct(state.volume) };
    rows.push(row);
    console.log(`${set} #${inst.number} v${k}: fill ${(100 - row.empty).toFixed(2)} %, own dead ${row.own.toFixed(2)}, around ${row.around.toFixed(2)}, slots between pieces ${row.slots.toFixed(2)}`);
  }
}

function corr(a: number[], b: number[]): number {
  const n = a.length, ma = a.reduce((s, v) => s + v, 0) / n, mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) { sab += (a[i] - ma) * (b[i] - mb); saa += (a[i] - ma) ** 2; sbb += (b[i] - mb) ** 2; }
  return sab / Math.sqrt(saa * sbb);
}
const col = (f: (r: (typeof rows)[number]) => number) => rows.map(f);
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
const own = col((r) => r.own), around = col((r) => r.around), both = col((r) => r.own + r.around);
const slots = col((r) => r.slots), empty = col((r) => r.empty);
console.log(`${set}: ${rows.length} plans; mean own ${mean(own).toFixed(2)}, around ${mean(around).toFixed(2)}, slots ${mean(slots).toFixed(2)}, empty ${mean(empty).toFixed(2)}`);
console.log(`  greedy decisions ${decisions}: ${(100 * withAround / decisions).toFixed(1)} % leave dead room in other spaces, ${(100 * freeAlternative / decisions).toFixed(1)} % with a child (of 3) that leaves none`);
console.log(`  corr with slots: own ${corr(own, slots).toFixed(2)}, around ${corr(around, slots).toFixed(2)}, both ${corr(both, slots).toFixed(2)}`);
console.log(`  corr with empty: own ${corr(own, empty).toFixed(2)}, around ${corr(around, empty).toFixed(2)}, both ${corr(both, empty).toFixed(2)}`);
