// Diagnostic: tail re-plans at the plan's own count as near misses. For each seed's first plan,
// every tail re-plan of fleet/tail-plans.ts `TAIL_TRIES` packs the last k Units' cargo into k Units
// (not k - 1); the ones whose last Unit holds fewest pieces (then least volume) have that last Unit
// topped into the others and its rest given to door-end exchanges (fleet/near-miss.ts): which place
// it (one Unit fewer), what each costs. `SAVED=1`: on the plan after the tails that save a Unit;
// `SPREAD=1`: what single exchanges leave spread over 2-6 door ends (near-spread-pool.ts); `REPACK=<ms>`:
// the last 2-4 Units searched into one fewer.
// Session 48, sea 5,000 pieces, first plans: the smallest last Units (1-4 pieces after the top-up) were
// placed on seeds 2, 4, 5, 6 (tuning) and 9, 10, 11, 12, 17, 18, 19, 21 (held out), every one a seed
// where the base already saves that Unit by a tail into k - 1 or by whole plan 0's exchanges; after a
// saved Unit no tail at the count leaves fewer than 16 pieces (seeds 2, 4, 5, 6). Seed 7's best (plan 3,
// k = 11) leaves 8 pieces, 4.68 m3, that the top-up places none of; spreads over 2-6 door ends at cuts
// 0.15-0.7 leave at least 3.4 m3 (48 tries, 2.2 s), the last Units there are 41-63 % full (floor-bound)
// and the last 2-4 searched (beam, 1 s) into one fewer never fit. Held-out seeds 13, 15, 22, 24 (no
// save in the base): no single exchange, spread or chained exchange placed any tail's near miss.
// npx tsx scripts/bench/tail-near.ts <sea|road> <pieces> <seed,...> [how many tails to try, default 3] [ms per try, default 3000]
import { Fleet, type FleetPlan, type PlannedUnit } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS } from '../../solver/pack/fleet/orders.ts';
import { TAIL_TRIES } from '../../solver/pack/fleet/tail-plans.ts';
import { nearMissFinish, nearMissStart, nearMissTrace } from '../../solver/pack/fleet/near-miss.ts';
import { cargoOfUnits, isEmpty, volumeOf } from '../../solver/pack/fleet/shrink-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import { phaseItemsFor } from '../../solver/pack/fleet/phase-width.ts';
import { spreadRefilled, type SpreadWay } from './near-spread-pool.ts';
import { piecesOf, tailToppedUp } from './greedy-plans.ts';

const [fleetName = 'sea', pieces = '5000', seeds = '7', top = '3', perTry = '3000'] = process.argv.slice(2);
const GREEDY = { beam: false, sliceMs: 0, deadline: 0 };
let placed = 0;
nearMissTrace.fn = (e) => console.log(`    near miss: tail ${(e.tailVolume / 1e9).toFixed(2)} m3, top-up left ${e.leftPieces} pieces ${(e.leftVolume / 1e9).toFixed(2)} m3, ${e.exchanges} exchanges, least rest ${Number.isFinite(e.bestRest) ? (e.bestRest / 1e9).toFixed(2) : '-'} m3: ${e.ok ? 'PLACED' : 'no'}`);
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const fleet = new Fleet(input, prepare(input), ticker);
  let plan = fleet.plan(GREEDY);
  let tails: Tail[] = tailsOf(fleet, plan);
  // `SAVED=1`: first the tail re-plans that save a Unit, in TAIL_TRIES order, while one does (as the solver's rounds do).
  for (let saved = tails.find((t) => t.saved); process.env.SAVED === '1' && saved; saved = tails.find((t) => t.saved)) {
    console.log(`#${seed}: ${saved.name} saved a Unit of ${plan.units.length}`);
    plan = { ...saved.plan, units: saved.plan.units.filter((u) => u.state.placed.length > 0) };
    tails = tailsOf(fleet, plan);
  }
  tails = tails.filter((t) => !t.saved);
  tails.sort((a, b) => a.pieces - b.pieces || a.volume - b.volume);
  console.log(`#${seed}: ${plan.units.length} Units; tails (last Unit pieces / m3 / ms): ${tails.map((t) => `${t.name} ${t.pieces}p ${(t.volume / 1e9).toFixed(1)} ${t.ms.toFixed(0)}`).join(', ')}`);
  for (const t of tails.slice(0, Number(top))) {
    const t0 = cpuMs();
    const deadline = ticker.now() + Number(perTry);
    const start = nearMissStart(t.fleet, t.plan, deadline, ticker);
    const startMs = cpuMs() - t0;
    const done = start && ('units' in start ? start : nearMissFinish(start, deadline, ticker));
    if (done) placed++;
    if (!done && process.env.SPREAD === '1') spreads(t.fleet, t.plan, ticker);
    if (!done && process.env.REPACK) repacks(t.fleet, t.plan, ticker, Number(process.env.REPACK));
    console.log(`  ${t.name}: ${start ? ('units' in start ? 'top-up placed it' : `near miss ${start.pieces} pieces`) : 'no near miss'}; top-up ${startMs.toFixed(0)} ms, all ${(cpuMs() - t0).toFixed(0)} ms: ${done ? `${done.units.length} Units` : 'no'}`);
  }
}
console.log(`placed: ${placed}`);

