// Diagnostic: what the boxes left out of a full-support plan gain once placed blocks are moved
// (slide-moves.ts). On the improved plan of a virtual clock, for the problem of variant `--variant`
// (0: corner + biggest first with general blocks), it counts the tower slides found (a block with
// everything on it, then with the towers it pushes, slid along x or y as far as it goes), those that
// widen the slot behind their base block to the least side of a box left out, and those whose moved
// blocks keep their support; an optimistic bound (the biggest box left out that fits such a widened
// slot beside the base block, up to the roof, support and standing ignored); and what each kind of
// move (`KINDS`, default all: slide, drop, eject, pair, tower, compact) adds as a pass, each moved
// plan completed greedily from the refill's own problem, first with no move at all. Volumes as a
// share of the Unit.
// 1 s virtual clock, T90 + T100 seeds 101 / 202 / 303 #1-3 and BR14-BR15 #1-3 (24 plans): of about
// 657 tower-and-direction candidates a plan (push steps included) 181 move at all, and about 70 % of
// the single towers that move go less than 10 cm (the least side of a box left out is 20-31 cm); 9.2 widen a slot enough, 1.0 keeps its support, 0.5 stand
// (canStand); no slide loaded more on any plan. Optimistic bound 0.03 % a plan for the best single
// slide (at most 0.09), 0.11 % summed over every candidate (at most 0.29). No top block has a lower
// place to drop to on any plan; the plan's blocks form few rigid groups that move 0-2 cm toward the
// front wall (compact: 0). Taking out a top block (eject) +0.007 on 3 of 24 plans (67 ms), a pair of
// them +0.009 (169 ms), a tower +0.003 (73 ms): the greedy puts back what was there.
// On the plan's first half / three quarters (placing order; T100 seed 101 and BR15 #1-3, against the
// pieces still to place then) the slides are many more: 39-42 / 46-60 widen a slot enough and 12 /
// 12-18 of those keep their support, against 8-9 and 1 on the whole plan: the room is won back where
// the slots are made, before blocks bridging two towers fence them in.
//   npx tsx scripts/bench/slide-room.ts <T100 | BR15 --data /tmp/br1415> [--count 3] [--seed 101] [--seconds 1] [--variant 0]
import { brToInput } from './br-format.ts';
import { virtualBest } from './first-view.ts';
import { instancesFromArgs } from './instance-set.ts';
import { greedy } from '../../solver/pack/search.ts';
import { refillProblem } from '../../solver/pack/refill-problem.ts';
import { slideInsert, slidesOf, moveTrace, type Kind } from './slide-moves.ts';
import { PackState, place } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';

const variantArg = process.argv.indexOf('--variant');
const variantK = variantArg >= 0 ? Number(process.argv.splice(variantArg, 2)[1]) : 0;
const { values, set, instances } = instancesFromArgs();
const sums = new Map<string, number>();
const add = (k: string, v: number) => sums.set(k, (sums.get(k) ?? 0) + v);

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  const { prep, view, best, make } = virtualBest(input, Number(values.seconds));
  const problem = make(variantK, 0);
  const unit = view.spec.L * view.spec.W * view.spec.H;
  const pct = (v: number) => (100 * v) / unit;
  const root = new PackState(view.spec, prep.items.length);
  // No slide: the plan rebuilt as it is and completed.
  const same = root.clone();
  for (const p of best.placed) place(same, problem.spec, problem.items, p.block, p.x, p.y, p.z, problem.minDim);
  same.phase = 0; same.placedAtPhaseStart = same.placed.length; same.idlePhases = 0;
  const own = refillProblem(problem, same);
  const plain = greedy(own ?? problem, same.clone());
  const stats = new Map<string, number>();
  slidesOf(problem, root, best, best.placed, stats);
  for (const [k, v] of stats) if (!k.startsWith('least') && !k.startsWith('step')) add(`found: ${k}`, k.startsWith('optimistic') ? pct(v) : v);
  // The same slides on the plan's first half and three quarters (placing order), against the pieces still to place then.
  for (const share of [0.5, 0.75]) {
    const prefix = root.clone();
    const n = Math.round(share * best.placed.length);
    for (const p of best.placed.slice(0, n)) place(prefix, problem.spec, problem.items, p.block, p.x, p.y, p.z, problem.minDim);
    const at = new Map<string, number>();
    slidesOf(problem, root, prefix, prefix.placed, at);
    for (const k of ['moves', 'room takes a box', 'keeps support', 'optimistic max']) add(`prefix ${share}: ${k}`, k.startsWith('optimistic') ? pct(at.get(k) ?? 0) : at.get(k) ?? 0);
  }
  let line = `${set} #${inst.number}: fill ${pct(best.volume).toFixed(2)} %, no move +${pct(plain.volume - best.volume).toFixed(3)}`;
  add('no move', pct(plain.volume - best.volume));
  for (const kinds of (process.env.KINDS ?? 'slide;drop;eject;pair;tower').split(';').map((k) => k.split(',')) as Kind[][]) {
    let tried = 0, gained = 0, nearest = -Infinity;
    moveTrace.fn = (_m, before, after) => { tried++; if (after > before) gained++; nearest = Math.max(nearest, after - before); };
    const t0 = performance.now();
    const passed = slideInsert(problem, root, best, Infinity, new Ticker(), kinds);
    const ms = performance.now() - t0;
    moveTrace.fn = null;
    const name = kinds.join('+');
    line += `; ${name} +${pct(passed.volume - best.volume).toFixed(3)} (${gained} of ${tried} tried gained, nearest ${pct(nearest).toFixed(3)}, ${ms.toFixed(0)} ms)`;
    add(`${name} gain`, pct(passed.volume - best.volume));
    add(`${name} ms`, ms);
    add(`${name} tried`, tried);
  }
  console.log(line);
}
for (const [k, v] of [...sums]) console.log(`  ${k.padEnd(20)} ${(v / instances.length).toFixed(3)}`);
