// How many nodes the single-Unit improvement evaluates: one Unit filled from all the cargo as
// `fill` does with a budget (every variant's greedy, then beam searches), on a CPU-time clock,
// counting greedy completions (each beam node's score is one). Prints per instance the time
// to build the block lists, the completions and completions per CPU second, and the fill.
// `--virtual` runs on a virtual clock (0.01 ms per read): the same search for any checkout,
// so its plan hash shows whether a speed-up changed a decision. `--greedies R`: instead, every
// variant's greedy from the empty Unit R times (no clock at all): greedy completions per CPU
// second on the same work for any checkout (the plan hash covers every variant's plan).
// `--beam K --reads N`: one beam search of variant K (0: corner, biggest first, general
// blocks) on a virtual clock of N reads: the same search for any checkout, timed in CPU.
// `--regions`: also per instance the region refills run (region-search.ts), how many bettered the
// plan, their mean ms, those two by the blocks a region removed, and the second each stage of the
// improvement ended at (T100 full seed 101 #1-3, 0.5 s virtual: 119 refills, 13 bettering; regions
// removing up to 6 blocks bettered 2 of 46, 7-13 blocks 9 of 61, 14+ 1 of 12). On the virtual clock
// `--seconds 0.5` does about the search 5 s of CPU does (13,000-19,000 completions at 100 types).
// BR sets are read from `--data` as thpack files, else as CSV pairs (BR8-BR15: `--data /tmp/br1415`);
// `--from N` skips each set's first N instances.
//   npx tsx scripts/bench/search-nodes.ts <BR1..BR15 | T30 ...> [--count 3] [--seed 5] [--seconds 5] [--support full|none] [--virtual] [--greedies R] [--regions] [--data D] [--from N]
// Reaches into Fleet's private helpers (first-view.ts): keep in step with fleet.ts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { improveUnit, stageTrace } from '../../solver/pack/improve.ts';
import { regionTrace } from '../../solver/pack/region-search.ts';
import { beamSearch, greedy } from '../../solver/pack/search.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { PackState } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { brToInput, parseBr } from './br-format.ts';
import { loadCsvSets } from './csv-format.ts';
import { generateSets } from './br-generate.ts';
import { unitVariants } from './first-view.ts';
import { readCpuMs } from './process-cpu.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '3' },
    seed: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    support: { type: 'string', default: 'full' },
    virtual: { type: 'boolean', default: false },
    greedies: { type: 'string', default: '0' },
    beam: { type: 'string' },
    reads: { type: 'string', default: '20000' },
    regions: { type: 'boolean', default: false },
    data: { type: 'string', default: '../shared/data/clp/br' },
    from: { type: 'string', default: '0' },
  },
});
const set = positionals[0] ?? 'T100';
const count = Number(values.count);

const instances = set.startsWith('T')
  ? generateSets([Number(set.slice(1))], count, Number(values.seed))[0].instances
  : existsSync(`${values.data}/thpack${set.slice(2)}.txt`)
    ? parseBr(readFileSync(`${values.data}/thpack${set.slice(2)}.txt`, 'utf8')).slice(Number(values.from), Number(values.from) + count)
    : (loadCsvSets(values.data, count, Number(values.from)).find((s) => s.set === set)?.instances ?? []);

function planHash(state: PackState): string {
  const text = state.placed.map((p) => `${p.x},${p.y},${p.z},${p.block.dx},${p.block.dy},${p.block.dz},${p.block.item}`).join(';');
  return createHash('sha1').update(text).digest('hex').slice(0, 10);
}

