// Diagnostic: how often the block the greedy puts into a maximal space's corner leaves a slot beside
// it, across the width (y) or along the length (x), that no box left fits, and how often moving the
// block flush against the far side of its room (to the nearest placed block or wall over the block's
// other two extents: the widest maximal space holding the block's box there) would leave none and
// the block still stand there (`canStand`). Each variant's plain greedy from the empty Unit, full
// support; "least side" is the least extent along the axis of a piece still left in the phase.
// T100 seed 101 #1-3 (21 greedy plans): of 1,208 decisions 769 leave such a slot across the width (their
// widths times the block's length and height sum to 7.3 % of the Units, a slot met twice counted twice),
// 148 have room to go flush and 40 stand there; along the length 480 / 211 / 67. BR15 #1-3: 772 / 168 / 44
// across, 430 / 186 / 75 along. Most slots are the room's width less the block's (thinner than any box
// left whatever the block's place); full support refuses most flush places that remain.
// Wired into the scan (the block moved flush across the width where it stands), 5 s of CPU, paired:
// generated T90 + T100 seed 505 -0.71 and -0.60 (two runs), held out 1818 +0.04, 1919 +0.02, BR14-BR15
// #1-3 +0.05 (9 better / 19 worse over 30 pairs); also along the length, greedies -0.10: dropped.
//   npx tsx scripts/bench/flush-room.ts <T100 | BR15 --data /tmp/br1415> [--count 3] [--seed 101]
import type { Block } from '../../solver/model.ts';
import { placedDims } from '../../solver/orientation.ts';
import { childMoves } from '../../solver/pack/search.ts';
import type { UnitProblem } from '../../solver/pack/problem.ts';
import { canStand, PackState, place } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { brToInput } from './br-format.ts';
import { unitVariants } from './first-view.ts';
import { instancesFromArgs } from './instance-set.ts';

/** The least extent along the axis (0: x, 1: y) of a piece of the state's phase still left (Infinity: none). */
function leastLeft(problem: UnitProblem, state: PackState, axis: 0 | 1): number {
  let least = Infinity;
  for (const i of problem.phases[state.phase].items) {
    if (state.used[i] >= problem.remaining[i]) continue;
    const it = problem.items[i];
    for (const o of problem.orientationsOf(i)) least = Math.min(least, placedDims(it.l, it.w, it.h, o)[axis]);
  }
  return least;
}

const dead = (gap: number, least: number) => (gap > 0 && gap < least ? gap : 0);

interface Tally { decisions: number; slot: number; room: number; stands: number; slotVolume: number }

/** Along the axis: does the block at p leave a slot, is there room to go flush, does it stand flush. */
function tally(problem: UnitProblem, state: PackState, b: Block, p: [number, number, number], axis: 0 | 1, t: Tally): void {
  const ext = [b.dx, b.dy, b.dz];
  const other = axis === 0 ? 1 : 0;
  let lo = p[axis], hi = p[axis] + ext[axis];
  for (const s of state.spaces) {
    const s0 = [s.x0, s.y0, s.z0], s1 = [s.x1, s.y1, s.z1];
    let holds = true;
    for (const a of [0, 1, 2]) if (s0[a] > p[a] || s1[a] < p[a] + ext[a]) holds = false;
    if (!holds) continue;
    lo = Math.min(lo, s0[axis]);
    hi = Math.max(hi, s1[axis]);
  }
  t.decisions++;
  const least = leastLeft(problem, state, axis);
  const here = dead(p[axis] - lo, least) + dead(hi - p[axis] - ext[axis], least);
  if (here === 0) return;
  t.slot++;
  t.slotVolume += here * ext[other] * ext[2];
  const rest = hi - lo - ext[axis];
  if (dead(rest, least) >= here) return;
  t.room++;
  for (const c of [lo, hi - ext[axis], lo + least, hi - ext[axis] - least]) {
    if (c < lo || c + ext[axis] > hi || c === p[axis]) continue;
    const gapLo = c - lo, gapHi = rest - gapLo;
    if (dead(gapLo, least) + dead(gapHi, least) >= here) continue;
    const q: [number, number, number] = [p[0], p[1], p[2]];
    q[axis] = c;
    if (canStand(state, problem.spec, problem.items, b, q[0], q[1], q[2])) {
      t.stands++;
      return;
    }
  }
}

const { set, instances } = instancesFromArgs();
const across: Tally = { decisions: 0, slot: 0, room: 0, stands: 0, slotVolume: 0 };
const along: Tally = { decisions: 0, slot: 0, room: 0, stands: 0, slotVolume: 0 };
let unitVolume = 0;

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  let reads = 0;
  const ticker = new Ticker({ now: () => reads++ * 0.01 });
  const { prep, count, make } = unitVariants(input, ticker);
  for (let k = 0; k < count; k++) {
    const problem = make(k, 0);
    const state = new PackState(problem.spec, prep.items.length);
    for (;;) {
      const { own: m } = childMoves(problem, state, 3);
      if (!m) break;
      tally(problem, state, m.block, [m.x, m.y, m.z], 1, across);
      tally(problem, state, m.block, [m.x, m.y, m.z], 0, along);
      place(state, problem.spec, prep.items, m.block, m.x, m.y, m.z, problem.minDim);
    }
    unitVolume += problem.spec.L * problem.spec.W * problem.spec.H;
    console.log(`${set} #${inst.number} v${k}: fill ${((100 * state.volume) / (problem.spec.L * problem.spec.W * problem.spec.H)).toFixed(2)} %`);
  }
}

for (const [name, t] of [['across the width', across], ['along the length', along]] as const) {
  console.log(
    `${set} ${name}: ${t.decisions} greedy decisions, ${t.slot} leave a slot (${((100 * t.slotVolume) / unitVolume).toFixed(2)} % of the Units beside the block), ` +
      `${t.room} have room to go flush, ${t.stands} stand there`,
  );
}
