// Regions of the best plan emptied and searched again (pack/region-search.ts).
import test from 'ava';
import type { Item, PlacedBlock } from '../../solver/model.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { rebuilt, searchRegions } from '../../solver/pack/region-search.ts';
import { greedy } from '../../solver/pack/search.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';

const spec: UnitSpec = { L: 2400, W: 1000, H: 1300, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };
const sizes = [[700, 400, 500], [600, 300, 450], [500, 500, 400], [450, 350, 300], [800, 250, 350], [300, 300, 300]];
const items: Item[] = sizes.map(([l, w, h], index) => ({
  index, lineIndex: index, lineId: `l${index}`, l, w, h, volume: l * w * h, weight: 1000,
  orientations: ['LWH', 'WLH'], stackable: true, fragile: false, stop: null, phaseRank: 0, supportPermille: 1000, group: -1,
}));

/** A clock that moves 1 ms per reading: the same readings give the same work. */
function fakeTicker(): Ticker {
  let t = 0;
  return new Ticker({ now: () => (t += 1) });
}

function problemOn(ticker: Ticker): UnitProblem {
  return new UnitProblem(spec, items, items.map(() => 3), [{ items: items.map((i) => i.index), groups: [] }], () => ['LWH', 'WLH'], () => null, 250, ticker, null, 0);
}

const placements = (state: PackState) => state.placed.map((p) => [p.x, p.y, p.z, p.block.item, p.block.count]);

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
  const problem = problemOn(new Ticker());
  const plan = greedy(problem, root.clone());
  t.true(plan.placed.some((p) => p.z > 0));
  let cleared = 0;
  for (let k = 0; k < 4; k++) {
    const start = rebuilt(problem, root, plan.placed, [(k * spec.L) / 4, 0, ((k + 1) * spec.L) / 4, spec.W]);
    if (!start) continue;
    cleared++;
    t.true(start.placed.length < plan.placed.length);
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
    const problem = problemOn(ticker);
    const plan = greedy(problem, root.clone());
    return { plan, regions: searchRegions(problem, root, plan, 3000, ticker) };
  };
  const { plan, regions: a } = run();
  t.true(a.volume >= plan.volume);
  for (const p of a.placed) if (p.z > 0) t.is(supportedArea(p, a.placed), p.block.dx * p.block.dy);
  t.deepEqual(placements(run().regions), placements(a));
});