let sumRate = 0, sumFill = 0;
for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: values.support as 'full' | 'none' });
  let reads = 0;
  const ticker = new Ticker(values.virtual ? { now: () => reads++ * 0.01 } : { now: readCpuMs });
  const { prep, view, phases, count: variantCount, make: makeVariant } = unitVariants(input, ticker);
  const problems: UnitProblem[] = [];
  const make = (k: number, noise: number) => {
    const p = makeVariant(k, noise);
    problems.push(p);
    return p;
  };
  const c0 = readCpuMs();
  const deadline = ticker.now() + Number(values.seconds) * 1000;
  // The block lists first (improveUnit would build them in its first greedies): their cost apart.
  for (let k = 0; k < variantCount; k++) {
    const p = make(k, 0);
    for (let ph = 0; ph < phases.length; ph++) p.blocks(ph);
  }
  const built = readCpuMs() - c0;
  const blockCount = problems.map((p) => p.blocks(0).length);
  const root = new PackState(view.spec, prep.items.length);
  const repeat = Number(values.greedies);
  if (repeat > 0) {
    const g0 = readCpuMs();
    const w0 = problems.reduce((a, p) => a + p.work, 0);
    const plans: string[] = [];
    for (let r = 0; r < repeat; r++) for (const p of problems) plans.push(planHash(greedy(p, root.clone())));
    const ms = readCpuMs() - g0;
    const work = problems.reduce((a, p) => a + p.work, 0) - w0;
    const rate = (plans.length * 1000) / ms;
    sumRate += rate;
    const hash = createHash('sha1').update(plans.join()).digest('hex').slice(0, 10);
    console.log(`${set} #${inst.number}: blocks ${blockCount.join('/')} built ${built.toFixed(0)} ms, ${plans.length} greedies in ${ms.toFixed(0)} ms CPU (${rate.toFixed(1)}/s), work ${(work / plans.length).toFixed(0)} per greedy, plans ${hash}`);
    continue;
  }
  if (values.beam !== undefined) {
    const p = problems[Number(values.beam)];
    const before = p.completions;
    reads = 0;
    const b0 = readCpuMs();
    const state = beamSearch(p, root, Number(values.reads) * 0.01);
    const ms = readCpuMs() - b0;
    const rate = ((p.completions - before) * 1000) / ms;
    sumRate += rate;
    sumFill += state.volume / (view.spec.L * view.spec.W * view.spec.H);
    console.log(`${set} #${inst.number}: beam of variant ${values.beam}: ${p.completions - before} completions in ${ms.toFixed(0)} ms CPU (${rate.toFixed(1)}/s), plan ${planHash(state)}`);
    continue;
  }
  problems.length = 0;
  // --regions: the region refills run, those that bettered the plan, and when the stages ended.
  const refills = { n: 0, wins: 0, ms: 0 };
  // Refills and wins by the blocks a region removed (up to 4, 5-6, 7-13, 14 or more).
  const bySize = [0, 0, 0, 0].map(() => ({ n: 0, wins: 0 }));
  const sizeBin = (removed: number) => (removed <= 4 ? 0 : removed <= 6 ? 1 : removed <= 13 ? 2 : 3);
  const stages: string[] = [];
  if (values.regions) {
    regionTrace.fn = (_round, _rank, removed, before, after, ms) => {
      refills.n++;
      refills.ms += ms;
      bySize[sizeBin(removed)].n++;
      if (after > before) { refills.wins++; bySize[sizeBin(removed)].wins++; }
    };
    // Seconds from the budget's start (no clock read of its own: that would move a virtual-clock plan).
    const start = deadline - Number(values.seconds) * 1000;
    stageTrace.fn = (stage, _volume, now) => { if (stage !== 'beam') stages.push(`${stage} @${((now - start) / 1000).toFixed(2)}`); };
  }
  const s0 = readCpuMs();
  const best = improveUnit(make, variantCount, root, deadline, ticker, 1);
  const searched = readCpuMs() - s0;
  regionTrace.fn = null;
  stageTrace.fn = null;
  if (values.regions) {
    const sizes = ['<=4', '5-6', '7-13', '14+'].map((label, k) => `${label} ${bySize[k].wins}/${bySize[k].n}`).join(', ');
    console.log(`  refills ${refills.n} (${refills.wins} bettered, ${(refills.ms / Math.max(refills.n, 1)).toFixed(1)} ms each; bettered / run by blocks removed: ${sizes}); ${stages.join(', ')}`);
  }
  const completions = problems.reduce((a, p) => a + p.completions, 0);
  const fill = best.volume / (view.spec.L * view.spec.W * view.spec.H);
  const hash = planHash(best);
  const rate = (completions * 1000) / searched;
  sumRate += rate;
  sumFill += fill;
  console.log(
    `${set} #${inst.number}: blocks ${blockCount.join('/')} built ${built.toFixed(0)} ms, search ${searched.toFixed(0)} ms CPU, ` +
      `${completions} completions (${rate.toFixed(1)}/s), fill ${(100 * fill).toFixed(2)} %, plan ${hash}`,
  );
}
console.log(`${set} ${values.support}: mean ${(sumRate / instances.length).toFixed(1)} completions/s` + (Number(values.greedies) > 0 ? '' : `, fill ${((100 * sumFill) / instances.length).toFixed(2)} %`));
