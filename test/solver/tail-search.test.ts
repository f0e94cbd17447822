// The end of the best plan searched again (pack/tail-search.ts) and the replay it starts from.
import test from 'ava';
import { greedy, replay } from '../../solver/pack/search.ts';
import { PackState } from '../../solver/pack/state.ts';
import { searchTail } from '../../solver/pack/tail-search.ts';
import { Ticker } from '../../solver/ticker.ts';
import { fakeTicker, placements, sixTypes as items, sixTypesProblem, smallSpec as spec } from './helpers.ts';

for (const s of [spec, { ...spec, supportNone: true }]) {
  test(`replaying a greedy plan's decisions and completing it again gives the same plan (support ${s.supportNone ? 'none' : 'full'})`, (t) => {
    const root = new PackState(s, items.length);
    const problem = sixTypesProblem(new Ticker(), s);
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
  const problem = sixTypesProblem(new Ticker());
  const plan = greedy(problem, root.clone());
  const moved = plan.placed.map((p, i) => (i === 1 ? { ...p, x: p.x + 1 } : p));
  t.is(replay(problem, root, moved, 3), null);
});

test('the tail search never loads less than the plan it starts from, and repeats itself on the same clock', (t) => {
  const root = new PackState(spec, items.length);
  const run = () => {
    const ticker = fakeTicker();
    const problem = sixTypesProblem(ticker);
    const plan = greedy(problem, root.clone());
    return { plan, tail: searchTail(problem, root, plan, 3000, ticker) };
  };
  const { plan, tail: a } = run();
  t.true(a.volume >= plan.volume);
  t.deepEqual(placements(run().tail), placements(a));
});