interface Tail { name: string; fleet: Fleet; plan: FleetPlan; pieces: number; volume: number; ms: number; saved: boolean }

/** Every tail re-plan of TAIL_TRIES on `plan`, packed into k Units at most. */
function tailsOf(fleet: Fleet, plan: FleetPlan): Tail[] {
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  const tails: Tail[] = [];
  for (const { plan: p, k } of TAIL_TRIES) {
    if (free.length < k + 1) continue;
    const replan = OTHER_PLANS[p];
    const f = fleet.reordered(replan.order, replan.stopsMerged ?? false);
    const tail = free.slice(free.length - k);
    const kept = plan.units.filter((u) => !tail.includes(u));
    const { left, groups } = cargoOfUnits(f, tail);
    const t0 = cpuMs();
    const opened = f.packNew(left, groups, kept, k, { ...GREEDY, phaseItems: replan.phaseItems, blockOrder: replan.blockOrder });
    const ms = cpuMs() - t0;
    if (!opened) continue;
    const last = opened[opened.length - 1];
    const units = [...kept, ...opened.map((u, j) => ({ ...u, index: tail[j].index }))];
    tails.push({ name: `plan ${p} k ${k}${opened.length < k ? ' SAVED' : ''}`, fleet: f, plan: { ...plan, units }, pieces: last.state.placed.reduce((a, q) => a + q.block.count, 0), volume: last.state.volume, ms, saved: opened.length < k });
  }
  return tails;
}

/** `SPREAD=1`: the near miss of a tail that single exchanges did not place, spread over 2-4 door ends (near-spread-pool.ts), then chained single exchanges. */
function spreads(f: Fleet, plan: FleetPlan, ticker: Ticker): void {
  const { tail, others, cargo, changed, n } = tailToppedUp(f, plan, ticker);
  if (n === 0 || n > 12) return;
  const room = (u: PlannedUnit) => u.view.volume - (changed.get(u) ?? u).state.volume;
  const order = [...others].sort((a, b) => room(b) - room(a) || a.index - b.index);
  const out: string[] = [];
  const t0 = cpuMs();
  for (const way of ['pool', 'first', 'dealt'] as SpreadWay[]) {
    for (const k of [2, 3, 4, 6]) {
      for (const cut of [0.15, 0.3, 0.5, 0.7]) {
        const { trial, rest } = spreadRefilled(f, order.slice(0, k), others, changed, cargo, cut, way, ticker);
        const v = volumeOf(f, rest);
        const left = piecesOf(rest);
        let ok = isEmpty(rest.left, rest.groups);
        if (!ok && left <= 4) {
          const event = { units: plan.units.length, tailVolume: 0, leftPieces: left, leftVolume: v, left: rest, exchanges: 0, bestRest: Infinity, ok: false };
          ok = nearMissFinish({ fleet: f, plan, tail, others, changed: trial, cargo: rest, pieces: left, volume: v, event }, Infinity, ticker) !== null;
        }
        out.push(`${way[0]}${k}/${cut}:${left}p${(v / 1e9).toFixed(1)}${ok ? ' OK' : ''}`);
      }
    }
  }
  console.log(`    spreads of ${n} pieces (${(cpuMs() - t0).toFixed(0)} ms): ${out.join(' ')}`);
}

/** `REPACK=<ms>`: the last m = 2-4 Units of the tail's plan searched (beam, the ms over m Units) into m - 1, as fewer-units.ts repackTail. */
function repacks(f: Fleet, plan: FleetPlan, ticker: Ticker, ms: number): void {
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  const out: string[] = [`fills ${free.slice(-5).map((u) => (100 * u.state.volume / u.view.volume).toFixed(0)).join('/')}`];
  for (let m = 2; m <= 4; m++) {
    const tail = free.slice(free.length - m);
    const kept = plan.units.filter((u) => !tail.includes(u));
    const { left, groups } = cargoOfUnits(f, tail);
    const t0 = cpuMs();
    const sliceMs = ms / m;
    const opened = f.packNew(left, groups, kept, m - 1, { beam: true, sliceMs, deadline: ticker.now() + ms, phaseItems: phaseItemsFor(sliceMs) });
    out.push(`m${m}:${opened ? 'SAVED' : 'no'} ${(cpuMs() - t0).toFixed(0)} ms`);
  }
  console.log(`    repacks: ${out.join(' ')}`);
}
