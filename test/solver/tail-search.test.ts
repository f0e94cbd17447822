// The end of the best plan searched again (pack/tail-search.ts) and the replay it starts from.
import test from 'ava';
import type { Item } from '../../solver/model.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { greedy, replay } from '../../solver/pack/search.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import { searchTail } from '../../solver/pack/tail-search.ts';
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

function problemOn(ticker: Ticker, s: UnitSpec = spec): UnitProblem {
  return new UnitProblem(s, items, items.map(() => 3), [{ items: items.map((i) => i.index), groups: [] }], () => ['LWH', 'WLH'], () => null, 250, ticker, null, 0);
}

const placements = (state: PackState) => state.placed.map((p) => [p.x, p.y, p.z, p.block.item, p.block.count]);

for (const s of [spec, { ...spec, supportNone: true }]) {
  test(`replaying a greedy plan's decisions and completing it again gives the same plan (support ${s.supportNone ? 'none' : 'full'})`, (t) => {
    const root = new PackState(s, items.length);
    const problem = problemOn(new Ticker(), s);
    const plan = greedy(problem, root.clone());
    const n = plan.placed.length;
    t.true(n > 4);
    const prefix = replay(problem, root, plan.placed, n - 4);
    t.truthy(prefix);
    t.deepEqual(placements(prefix!), placements(plan).slice(0, n - 4));
    t.deepEqual(placements(greedy(problem, prefix!)), placements(plan));
  });
}

test('a decision the problem cannot make is not replayed', (t) => {
  const root = new PackState(spec, items.length);
  const problem = problemOn(new Ticker());
  const plan = greedy(problem, root.clone());
  const moved = plan.placed.map((p, i) => (i === 1 ? { ...p, x: p.x + 1 } : p));
  t.is(replay(problem, root, moved, 3), null);
});

test('the tail search never loads less than the plan it starts from, and repeats itself on the same clock', (t) => {
  const root = new PackState(spec, items.length);
  const run = () => {
    const ticker = fakeTicker();
    const problem = problemOn(ticker);
    const plan = greedy(problem, root.clone());
    return { plan, tail: searchTail(problem, root, plan, 3000, ticker) };
  };
  const { plan, tail: a } = run();
  t.true(a.volume >= plan.volume);
  t.deepEqual(placements(run().tail), placements(a));
});
