// Diagnostic: a plan's last m Units (at sea scale the last Stop alone) repacked into m - 1 fresh
// Units, each way on `ms` of CPU: the greedy and the beam Unit by Unit (as fewer-units.ts
// repackTail), even shares (fleet/share-even.ts), even shares with the keep-together groups dealt
// out first (each Unit's placed into it before its share: plain even shares leave a rigid group
// for the last Unit) and the big pieces dealt out (fleet/share-big.ts). Prints OK or what is left.
// Session 37, sea 5,000 pieces, m = 8, 1 s: even shares with the groups first place everything on
// seeds 3, 5, 6 of 1-6 (left 11.5 / 9.5 / 5.5 m3 on 1, 2, 4; 2.5 s no better), the seeds where
// another order's plan saves that Unit too; on those plans' own tails nothing (3.5-19 m3 left).
// `ONLY=even,even+groups` picks variants; `PLAN=k` takes the tail of the fleet's other plan k
// (fleet/orders.ts `OTHER_PLANS`) instead of the first plan's.
// npx tsx scripts/bench/tail-share.ts <sea|road> <pieces> <seed,...> <m,...> [ms]
import type { EquipmentView } from '../../solver/pack/equipment-view.ts';
import { reopen } from '../../solver/pack/fleet/reopen.ts';
import { Fleet, type FleetPlan, type PlannedUnit } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS } from '../../solver/pack/fleet/orders.ts';
import { shareBig } from '../../solver/pack/fleet/share-big.ts';
import { evenShare, shareEven } from '../../solver/pack/fleet/share-even.ts';
import { cargoOfUnits, type Cargo } from '../../solver/pack/fleet/shrink-tail.ts';
import { PackState } from '../../solver/pack/state.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '5000', seeds = '7', tails = '4,6,8,10', ms = '1000'] = process.argv.slice(2);

/** Even shares (as fleet/share-even.ts) filled around each Unit's part of the groups, dealt biggest first and placed by the greedy. */
function evenFromGroups(fleet: Fleet, views: EquipmentView[], cargo: Cargo, deadline: number): { units: PlannedUnit[]; rest: Cargo } {
  const volume = (g: number) => fleet.groupMembers(g).reduce((a, i) => a + fleet.items[i].volume * fleet.counts[i], 0);
  const dealt = [...cargo.groups].sort((a, b) => volume(b) - volume(a) || a - b);
  const none = new Array<number>(fleet.itemCount).fill(0);
  const left = cargo.left.slice();
  const units: PlannedUnit[] = [];
  for (let u = 0; u < views.length; u++) {
    const view = views[u];
    const mine = new Set(dealt.filter((_, k) => k % views.length === u));
    const empty = new PackState(view.spec, fleet.itemCount);
    const root = mine.size > 0 ? reopen(fleet.fill(view, empty, none, mine, { beam: false, sliceMs: 0, deadline: 0 })) : empty;
    const n = views.length - u;
    const offer = left.map((c) => evenShare(c, n));
    const state = fleet.fill(view, root, offer, new Set(), { beam: true, sliceMs: (deadline - cpuMs()) / n, deadline }, offer.map((c, i) => c + root.used[i]));
    state.used.forEach((c, i) => (left[i] -= c - root.used[i]));
    units.push({ index: -1, view, state, fixedUnit: -1 });
  }
  const placed = new Set(units.flatMap((x) => x.state.groupsUsed));
  return { units, rest: { left, groups: new Set(dealt.filter((g) => !placed.has(g))) } };
}

const volumeOf = (f: Fleet, c: Cargo) => c.left.reduce((a, n, i) => a + n * f.items[i].volume, 0) + [...c.groups].reduce((a, g) => a + f.groupMembers(g).reduce((b, i) => b + f.counts[i] * f.items[i].volume, 0), 0);
const only = process.env.ONLY?.split(',');
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const first = new Fleet(input, prepare(input), ticker);
  const other = process.env.PLAN ? OTHER_PLANS[Number(process.env.PLAN)] : null;
  const fleet = other ? first.reordered(other.order, other.stopsMerged) : first;
  const plan: FleetPlan = fleet.plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems: other?.phaseItems, blockOrder: other?.blockOrder });
  for (const m of tails.split(',').map(Number)) {
    const tail = plan.units.slice(plan.units.length - m);
    const kept = plan.units.slice(0, plan.units.length - m);
    const cargo = cargoOfUnits(fleet, tail);
    const views = tail.slice(0, m - 1).map((u) => u.view);
    const unitByUnit = (beam: boolean) => (d: number) => (fleet.packNew(cargo.left, cargo.groups, kept, m - 1, { beam, sliceMs: beam ? (d - cpuMs()) / (m - 1) : 0, deadline: beam ? d : 0 }) ? 'OK' : 'fail');
    const shared = (share: (d: number) => { rest: Cargo }) => (d: number) => {
      const r = share(d).rest;
      const rest = volumeOf(fleet, r);
      return rest === 0 ? 'OK' : `left ${(rest / 1e9).toFixed(1)} m3 (${r.groups.size} groups)`;
    };
    const variants: Record<string, (deadline: number) => string> = {
      greedy: unitByUnit(false),
      beam: unitByUnit(true),
      even: shared((d) => shareEven(fleet, views, cargo, d, ticker)),
      'even+groups': shared((d) => evenFromGroups(fleet, views, cargo, d)),
      big: shared((d) => shareBig(fleet, views, cargo, d, ticker)),
    };
    const out: string[] = [];
    for (const [name, run] of Object.entries(variants)) {
      if (only && !only.includes(name)) continue;
      const t = cpuMs();
      const result = run(t + Number(ms));
      out.push(`${name} ${result} ${(cpuMs() - t).toFixed(0)} ms`);
    }
    const fills = tail.map((u) => Math.round((100 * u.state.volume) / u.view.volume)).join(' ');
    console.log(`#${seed} ${plan.units.length} Units, last ${m} (${(volumeOf(fleet, cargo) / 1e9).toFixed(1)} m3, fills ${fills}): ${out.join(', ')}`);
  }
}
