// The carve alone, timed for two checkouts in one process: the carves of greedy completions on one
// instance recorded once (each state's spaces and the box), then replayed by each checkout's carve,
// alternating rounds (CPU time; the kept spaces must agree). Prints the least-time ratio base / this.
//   npx tsx scripts/bench/carve-replay.ts --vs <checkout> [T100] [--seed 303] [--support full|none] [--rounds 10] [--starts 40]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { brToInput } from './br-format.ts';
import { generateSets } from './br-generate.ts';
import { readCpuMs } from './process-cpu.ts';
import { firstView } from './first-view.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { PackState } from '../../solver/pack/state.ts';
import { childMoves } from '../../solver/pack/search.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { Space } from '../../solver/model.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    vs: { type: 'string' },
    seed: { type: 'string', default: '303' },
    support: { type: 'string', default: 'full' },
    rounds: { type: 'string', default: '10' },
    starts: { type: 'string', default: '40' },
  },
});

interface Carve { spaces: Space[]; box: number[]; minDim: number; revive: number }

/** Carves of greedy completions: from the empty Unit, each start taking the k-th child at its first decisions. */
function record(): Carve[] {
  const set = positionals[0] ?? 'T100';
  const inst = generateSets([Number(set.slice(1))], 1, Number(values.seed))[0].instances[0];
  const input = brToInput(inst, { seconds: 0, support: values.support as 'full' | 'none' });
  let reads = 0;
  const ticker = new Ticker({ now: () => reads++ * 0.01 });
  const { prep, view, left, phases, minDim, groupBlock } = firstView(input, ticker);
  const spec = { ...view.spec, anchor: 'corner' as const, order: 'volume' as const };
  const problem = new UnitProblem(spec, prep.items, left, phases, view.orientationsOf, groupBlock, minDim, ticker,
    { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 }, 0, new Map(), false, true);
  const out: Carve[] = [];
  for (let start = 0; start < Number(values.starts); start++) {
    const state = new PackState(spec, prep.items.length);
    for (let d = 0; ; d++) {
      const { moves, own } = childMoves(problem, state, 4);
      if (moves.length === 0) break;
      const m = d < 3 ? moves[(start >> (2 * d)) % moves.length] : own!;
      const b = m.block;
      // The corners and dead marks before the carve (a copy: the carve changes the list, and a state its own spaces, in place).
      const spaces = state.spaces.map(({ x0, y0, z0, x1, y1, z1, dead }) => ({ x0, y0, z0, x1, y1, z1, dead }));
      out.push({ spaces, box: [m.x, m.y, m.z, m.x + b.dx, m.y + b.dy, m.z + b.dz], minDim: problem.minDim, revive: spec.supportNone ? -1 : m.z + b.dz });
      placeOf(problem, state, m);
    }
  }
  return out;
}

let placeOf: (problem: UnitProblem, state: PackState, m: any) => void;

interface Carver { name: string; run: (carves: Carve[]) => { ms: number; sum: number } }

async function carverOf(root: string): Promise<Carver> {
  const spaces = await import(pathToFileURL(join(resolve(root), 'solver/pack/spaces.ts')).href);
  if (spaces.carveStore) {
    // The flat store: each carve on a copy of the state's store (as a clone makes).
    return {
      name: root,
      run: (carves) => {
        const stores = carves.map((c) => spaces.storeOf(c.spaces) as Float64Array);
        const copies = process.env.COPY_TIMED ? [] : carves.map((c, i) => spaces.copyStore(stores[i], c.spaces.length) as Float64Array);
        const t0 = readCpuMs();
        let sum = 0;
        for (let i = 0; i < carves.length; i++) {
          const c = carves[i], b = c.box;
          const w = process.env.COPY_TIMED ? spaces.copyStore(stores[i], c.spaces.length) : copies[i];
          sum += spaces.carveStore(w, c.spaces.length, b[0], b[1], b[2], b[3], b[4], b[5], c.minDim, c.revive);
        }
        return { ms: readCpuMs() - t0, sum };
      },
    };
  }
  return {
    name: root,
    run: (carves) => {
      // Whole numbers as small integers (the search's spaces hold them so), in the search's field order.
      const int = (v: number) => (Number.isInteger(v) ? v | 0 : v);
      const lists = carves.map((c) => c.spaces.map((s) => ({
        x0: int(s.x0), y0: int(s.y0), z0: int(s.z0), x1: int(s.x1), y1: int(s.y1), z1: int(s.z1), dead: int(s.dead), key: 0, keyLow: 0, keyOf: -1, owner: 1,
      })));
      const t0 = readCpuMs();
      let sum = 0;
      for (let i = 0; i < carves.length; i++) {
        const c = carves[i], b = c.box;
        sum += spaces.carveSpaces(lists[i].slice(), b[0], b[1], b[2], b[3], b[4], b[5], c.minDim, c.revive, 2).length;
      }
      return { ms: readCpuMs() - t0, sum };
    },
  };
}

const state = await import('../../solver/pack/state.ts');
placeOf = (problem, s, m) => state.place(s, problem.spec, problem.items, m.block, m.x, m.y, m.z, problem.minDim);
const carves = record();
const listed = carves.reduce((a, c) => a + c.spaces.length, 0) / carves.length;
console.log(`${carves.length} carves, ${listed.toFixed(1)} spaces listed each`);
const a = await carverOf('.');
const b = await carverOf(values.vs!);
a.run(carves); b.run(carves);
let minA = Infinity, minB = Infinity;
for (let r = 0; r < Number(values.rounds); r++) {
  const [x, y] = r % 2 === 0 ? [a.run(carves), b.run(carves)] : (([q, p]) => [p, q])([b.run(carves), a.run(carves)]);
  if (x.sum !== y.sum) throw new Error(`kept spaces differ: ${x.sum} against ${y.sum}`);
  minA = Math.min(minA, x.ms); minB = Math.min(minB, y.ms);
}
console.log(`least ${minB.toFixed(0)} / ${minA.toFixed(0)} ms = ${(minB / minA).toFixed(3)}x (base / this), ${(1e6 * minA / carves.length).toFixed(0)} ns a carve here`);
