// Diagnostic: the maximal spaces the single-Unit search handles, as a greedy completion meets them.
// One variant's beam plan on a virtual clock, then from the state after each of its decisions
// (`replay`) a greedy completion stepped by hand: per decision the spaces in the list, the share
// dead in the phase, floating (above the floor with no top face under them: under a support rule
// nothing goes there) and too small for every block of the phase; how far down the fill order
// the space the greedy fills lies (dead ones counted: what a kept order would walk); per block
// placed how many spaces the carve cuts, how many touch the box and how many lie apart (what a
// spatial index would let a carve skip), and the dead spaces whose floor is at the block's top
// (revived by the carve) with their floor under the block's top or not.
//   npx tsx scripts/bench/space-stats.ts --generate types=100 --count 1 --seed 303 [--support full] [--variant 0] [--seconds 1]
//   npx tsx scripts/bench/space-stats.ts --csv <BR csv folder> --set BR15 --instances 1
import { parseArgs } from 'node:util';
import type { Space } from '../../solver/model.ts';
import { childMoves, replay, spaceOrder, beamSearch } from '../../solver/pack/search.ts';
import { PackState, place } from '../../solver/pack/state.ts';
import { brToInput } from './br-format.ts';
import { diagnosticSets, SET_OPTIONS } from './diagnostic-sets.ts';
import { unitVariants } from './first-view.ts';
import { Ticker } from '../../solver/ticker.ts';

const { values } = parseArgs({
  options: { ...SET_OPTIONS, seed: { type: 'string', default: '303' }, variant: { type: 'string', default: '0' }, seconds: { type: 'string', default: '1' } },
});
const sets = diagnosticSets(values, 'space-stats.ts --generate types=100 | --csv <folder> [--set BR15]');

/** Sums over every decision (`d*`) and every block placed (`c*`). */
const sums = { decisions: 0, spaces: 0, dead: 0, floating: 0, small: 0, position: 0, carves: 0, cut: 0, touching: 0, apart: 0, reviveNear: 0, reviveFar: 0 };
const positions: number[] = [];

function floating(state: PackState, s: Space): boolean {
  if (s.z0 === 0) return false;
  for (const i of state.supportsAt(s.z0)) {
    const f = state.supports[i];
    if (!f.noStack && f.x1 > s.x0 && f.x0 < s.x1 && f.y1 > s.y0 && f.y0 < s.y1) return false;
  }
  return true;
}

for (const { set, instances } of sets) {
  for (const inst of instances) {
    const input = brToInput(inst, { seconds: 0, support: values.support as 'full' | 'none' });
    let reads = 0;
    const ticker = new Ticker({ now: () => reads++ * 0.01 });
    const { prep, view, make } = unitVariants(input, ticker);
    const problem = make(Number(values.variant), 0);
    const root = new PackState(problem.spec, prep.items.length);
    const plan = beamSearch(problem, root, ticker.now() + Number(values.seconds) * 1000);
    const supportNone = problem.spec.supportNone;
    for (let c = 0; c < plan.placed.length; c++) {
      const state = replay(problem, root, plan.placed, c);
      if (!state) continue;
      for (;;) {
        // Every space in fill order, dead ones too (on a copy with no dead marks).
        const all = state.clone();
        all.spaces = all.spaces.map((sp) => ({ ...sp, dead: -1 }));
        const order = spaceOrder(problem, all);
        const { own } = childMoves(problem, state, 1);
        if (!own) break;
        // The spaces as the decision left them (the ones it tried without a move are dead now).
        const phase = state.phase, ext = problem.minExtents(phase);
        sums.decisions++;
        for (const s of state.spaces) {
          sums.spaces++;
          if (s.dead === phase) sums.dead++;
          if (!supportNone && floating(state, s)) sums.floating++;
          if (s.x1 - s.x0 < ext[0] || s.y1 - s.y0 < ext[1] || s.z1 - s.z0 < ext[2]) sums.small++;
        }
        // Where in the fill order (dead spaces of the list included) the chosen space lies.
        const position = order.indexOf(state.spaces.indexOf(own.space!));
        if (position >= 0) { positions.push(position); sums.position += position; }
        // The carve this block makes.
        const b = own.block;
        const x0 = own.x, y0 = own.y, z0 = own.z, x1 = x0 + b.dx, y1 = y0 + b.dy, z1 = z0 + b.dz;
        sums.carves++;
        for (const s of state.spaces) {
          const apartX = s.x1 < x0 || s.x0 > x1, apartY = s.y1 < y0 || s.y0 > y1, apartZ = s.z1 < z0 || s.z0 > z1;
          const overlaps = s.x1 > x0 && s.x0 < x1 && s.y1 > y0 && s.y0 < y1 && s.z1 > z0 && s.z0 < z1;
          if (overlaps) sums.cut++;
          else if (apartX || apartY || apartZ) sums.apart++;
          else sums.touching++;
          if (!supportNone && s.z0 === z1 && s.dead >= 0) {
            if (s.x1 > x0 && s.x0 < x1 && s.y1 > y0 && s.y0 < y1) sums.reviveNear++;
            else sums.reviveFar++;
          }
        }
        place(state, problem.spec, problem.items, b, own.x, own.y, own.z, problem.minDim);
      }
    }
    console.log(`${set} #${inst.number}: plan of ${plan.placed.length} blocks, ${sums.decisions} decisions so far`);
  }
}

const per = (v: number, n: number) => (n ? v / n : 0).toFixed(2);
const pct = (v: number, n: number) => (n ? (100 * v) / n : 0).toFixed(1);
positions.sort((a, b) => a - b);
const at = (q: number) => positions[Math.min(positions.length - 1, Math.floor(q * positions.length))] ?? 0;
console.log(`decisions ${sums.decisions}: spaces ${per(sums.spaces, sums.decisions)}, dead ${pct(sums.dead, sums.spaces)} %, floating ${pct(sums.floating, sums.spaces)} %, too small for the phase ${pct(sums.small, sums.spaces)} %`);
console.log(`filled space's place in the order (dead ones included): mean ${per(sums.position, positions.length)}, median ${at(0.5)}, 90th percentile ${at(0.9)}`);
console.log(`carves ${sums.carves}: cut ${per(sums.cut, sums.carves)}, touching ${per(sums.touching, sums.carves)}, apart ${per(sums.apart, sums.carves)}; revived dead spaces ${per(sums.reviveNear, sums.carves)} with the block's top under them, ${per(sums.reviveFar, sums.carves)} elsewhere`);
