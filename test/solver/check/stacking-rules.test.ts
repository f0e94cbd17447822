import test from 'ava';
import { brokenRulesRestUnloaded as brokenRules, input, line, place, withSteps } from './fixtures.ts';

const a = line('a', { quantity: 3 });

test('a piece stacked exactly on another is supported', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 0, 0, 100)]);
  t.deepEqual(brokenRules(input([a]), plan), []);
});

test('a piece above the floor rests on cargo directly below', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 200, 0, 100)]);
  t.deepEqual(brokenRules(input([a]), plan), ['support']);
});

test('a piece hovering a millimetre above another is not supported', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 0, 0, 101)]);
  t.deepEqual(brokenRules(input([a]), plan), ['support']);
});

test('a piece needs its whole base supported by default', (t) => {
  // The top piece overhangs by 10 mm: 900 permille of its base rests on the piece below.
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 10, 0, 100)]);
  t.deepEqual(brokenRules(input([a]), plan), ['support']);
});

test('a line may accept partial support down to its minSupportPermille', (t) => {
  const partial = line('p', { quantity: 2, minSupportPermille: 900 });
  const plan = withSteps([place(partial, 0, 0, 0, 0), place(partial, 1, 10, 0, 100)]);
  t.deepEqual(brokenRules(input([partial]), plan), []);
});

test('support adds up over several pieces below', (t) => {
  const top = line('t', { lengthMm: 200 });
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0), place(top, 0, 0, 0, 100)]);
  t.deepEqual(brokenRules(input([a, top]), plan), []);
});

test('support is not checked when the support rule is none', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 200, 0, 100)]);
  const inp = input([a], { options: { seed: 1, timeBudgetMs: 0, supportRule: 'none' } });
  t.deepEqual(brokenRules(inp, plan), []);
});

test('nothing stands on a non-stackable piece', (t) => {
  const base = line('b', { stackable: false });
  const plan = withSteps([place(base, 0, 0, 0, 0), place(a, 0, 0, 0, 100)]);
  t.deepEqual(brokenRules(input([a, base]), plan), ['not-stackable']);
});

test('a non-stackable piece may stand on others', (t) => {
  const top = line('b', { stackable: false });
  const plan = withSteps([place(a, 0, 0, 0, 0), place(top, 0, 0, 0, 100)]);
  t.deepEqual(brokenRules(input([a, top]), plan), []);
});

test('only fragile pieces stand on a fragile piece', (t) => {
  const glass = line('g', { fragile: true, weightG: 5000 });
  const plan = withSteps([place(glass, 0, 0, 0, 0), place(a, 0, 0, 0, 100)]);
  t.deepEqual(brokenRules(input([a, glass]), plan), ['fragile']);
});

test('a fragile piece may carry fragile pieces up to its own weight', (t) => {
  const glass = line('g', { fragile: true, weightG: 2000, quantity: 3 });
  const plan = withSteps([place(glass, 0, 0, 0, 0), place(glass, 1, 0, 0, 100), place(glass, 2, 0, 0, 200)]);
  // The bottom piece carries 2000 + 2000 = 4000 g through the middle one: more than its 2000 g.
  t.deepEqual(brokenRules(input([glass]), plan), ['fragile']);
  t.deepEqual(brokenRules(input([glass]), plan.slice(0, 2)).filter((r) => r === 'fragile'), []);
});

test('a fragile piece carries no more than its own weight', (t) => {
  const light = line('l', { fragile: true, weightG: 1000 });
  const heavy = line('h', { fragile: true, weightG: 1500 });
  const plan = withSteps([place(light, 0, 0, 0, 0), place(heavy, 0, 0, 0, 100)]);
  t.deepEqual(brokenRules(input([light, heavy]), plan), ['fragile']);
});

test('loading steps of a Unit are 1..n, each once', (t) => {
  const plan = [place(a, 0, 0, 0, 0, { loadingStep: 1 }), place(a, 1, 100, 0, 0, { loadingStep: 1 })];
  t.deepEqual(brokenRules(input([a]), plan), ['loading-step']);
  const gap = [place(a, 0, 0, 0, 0, { loadingStep: 1 }), place(a, 1, 100, 0, 0, { loadingStep: 3 })];
  t.deepEqual(brokenRules(input([a]), gap), ['loading-step']);
});

test('a piece is loaded after the pieces it stands on', (t) => {
  const plan = [place(a, 0, 0, 0, 0, { loadingStep: 2 }), place(a, 1, 0, 0, 100, { loadingStep: 1 })];
  t.deepEqual(brokenRules(input([a]), plan), ['loading-step']);
});

test('loading steps are numbered per Unit', (t) => {
  const plan = [place(a, 0, 0, 0, 0, { loadingStep: 1 }), place(a, 1, 0, 0, 0, { unitIndex: 1, loadingStep: 1 })];
  t.deepEqual(brokenRules(input([a]), plan), []);
});
