// The greedy alone, without a clock: for each instance every improvement variant's greedy
// (three policies with and without general blocks, plus columns) from an empty Unit, and
// the best of them. Deterministic, so a change to blocks or merit shows its effect on the
// constructive part without the noise of a timed beam search on a shared machine.
//   npx tsx scripts/bench/br-greedy.ts <BR1..BR7 | T30 ...> [instances 5] [seed 1]   (SUP=none: no support; BR_DIR: the BR files)
// Reaches into Fleet's phases (private, first-view.ts): keep in step with fleet.ts.
import { readFileSync } from 'node:fs';
import type { GeneralBlockOptions } from '../../solver/pack/general-blocks.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { greedy } from '../../solver/pack/search.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { brToInput, parseBr } from './br-format.ts';
import { generateSets } from './br-generate.ts';
import { firstView } from './first-view.ts';

const [set = 'T100', count = '5', seed = '1'] = process.argv.slice(2);
const support = process.env.SUP === 'none' ? 'none' : 'full';
const GENERAL: GeneralBlockOptions = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };
const instances = set.startsWith('T')
  ? generateSets([Number(set.slice(1))], Number(count), Number(seed))[0].instances
  : parseBr(readFileSync(`${process.env.BR_DIR ?? '../shared/data/clp/br'}/thpack${set.slice(2)}.txt`, 'utf8')).slice(0, Number(count));

let sum = 0;
for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support });
  const ticker = new Ticker({});
  const { prep, view, left, phases, minDim } = firstView(input, ticker);
  const shared = new Map();
  const volume = view.spec.L * view.spec.W * view.spec.H;
  const policies: Pick<UnitSpec, 'anchor' | 'order'>[] = [
    { anchor: 'corner', order: 'volume' }, { anchor: 'wall', order: 'section' }, { anchor: 'wall', order: 'volume' },
  ];
  const variants = policies.flatMap((p) => [GENERAL, null].map((general) => ({ spec: { ...view.spec, ...p }, general, columns: false })));
  variants.push({ spec: { ...view.spec, anchor: 'wall', order: 'section' }, general: null, columns: true });
  const fills = variants.map((v) => {
    const problem = new UnitProblem(v.spec, prep.items, left, phases, view.orientationsOf, view.groupBlock, minDim, ticker, v.general, 0, shared, v.columns);
    return greedy(problem, new PackState(v.spec, prep.items.length)).volume / volume;
  });
  console.log(`${set} #${inst.number}: ${fills.map((f) => (100 * f).toFixed(1)).join(' ')}`);
  sum += Math.max(...fills);
}
console.log(`${set} ${support}: mean best greedy ${((100 * sum) / instances.length).toFixed(2)} %`);
