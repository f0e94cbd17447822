// Diagnostic: near misses against door ends rebuilt as carrier columns (fleet/door-columns.ts).
// For each near miss (the last Unit's cargo topped into the others leaves 1-12 pieces) and each of
// the 8 roomiest other Units at cuts 15 / 30 / 50 %: the floor the given-up pieces cover now, the
// floor their columns plus the near miss's columns need, the door end's free floor, and the volume the
// column refill leaves out; at the end, by near-miss size (1-4, 5-12 pieces), the floor short a door
// end and at each near miss's best door end, and the door ends with two open columns of one height.
// Session 44, sea 1,000 seeds 11-20, first plan and plans 0, 1, 2, 6 (30 near misses of 1-12 pieces, 720
// door ends): the near miss's own columns cover 7.9 m2 on average; rebuilt with it as columns, a door end
// needs 0.6 / 1.3 / 2.2 m2 more floor (cuts 15 / 30 / 50 %) than its given-up pieces cover now plus those
// 7.9 (the given-up carriers already carry; crates and 1200 x 1000 / odd pallets fit on few of them), the
// columns fit the free floor on 16 of 720, and one refill placed everything by itself.
// Session 46, the same near misses: the columns need more floor than the door end has past the kept
// blocks by 12.8 m2 a door end with 5-12 pieces left (456 door ends), 4.4 with 1-4 (264); at each near
// miss's best door end 8.5 and 0.8 m2. Only 86 of 456 and 31 of 264 door ends have two open columns of
// one height (line heights are odd millimetres; carriers stack in order), so bridges over two carriers
// as the columns stand formed on 3 of 720. Built with carriers kept apart until each piece nothing may
// stand on has taken the carrier it fits best, bridges over two (same-line) carriers side by side, then
// whole columns lifted onto carriers: bridges on 389 / 202 door ends, best door
// end 8.2 / 0.5 m2 short; as the only column refill 21 of 97 near misses placed on seeds 56-95 (22 before),
// as a refill before the columns in order 27 of 112 on seeds 11-20 and 56-95 (26). In the solver (5 s,
// virtual clock) every total tied. Near misses of 5-12 pieces lack a whole door end's floor: no stacking
// of one door end reaches them.
// npx tsx scripts/bench/door-columns.ts <sea|road> <pieces> <seed,...> [plans: indices]
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { type Column, columnsOf, doorEndPacking } from '../../solver/pack/fleet/door-columns.ts';
import { keptBefore, volumeOf } from '../../solver/pack/fleet/shrink-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { eachGreedyPlan, tailToppedUp } from './greedy-plans.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '11', which = ''] = process.argv.slice(2);
const m2 = (a: number) => (a / 1e6).toFixed(1);
const footprint = (c: Column) => c.layers[0].dx * c.layers[0].dy;
/** Whether some two open columns stand at one height (what a bridge over two carriers needs). */
const evenPair = (cs: Column[]) => cs.some((a, i) => a.open && cs.some((b, j) => j > i && b.open && b.height === a.height));
// Totals by near-miss size: door ends, floor short (mm2), near misses, floor short at their best door end, door ends with an even pair.
const sums = new Map<string, { ends: number; short: number; misses: number; best: number; pairs: number }>();
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const fleet = new Fleet(input, prepare(input), ticker);
  const run = (name: string, f: Fleet, plan: FleetPlan) => {
    const { tail, others, cargo, changed, n } = tailToppedUp(f, plan, ticker);
    const order = [...others].sort((a, b) => b.view.volume - b.state.volume - (a.view.volume - a.state.volume) || a.index - b.index);
    if (n === 0 || n > 12) return;
    const own = columnsOf(f, tail.view, [], cargo.left);
    const ownFloor = own.reduce((a, c) => a + footprint(c), 0);
    console.log(`#${seed} ${name}: ${n} pieces ${(volumeOf(f, cargo) / 1e9).toFixed(2)} m3, ${cargo.groups.size} groups, own columns ${own.length} on ${m2(ownFloor)} m2`);
    const key = n <= 4 ? '1-4' : '5-12';
    const sum = sums.get(key) ?? { ends: 0, short: 0, misses: 0, best: 0, pairs: 0 };
    sums.set(key, sum);
    let best = Infinity;
    for (const cut of [0.15, 0.3, 0.5]) {
      const rows: string[] = [];
      for (const u0 of order.slice(0, 8)) {
        const u = changed.get(u0) ?? u0;
        const length = Math.max(...u.state.placed.map((p) => p.x + p.block.dx));
        const { kept, given } = keptBefore(u.state.placed, Math.floor(length * (1 - cut)));
        const floorNow = given.filter((p) => p.z === 0).reduce((a, p) => a + p.block.dx * p.block.dy, 0);
        const { columns, floor, packed } = doorEndPacking(f, u.view, kept, given, cargo.left);
        const need = columns.reduce((a, c) => a + footprint(c), 0);
        const room = (floor.x1 - floor.x0) * (floor.y1 - floor.y0);
        const out = columns.filter((c) => !packed.some((p) => p.c === c)).reduce((a, c) => a + c.volume, 0);
        sum.ends++;
        sum.short += Math.max(0, need - room);
        sum.pairs += Number(evenPair(columns));
        best = Math.min(best, Math.max(0, need - room));
        rows.push(`${m2(floorNow)}->${m2(need)}/${m2(room)} out ${(out / 1e9).toFixed(1)}`);
      }
      console.log(`  cut ${cut}: ${rows.join(' | ')}`);
    }
    sum.misses++;
    sum.best += best;
  };
  eachGreedyPlan(fleet, which, run);
}
for (const [key, v] of sums) {
  console.log(`near misses of ${key} pieces: ${v.misses}, ${v.ends} door ends; floor short ${m2(v.short / v.ends)} m2 a door end, ${m2(v.best / v.misses)} at the best one; ${v.pairs} door ends with two open columns of one height`);
}
