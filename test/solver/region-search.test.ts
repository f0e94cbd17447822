// Regions of the best plan emptied and searched again (pack/region-search.ts).
import test from 'ava';
import type { PlacedBlock } from '../../solver/model.ts';
import { rebuilt, roundsOf, searchRegions } from '../../solver/pack/region-search.ts';
import { beamSearch, greedy } from '../../solver/pack/search.ts';
import { PackState } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { fakeTicker, placements, sixTypes as items, sixTypesProblem, smallSpec as spec } from './helpers.ts';

/** Area of p's base lying on the tops of the others at its height. */
function supportedArea(p: PlacedBlock, all: readonly PlacedBlock[]): number {
  let a = 0;
  for (const q of all) {
    if (q === p || q.z + q.block.dz !== p.z) continue;
    const ox = Math.min(p.x + p.block.dx, q.x + q.block.dx) - Math.max(p.x, q.x);
    const oy = Math.min(p.y + p.block.dy, q.y + q.block.dy) - Math.max(p.y, q.y);
    if (ox > 0 && oy > 0) a += ox * oy;
  }
  return a;
}

test('clearing a slab of the length also clears every block standing on a cleared one', (t) => {
  const root = new PackState(spec, items.length);
  const problem = sixTypesProblem(new Ticker());
  const plan = greedy(problem, root.clone());
  t.true(plan.placed.some((p) => p.z > 0));
  let cleared = 0;
  for (let k = 0; k < 4; k++) {
    const slab = rebuilt(problem, root, plan.placed, [(k * spec.L) / 4, 0, ((k + 1) * spec.L) / 4, spec.W]);
    if (!slab) continue;
    cleared++;
    const start = slab.state;
    t.true(start.placed.length < plan.placed.length);
    t.is(start.placed.length + slab.removed.length, plan.placed.length);
    // What stays stands fully on what stays (full support), and no kept block has its middle in the slab.
    for (const p of start.placed) {
      if (p.z > 0) t.is(supportedArea(p, start.placed), p.block.dx * p.block.dy);
      const mid = p.x + p.block.dx / 2;
      t.false(mid >= (k * spec.L) / 4 && mid < ((k + 1) * spec.L) / 4);
    }
  }
  t.true(cleared > 0);
});

test('the region search never loads less than the plan it starts from, and repeats itself on the same clock', (t) => {
  const root = new PackState(spec, items.length);
  const run = () => {
    const ticker = fakeTicker();
    const problem = sixTypesProblem(ticker);
    const plan = greedy(problem, root.clone());
    return { plan, regions: searchRegions(problem, root, plan, 3000, ticker) };
  };
  const { plan, regions: a } = run();
  t.true(a.volume >= plan.volume);
  for (const p of a.placed) if (p.z > 0) t.is(supportedArea(p, a.placed), p.block.dx * p.block.dy);
  t.deepEqual(placements(run().regions), placements(a));
});

/** Volume two placed blocks share. */
function overlapVolume(a: PlacedBlock, b: PlacedBlock): number {
  const o = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  return o(a.x, a.x + a.block.dx, b.x, b.x + b.block.dx) * o(a.y, a.y + a.block.dy, b.y, b.y + b.block.dy) * o(a.z, a.z + a.block.dz, b.z, b.z + b.block.dz);
}

test('a refill varying the removed arrangement (the spine) puts blocks back only where they fit and stand', (t) => {
  const root = new PackState(spec, items.length);
  let refills = 0;
  for (let k = 0; k < 4; k++) {
    const problem = sixTypesProblem(fakeTicker());
    const plan = greedy(problem, root.clone());
    const slab = rebuilt(problem, root, plan.placed, [(k * spec.L) / 4, 0, ((k + 1) * spec.L) / 4, spec.W]);
    if (!slab) continue;
    refills++;
    const state = beamSearch(problem, slab.state, problem.ticker.now() + 3000, { spine: { blocks: slab.removed, volume: plan.volume } });
    for (let i = 0; i < state.placed.length; i++) {
      const p = state.placed[i];
      if (p.z > 0) t.is(supportedArea(p, state.placed), p.block.dx * p.block.dy);
      for (let j = 0; j < i; j++) t.is(overlapVolume(p, state.placed[j]), 0);
    }
    t.true(state.volume <= root.volume + problem.cargoVolume());
  }
  t.true(refills > 0);
});

test('more rounds of regions take turns: the slabs shifted by a quarter of a slab, then the quarters by halves shifted by half a quarter', (t) => {
  const problem = sixTypesProblem(fakeTicker());
  const { L, W } = problem.spec;
  const base = roundsOf(problem);
  const more = roundsOf(problem, 2);
  t.is(more.length, base.length + 2);
  t.deepEqual(more.slice(0, base.length), base);
  t.deepEqual(more[base.length][0], [L / 32, 0, L / 32 + L / 8, W]);
  t.deepEqual(more[base.length + 1][0], [L / 8, 0, L / 8 + L / 4, W / 2]);
  t.is(more[base.length + 1].length, 8);
});
