// Diagnostic: near misses at scale. For the first plan and each of the fleet's other greedy plans
// (fleet/orders.ts `OTHER_PLANS`, by index), the last Unit's cargo topped into the other Units' free
// room (guarded, then not): what is left (pieces, m3, kinds), and whether door-end exchanges
// (fleet/near-miss.ts) place it, with the CPU that took.
// Session 43, sea 1,000 seeds 11-20, first plan and plans 0, 1, 2, 6: tails of 1-33 pieces, the top-up
// placing almost none of them (the others are floor-bound); the exchanges placed all on 3 of 15 tries
// with at most 4 pieces left (one or two long goods or a pallet nothing may stand on, 0.3-1.0 m3), none
// of those with 5-12 left (2-16 m3, mostly pallets and crates nothing may stand on).
// With 5-12 left (19 of 41 tries on plans first, 0, 1, 2, 6 with MAX_LEFT raised to 12, so exchanges
// chain over up to 12 door ends) none placed all: the least left was 0.96-12 m3. Cuts up to the whole
// Unit (0.7, 1.0) left 0.16 m3 once and placed 2 more near misses of 1-2 pieces, but in the solver lost
// a Unit on sea 1,000 seeds 21-55 (392 against 391, seed 55); a beam refill (100 ms a door end) left
// 2-9 m3 at up to 16 s a try.
// Session 44, the same tries with door ends also refilled as carrier columns (fleet/door-columns.ts) and
// pairs of door ends given up at once: with up to 12 pieces exchanged, columns alone placed 4 of 41
// (one more: a 1-piece near miss), pairs alone 3, both 6 (one of 5 pieces, 3.7 m3; the rest 1-2 pieces);
// in the solver at up to 12 pieces the tries ran out of time before reaching those plans (seeds 11-20 tied).
// Pairs of door ends are not in the solver: they placed nothing columns alone did not and, taking the time,
// cost sea 1,000 seed 111 a Unit (held out 21-55 and unseen 96-125: columns alone 389 + 335, with pairs 389 + 336).
// npx tsx scripts/bench/near-miss.ts <sea|road> <pieces> <seed,...> [plans: indices, default first only]
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { nearMissExchange, nearMissTrace, type NearMissEvent } from '../../solver/pack/fleet/near-miss.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { eachGreedyPlan } from './greedy-plans.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '11', which = ''] = process.argv.slice(2);
let tries = 0, fewer = 0;
const byPieces = new Map<number, number>();
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, ticker);
  const kind = (i: number) => {
    const it = fleet.items[i];
    return `${it.l}x${it.w}x${it.h}${it.stackable ? '' : 'ns'} r${it.phaseRank}`;
  };
  const run = (name: string, f: Fleet, plan: FleetPlan) => {
    let event: NearMissEvent | null = null;
    nearMissTrace.fn = (e) => (event = e);
    const t0 = cpuMs();
    const out = nearMissExchange(f, plan, Infinity, ticker);
    const ms = cpuMs() - t0;
    const e = event as NearMissEvent | null;
    if (!e) return console.log(`#${seed} ${name}: not tried`);
    tries++;
    if (out) fewer++;
    byPieces.set(Math.min(e.leftPieces, 13), (byPieces.get(Math.min(e.leftPieces, 13)) ?? 0) + 1);
    const parts = e.left.left.flatMap((n, i) => (n > 0 ? [`${n}x ${kind(i)}`] : []));
    for (const g of e.left.groups) parts.push(`group ${g} (${f.groupMembers(g).map(kind).join(' + ')})`);
    console.log(`#${seed} ${name}: ${e.units} Units, tail ${(e.tailVolume / 1e9).toFixed(1)} m3, left ${e.leftPieces} pieces ${(e.leftVolume / 1e9).toFixed(2)} m3, ${e.exchanges} exchanges (least left ${(e.bestRest / 1e9).toFixed(2)} m3), ${out ? 'ONE FEWER' : 'no'}, ${ms.toFixed(0)} ms: ${parts.slice(0, 6).join(', ')}`);
  };
  eachGreedyPlan(fleet, which, run);
}
console.log(`tries ${tries}, one fewer ${fewer}; by pieces left: ${[...byPieces].sort((a, b) => a[0] - b[0]).map(([k, n]) => `${k}${k === 13 ? '+' : ''}:${n}`).join(' ')}`);
