// A region refill's own problem: the pieces the cleared plan leaves free, in one phase with blocks of their own (pack/refill-problem.ts).
import test from 'ava';
import type { Block, Item } from '../../solver/model.ts';
import type { Orientation } from '../../solver/types.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { ownRefills, refillProblem } from '../../solver/pack/refill-problem.ts';
import { moreRegions, rebuilt, searchRegions } from '../../solver/pack/region-search.ts';
import { greedy } from '../../solver/pack/search.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import { boxItem, fakeTicker, placements } from './helpers.ts';

const spec: UnitSpec = { L: 3000, W: 1200, H: 1200, payload: 1e12, supportNone: false, anchor: 'corner', order: 'volume' };
const GENERAL = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };

/** `lines` box types of one or two pieces (sizes spread by a fixed rule), the smallest 30 % in a second phase. */
function manyTypes(lines: number): { items: Item[]; counts: number[]; phases: { items: number[]; groups: number[] }[] } {
  const items = Array.from({ length: lines }, (_, i) => boxItem(i, 200 + ((i * 37) % 300), 150 + ((i * 53) % 250), 120 + ((i * 71) % 230), { orientations: ['LWH', 'WLH'] }));
  const counts = items.map((_, i) => 1 + (i % 3 === 0 ? 1 : 0));
  const bySize = items.map((it) => it.index).sort((a, b) => items[b].volume - items[a].volume || a - b);
  const cut = Math.round(0.7 * lines);
  return { items, counts, phases: [{ items: bySize.slice(0, cut), groups: [] }, { items: bySize.slice(cut), groups: [] }] };
}

function problemOf(lines: number, ticker = fakeTicker(), unit = spec): UnitProblem {
  const { items, counts, phases } = manyTypes(lines);
  return new UnitProblem(unit, items, counts, phases, (): Orientation[] => ['LWH', 'WLH'], () => null, 120, ticker, GENERAL, 0, new Map(), false, true);
}

/** The pieces per item a block takes. */
function needOf(b: Block): [number, number][] {
  return b.need ?? [[b.item, b.count]];
}

test('a refill problem holds, in one phase, exactly the pieces the cleared plan leaves free, and no block takes more', (t) => {
  const problem = problemOf(90);
  const root = new PackState(spec, problem.items.length);
  const plan = greedy(problem, root.clone());
  const cleared = rebuilt(problem, root, plan.placed, [0, 0, spec.L / 4, spec.W])!;
  const own = refillProblem(problem, cleared.state)!;
  t.truthy(own);
  t.is(own.phases.length, 1);
  const free = problem.items.map((_, i) => problem.remaining[i] - cleared.state.used[i]);
  t.deepEqual(own.phases[0].items.slice().sort((a, b) => a - b), free.flatMap((n, i) => (n > 0 ? [i] : [])));
  const blocks = own.blocks(0);
  t.true(blocks.some((b) => b.need !== undefined && b.need.length > 1));
  for (const b of blocks) for (const [i, n] of needOf(b)) t.true(n <= free[i]);
});

test('a refill pairs pieces of both phases of the Unit\'s cargo in one general block', (t) => {
  const problem = problemOf(90);
  const root = new PackState(spec, problem.items.length);
  const own = refillProblem(problem, root)!;
  const second = new Set(problem.phases[1].items);
  t.true(own.blocks(0).some((b) => b.need !== undefined && b.need.some(([i]) => second.has(i)) && b.need.some(([i]) => !second.has(i))));
});

test('a state already past its first phase gets no refill problem of its own', (t) => {
  // 300 lines: the second phase alone holds 90, enough for a refill problem of its own by count.
  const problem = problemOf(300);
  const state = new PackState(spec, problem.items.length);
  state.phase = 1;
  t.is(refillProblem(problem, state), null);
});

test('cargo of fewer than 81 lines keeps the Unit problem\'s blocks in its refills', (t) => {
  const problem = problemOf(80);
  t.is(refillProblem(problem, new PackState(spec, problem.items.length)), null);
});

test('a region search refilling from its own blocks never loads less than its plan, keeps full support and repeats itself', (t) => {
  const run = () => {
    const ticker = fakeTicker();
    const problem = problemOf(90, ticker);
    const root = new PackState(spec, problem.items.length);
    const plan = greedy(problem, root.clone());
    return { plan, regions: searchRegions(problem, root, plan, 20_000, ticker, true, true) };
  };
  const { plan, regions } = run();
  t.true(regions.volume >= plan.volume);
  for (const p of regions.placed) {
    if (p.z === 0) continue;
    let a = 0;
    for (const q of regions.placed) {
      if (q.z + q.block.dz !== p.z) continue;
      const ox = Math.min(p.x + p.block.dx, q.x + q.block.dx) - Math.max(p.x, q.x);
      const oy = Math.min(p.y + p.block.dy, q.y + q.block.dy) - Math.max(p.y, q.y);
      if (ox > 0 && oy > 0) a += ox * oy;
    }
    t.true(a >= p.block.dx * p.block.dy - 1e-6);
  }
  t.deepEqual(placements(run().regions), placements(regions));
});

test('refills fill from blocks of their own from 81 lines on', (t) => {
  t.true(ownRefills(problemOf(90), 0));
  t.false(ownRefills(problemOf(80), 0));
});

test('a single container\'s load of 80+ lines under a support rule gets more rounds of regions (and the tail search\'s time)', (t) => {
  t.true(moreRegions(problemOf(90), 0, true));
  t.true(moreRegions(problemOf(80), 0, true));
  t.false(moreRegions(problemOf(90), 0, false));
  t.false(moreRegions(problemOf(79), 0, true));
  t.false(moreRegions(problemOf(90, fakeTicker(), { ...spec, supportNone: true }), 0, true));
});
