import test from 'ava';
import { checkPlan } from '../../../solver/check/index.ts';
import { brokenRules, equipment, input, line, place, unit, withSteps } from './fixtures.ts';

const a = line('a', { quantity: 2 });

test('a valid two-piece plan breaks no rule', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a]), plan), []);
});

test('a piece lies inside its Unit', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 950, 0, 0)]);
  t.deepEqual(brokenRules(input([a]), plan), ['inside-unit']);
});

test('a piece never has a negative coordinate', (t) => {
  const plan = withSteps([place(a, 0, 0, -1, 0), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a]), plan), ['inside-unit']);
});

test('a piece never overlaps another', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 99, 50, 0)]);
  t.deepEqual(brokenRules(input([a]), plan), ['no-overlap']);
});

test('an overlap names both pieces', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 50, 0, 0)]);
  const [v] = checkPlan(input([a]), { placements: plan, units: [unit(0)], unloaded: [] });
  t.is(v.rule, 'no-overlap');
  t.deepEqual(v.pieces, [{ cargoLineId: 'a', pieceIndex: 0 }, { cargoLineId: 'a', pieceIndex: 1 }]);
  t.regex(v.message, /a#0 and a#1 overlap in Unit 0/);
});

test('pieces that only touch do not overlap', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 0, 100, 0)]);
  t.deepEqual(brokenRules(input([a]), plan), []);
});

test('pieces in different Units never overlap', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 0, 0, 0, { unitIndex: 1 })]);
  t.deepEqual(brokenRules(input([a]), plan), []);
});

test('a piece is placed in an orientation its line allows', (t) => {
  const upright = line('u', { lengthMm: 200, widthMm: 100, heightMm: 50 });
  const plan = withSteps([place(upright, 0, 0, 0, 0, { rotation: 'LHW' })]);
  t.deepEqual(brokenRules(input([upright]), plan), ['orientation']);
});

test('placed extents are those of the orientation', (t) => {
  const long = line('l', { lengthMm: 200, widthMm: 100, heightMm: 50 });
  const plan = withSteps([place(long, 0, 0, 0, 0, { rotation: 'WLH', lengthMm: 200, widthMm: 100 })]);
  t.deepEqual(brokenRules(input([long]), plan), ['orientation']);
});

test('a turned piece with the matching extents is valid', (t) => {
  const long = line('l', { lengthMm: 200, widthMm: 100, heightMm: 50 });
  const plan = withSteps([place(long, 0, 0, 0, 0, { rotation: 'WLH' })]);
  t.deepEqual(plan[0].lengthMm, 100);
  t.deepEqual(brokenRules(input([long]), plan), []);
});

test('a piece passes through the rear door with its placed width and height', (t) => {
  const wide = line('w', { lengthMm: 300, widthMm: 450, heightMm: 100 });
  const inp = input([wide], { equipment: [equipment({ doorWidthMm: 400 })] });
  t.deepEqual(brokenRules(inp, withSteps([place(wide, 0, 0, 0, 0)])), ['door-opening']);
  t.deepEqual(brokenRules(inp, withSteps([place(wide, 0, 0, 0, 0, { rotation: 'WLH' })])), []);
});

test('a side door takes any width but not more than its height', (t) => {
  const wide = line('w', { lengthMm: 300, widthMm: 450, heightMm: 300 });
  const side = input([wide], { equipment: [equipment({ doorWidthMm: 400, doorHeightMm: 350, openings: ['side'] })] });
  t.deepEqual(brokenRules(side, withSteps([place(wide, 0, 0, 0, 0)])), []);
  const low = input([wide], { equipment: [equipment({ doorWidthMm: 400, doorHeightMm: 250, openings: ['side'] })] });
  t.deepEqual(brokenRules(low, withSteps([place(wide, 0, 0, 0, 0)])), ['door-opening']);
});

test('an open top takes any piece', (t) => {
  const big = line('b', { lengthMm: 300, widthMm: 450, heightMm: 450 });
  const inp = input([big], { equipment: [equipment({ doorWidthMm: 100, doorHeightMm: 100, openings: ['rear', 'top'] })] });
  t.deepEqual(brokenRules(inp, withSteps([place(big, 0, 0, 0, 0)])), []);
});

test('a placement names a known cargo line', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0)]);
  plan[1].cargoLineId = 'ghost';
  t.true(brokenRules(input([a]), plan).includes('line-reference'));
});

test('a placement names a Unit of the result', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0, { unitIndex: 7 })]);
  t.deepEqual(brokenRules(input([a]), plan, [], [unit(0)]), ['unit-reference']);
});
