// Which of the count vectors one Unit may hold (pattern-lp.ts: every single-Unit test passed)
// the packing reaches: each maximal vector offered alone to a beam search for a while, and the
// cutting-stock LP over what the fills packed (and every subset of the types packed greedily).
// Tells whether a problem above its bound lacks denser packings or its patterns just do not add up.
//   npx tsx scripts/bench/pattern-reach.ts <items csv folder> <numbers csv> [ms per vector] [vectors: 0,1,2;3,0,1 (instead of the maximal ones)]
import { csvInstanceFiles, csvMultiContainer } from './csv-format.ts';
import { relaxedVectors } from './pattern-lp.ts';
import { prepare } from '../../solver/prepare.ts';
import { Fleet } from '../../solver/pack/fleet.ts';
import { PackState } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { coverDual } from '../../solver/pack/fleet/cover-lp.ts';

const [folder, numbers, msArg = '200', given] = process.argv.slice(2);
const ms = Number(msArg);
const wanted = new Set(numbers.split(',').map(Number));
for (const f of csvInstanceFiles(folder)) {
  if (!wanted.has(f.number)) continue;
  const input = csvMultiContainer(f.items, f.number, 0).input;
  const ticker = new Ticker();
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, ticker);
  const view = fleet.views[0];
  const demand = input.lines.map((l) => l.quantity);
  const T = demand.length;
  const found = new Map<string, number[]>();
  const keep = (s: PackState) => {
    const v = Array.from({ length: T }, (_, i) => s.used[i]);
    found.set(v.join(','), v);
    return v;
  };
  const fill = (offer: number[], beam: boolean) => keep(fleet.fill(view, new PackState(view.spec, fleet.itemCount), offer, new Set(),
    beam ? { beam: true, sliceMs: ms, deadline: ticker.now() + ms } : { beam: false, sliceMs: 0, deadline: 0 }));
  for (let mask = 1; mask < 1 << T; mask++) fill(demand.map((n, i) => (mask & (1 << i) ? n : 0)), false);
  const lpOf = () => {
    const vs = [...found.values()];
    const d = coverDual(vs, demand)!;
    return { value: d.x.reduce((a, b) => a + b, 0), used: vs.flatMap((v, k) => (d.x[k] > 1e-6 ? [`[${v}]x${d.x[k].toFixed(2)}`] : [])) };
  };
  const before = lpOf();
  const vectors = given ? given.split(';').map((v) => v.split(',').map(Number)) : relaxedVectors(input.lines, input.equipment[0]);
  let reached = 0;
  const missed: string[] = [];
  for (const v of vectors) {
    const got = fill(v, ms > 0);
    if (got.every((n, i) => n === v[i])) reached++;
    else missed.push(`[${v}]->[${got}]`);
  }
  const after = lpOf();
  console.log(`#${f.number}: greedy subsets LP ${before.value.toFixed(3)}; ${vectors.length} maximal vectors, ${reached} packed whole; LP over all ${after.value.toFixed(3)}: ${after.used.join(' ')}`);
  console.log(`  missed (first 12): ${missed.slice(0, 12).join(' ')}`);
}
