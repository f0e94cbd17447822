// One beam search of one variant timed in CPU for two checkouts in one process, alternating, on a
// virtual clock of N reads (both make exactly the same search; the plan hashes must agree): the
// search alone, without the block lists, in many short runs, so other load on the machine evens out.
// Prints per instance the median and the least-time ratio base / this (above 1: this is faster).
//   npx tsx scripts/bench/beam-ab.ts --vs <checkout> <BR1..BR7 | T70 | T100> [--count 2] [--seed 303] [--support full|none] [--variant 0] [--reads 3000] [--rounds 10]
//   npx tsx scripts/bench/beam-ab.ts --vs <checkout> csv --data <folder of CSV instances> [--count 1] ...
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { brToInput, parseBr } from './br-format.ts';
import { generateSets } from './br-generate.ts';
import { loadCsvSets } from './csv-format.ts';
import { readCpuMs } from './process-cpu.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    vs: { type: 'string' },
    count: { type: 'string', default: '2' },
    seed: { type: 'string', default: '303' },
    support: { type: 'string', default: 'full' },
    variant: { type: 'string', default: '0' },
    reads: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '10' },
    data: { type: 'string', default: '../shared/data/clp/br' },
  },
});

interface Checkout {
  search: any;
  problem: any;
  state: any;
  ticker: any;
  firstView: any;
}

async function checkoutOf(root: string): Promise<Checkout> {
  const at = (p: string) => import(pathToFileURL(join(resolve(root), p)).href);
  return {
    search: await at('solver/pack/search.ts'),
    problem: await at('solver/pack/problem.ts'),
    state: await at('solver/pack/state.ts'),
    ticker: await at('solver/ticker.ts'),
    firstView: await at('scripts/bench/first-view.ts'),
  };
}

const GENERAL = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };
const POLICIES = [
  { anchor: 'corner', order: 'volume' }, { anchor: 'wall', order: 'section' }, { anchor: 'wall', order: 'volume' },
];

/** A beam runner of variant k on the instance for one checkout: each call one beam search from the empty Unit. */
function runnerOf(c: Checkout, input: any, k: number): () => { ms: number; plan: string } {
  let reads = 0;
  const ticker = new c.ticker.Ticker({ now: () => reads++ * 0.01 });
  const { prep, view, left, phases, minDim, groupBlock } = c.firstView.firstView(input, ticker);
  const variants = POLICIES.flatMap((p) => [GENERAL, null].map((general) => ({ spec: { ...view.spec, ...p }, general, columns: false })));
  variants.push({ spec: { ...view.spec, anchor: 'wall', order: 'section' }, general: null, columns: true });
  const v = variants[k];
  const p = new c.problem.UnitProblem(v.spec, prep.items, left, phases, view.orientationsOf, groupBlock, minDim, ticker, v.general, 0, new Map(), v.columns, !v.columns);
  for (let ph = 0; ph < phases.length; ph++) p.blocks(ph);
  const root = new c.state.PackState(view.spec, prep.items.length);
  const reads0 = Number(values.reads);
  return () => {
    reads = 0;
    const t0 = readCpuMs();
    const state = c.search.beamSearch(p, root, reads0 * 0.01);
    const ms = readCpuMs() - t0;
    const text = state.placed.map((q: any) => `${q.x},${q.y},${q.z},${q.block.dx},${q.block.dy},${q.block.dz},${q.block.item}`).join(';');
    return { ms, plan: createHash('sha1').update(text).digest('hex').slice(0, 10) };
  };
}

const median = (a: number[]) => {
  const s = a.slice().sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!values.vs) throw new Error('--vs <checkout> is required');
const mine = await checkoutOf('.');
const base = await checkoutOf(values.vs);
const set = positionals[0] ?? 'T100';
const instances = set === 'csv'
  ? loadCsvSets(values.data!, Number(values.count)).flatMap((s) => s.instances.map((i) => ({ inst: i, name: `${s.set} #${i.number}` })))
  : set.startsWith('T')
    ? generateSets([Number(set.slice(1))], Number(values.count), Number(values.seed))[0].instances.map((i) => ({ inst: i, name: `${set} #${i.number}` }))
    : parseBr(readFileSync(`${values.data}/thpack${set.slice(2)}.txt`, 'utf8')).slice(0, Number(values.count)).map((i) => ({ inst: i, name: `${set} #${i.number}` }));
const rounds = Number(values.rounds);
const all: number[] = [], least: number[] = [];
let differ = 0;
for (const { inst, name } of instances) {
  const input = brToInput(inst, { seconds: 0, support: values.support as 'full' | 'none' });
  const a = runnerOf(mine, input, Number(values.variant));
  const b = runnerOf(base, input, Number(values.variant));
  // One run each first (bitsets built, code compiled), not counted.
  a();
  b();
  const ratios: number[] = [];
  let minA = Infinity, minB = Infinity;
  for (let r = 0; r < rounds; r++) {
    const [x, y] = r % 2 === 0 ? [a(), b()] : (([q, p]) => [p, q])([b(), a()]);
    if (x.plan !== y.plan) differ++;
    ratios.push(y.ms / x.ms);
    minA = Math.min(minA, x.ms);
    minB = Math.min(minB, y.ms);
  }
  all.push(...ratios);
  least.push(minB / minA);
  console.log(`${name}: base/this median ${median(ratios).toFixed(3)}, least ${Math.round(minB)} / ${Math.round(minA)} ms = ${(minB / minA).toFixed(3)}, faster ${ratios.filter((x) => x > 1).length} of ${ratios.length}`);
}
const geo = (v: number[]) => Math.exp(v.reduce((s, x) => s + Math.log(x), 0) / v.length);
console.log(`${set} ${values.support}: pairs ${all.length}, geometric mean ${geo(all).toFixed(3)}x, median ${median(all).toFixed(3)}x, least times ${geo(least).toFixed(3)}x, faster ${all.filter((x) => x > 1).length}, plans differing ${differ}`);
