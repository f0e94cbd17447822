// Diagnostic: near misses spread over several Units' door ends at once (fleet/near-spread.ts).
// For each near miss (the last Unit's cargo topped into the others leaves 1-12 pieces), the 2-6
// roomiest other Units (KS) give up their door ends at the cuts CUTS and are refilled from the pool
// (ways WAYS: pool, first, dealt); the least volume left per near miss and way, and how many near
// misses each way places whole, by near-miss size (1-4, 5-12 pieces), with the CPU the tries took.
// `single`: the single door-end exchanges alone (fleet/near-miss.ts, as the solver runs them). CHAIN=1:
// where a spread leaves at most 4 pieces, single exchanges of that rest (`+` in the list of tries that
// placed all).
// Session 47, sea 1,000 seeds 11-20 and 56-65, first plan and plans 0, 1, 2, 6 (KS=2,3,4,6,
// CUTS=0.15,0.3,0.5,0.7, CHAIN=1): near misses of 1-4 pieces 26, single exchanges place 12, spreads
// (then single exchanges) 20; of 5-12 pieces 36, single 0, spreads 4 (5, 5, 5 and 11 pieces; all but
// one through the chained exchanges). A spread costs 6-10 ms, a chained exchange run 66-121 ms. In
// the solver (spreads after the single exchanges, up to 6 chained runs, tails and near misses of up
// to 12 pieces) the Units tied on held-out seeds: the tries that fail take the time later plans need.
// npx tsx scripts/bench/near-spread.ts <sea|road> <pieces> <seed,...> [plans: indices]
import { Fleet, type FleetPlan, type PlannedUnit } from '../../solver/pack/fleet.ts';
import { nearMissFinish } from '../../solver/pack/fleet/near-miss.ts';
import { spreadRefilled, type SpreadWay } from './near-spread-pool.ts';
import { isEmpty, volumeOf } from '../../solver/pack/fleet/shrink-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { eachGreedyPlan, tailToppedUp } from './greedy-plans.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '11', which = ''] = process.argv.slice(2);
const KS = (process.env.KS ?? '2,3,4').split(',').map(Number);
const CUTS = (process.env.CUTS ?? '0.3,0.5,0.7').split(',').map(Number);
const WAYS = (process.env.WAYS ?? 'pool,first,dealt').split(',') as SpreadWay[];
const CHAIN = process.env.CHAIN === '1';
const m3 = (v: number) => (v / 1e9).toFixed(2);
const sums = new Map<string, { misses: number; placed: Map<string, number>; ms: number; tries: number; chains: number; chainMs: number }>();
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const fleet = new Fleet(input, prepare(input), ticker);
  const run = (name: string, f: Fleet, plan: FleetPlan) => {
    if (!isEmpty(plan.left, plan.groupsLeft)) return;
    if (plan.units.filter((u) => u.fixedUnit < 0).length < 2) return;
    const { tail, others, cargo, changed, tailPieces, n } = tailToppedUp(f, plan, ticker);
    if (n === 0 || n > 12) return console.log(`#${seed} ${name}: ${n} pieces left, not tried`);
    const key = n <= 4 ? '1-4' : '5-12';
    const sum = sums.get(key) ?? { misses: 0, placed: new Map(), ms: 0, tries: 0, chains: 0, chainMs: 0 };
    sums.set(key, sum);
    sum.misses++;
    const room = (u: PlannedUnit) => u.view.volume - (changed.get(u) ?? u).state.volume;
    const order = [...others].sort((a, b) => room(b) - room(a) || a.index - b.index);
    const cols: string[] = [];
    const okAt: string[] = [];
    // The single door-end exchanges alone (fleet/near-miss.ts), as the solver runs them at up to 4 pieces.
    const e0 = { units: plan.units.length, tailVolume: 0, leftPieces: n, leftVolume: volumeOf(f, cargo), left: cargo, exchanges: 0, bestRest: Infinity, ok: false };
    const single = nearMissFinish({ fleet: f, plan, tail, others, changed, cargo, pieces: n, volume: e0.leftVolume, event: e0 }, Infinity, ticker) !== null;
    if (single) sum.placed.set('single', (sum.placed.get('single') ?? 0) + 1);
    const hits = new Set<string>();
    for (const way of WAYS) {
      let best = Infinity;
      let bestAt = '';
      for (const k of KS) {
        for (const cut of CUTS) {
          const t0 = cpuMs();
          const { trial, rest } = spreadRefilled(f, order.slice(0, k), others, changed, cargo, cut, way, ticker);
          sum.ms += cpuMs() - t0;
          sum.tries++;
          const v = volumeOf(f, rest);
          let ok = isEmpty(rest.left, rest.groups);
          const left = rest.left.reduce((a, c) => a + Math.max(0, c), 0) + rest.groups.size;
          if (!ok && CHAIN && left <= 4) {
            const event = { units: plan.units.length, tailVolume: 0, leftPieces: left, leftVolume: v, left: rest, exchanges: 0, bestRest: Infinity, ok: false };
            const t1 = cpuMs();
            ok = nearMissFinish({ fleet: f, plan, tail, others, changed: trial, cargo: rest, pieces: left, volume: v, event }, Infinity, ticker) !== null;
            sum.chainMs += cpuMs() - t1;
            sum.chains++;
            if (ok) hits.add(`${way} chained`);
          }
          if (ok) {
            okAt.push(`${way[0]}${k}/${cut}${left > 0 ? '+' : ''}`);
            hits.add(way);
            hits.add(`${way} k${k}`);
            hits.add(`${way} c${cut}`);
            hits.add('any');
          }
          if (v < best) {
            best = v;
            bestAt = `k${k} c${cut}`;
          }
        }
      }
      cols.push(`${way} ${m3(best)} (${bestAt})`);
    }
    for (const h of hits) sum.placed.set(h, (sum.placed.get(h) ?? 0) + 1);
    console.log(`#${seed} ${name}: ${n} pieces ${m3(volumeOf(f, cargo))} m3 -> ${cols.join(' | ')}${hits.has('any') ? ' PLACED' : ''}${single ? ' SINGLE' : ''} [tail ${tailPieces}] ${okAt.join(' ')}`);
  };
  eachGreedyPlan(fleet, which, run);
}
for (const [key, v] of sums) {
  const placed = [...v.placed].sort((a, b) => a[0].localeCompare(b[0])).map(([h, c]) => `${h}:${c}`).join(' ');
  console.log(`near misses of ${key} pieces: ${v.misses}; placed ${placed}; ${v.tries} tries, ${(v.ms / Math.max(1, v.tries)).toFixed(0)} ms a try; ${v.chains} chained exchanges, ${(v.chainMs / Math.max(1, v.chains)).toFixed(0)} ms each`);
}
