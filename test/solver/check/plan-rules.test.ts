import test from 'ava';
import type { FixedPlacement } from '../../../solver/types.ts';
import { brokenRules, equipment, input, line, place, unit, withSteps } from './fixtures.ts';

const a = line('a', { quantity: 2 });

test('every piece is placed or listed as unloaded', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0)]);
  t.deepEqual(brokenRules(input([a]), plan), ['piece-accounting']);
  t.deepEqual(brokenRules(input([a]), plan, [{ cargoLineId: 'a', quantity: 1, reason: 'does-not-fit' }]), []);
});

test('unloaded quantities never exceed what is not placed', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a]), plan, [{ cargoLineId: 'a', quantity: 1, reason: 'does-not-fit' }]), ['piece-accounting']);
});

test('a piece is placed only once', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 0, 100, 0, 0)]);
  t.true(brokenRules(input([a]), plan).includes('piece-accounting'));
});

test('a piece index is below the line quantity', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 2, 100, 0, 0)]);
  t.true(brokenRules(input([a]), plan).includes('piece-accounting'));
});

test('each Unit keeps within its payload', (t) => {
  const heavy = line('h', { quantity: 2, weightG: 600 });
  const inp = input([heavy], { equipment: [equipment({ maxPayloadG: 1000 })] });
  t.deepEqual(brokenRules(inp, withSteps([place(heavy, 0, 0, 0, 0), place(heavy, 1, 100, 0, 0)])), ['payload']);
  t.deepEqual(brokenRules(inp, withSteps([place(heavy, 0, 0, 0, 0), place(heavy, 1, 0, 0, 0, { unitIndex: 1 })])), []);
});

test('no more Units of an equipment row than its maxUnits', (t) => {
  const inp = input([a], { equipment: [equipment({ maxUnits: 1 })] });
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 0, 0, 0, { unitIndex: 1 })]);
  t.deepEqual(brokenRules(inp, plan), ['unit-limit']);
});

test('no more Units in all than maxUnitsTotal', (t) => {
  const inp = input([a], { options: { seed: 1, timeBudgetMs: 0, maxUnitsTotal: 1 } });
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 0, 0, 0, { unitIndex: 1 })]);
  t.deepEqual(brokenRules(inp, plan), ['unit-limit']);
});

test('a Unit uses an equipment row of the input', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a]), plan, [], [unit(0, 'nope')]), ['unit-reference']);
});

const g1 = line('g1', { groupKey: 'G' });
const g2 = line('g2', { groupKey: 'G' });
const other = line('o');

test('a keep-together group placed as one block breaks no rule', (t) => {
  const plan = withSteps([place(g1, 0, 0, 0, 0), place(g2, 0, 100, 0, 0), place(other, 0, 200, 0, 0)]);
  t.deepEqual(brokenRules(input([g1, g2, other]), plan), []);
});

test('a keep-together group is loaded into one Unit', (t) => {
  const plan = withSteps([place(g1, 0, 0, 0, 0), place(g2, 0, 0, 0, 0, { unitIndex: 1 }), place(other, 0, 200, 0, 0)]);
  t.deepEqual(brokenRules(input([g1, g2, other]), plan), ['keep-together']);
});

test('no other cargo lies inside a keep-together group', (t) => {
  const plan = withSteps([place(g1, 0, 0, 0, 0), place(other, 0, 100, 0, 0), place(g2, 0, 200, 0, 0)]);
  t.deepEqual(brokenRules(input([g1, g2, other]), plan), ['keep-together']);
});

test('a keep-together group is never split between placed and unloaded', (t) => {
  const plan = withSteps([place(g1, 0, 0, 0, 0), place(other, 0, 200, 0, 0)]);
  const unloaded = [{ cargoLineId: 'g2', quantity: 1, reason: 'group-does-not-fit' as const }];
  t.deepEqual(brokenRules(input([g1, g2, other]), plan, unloaded), ['keep-together']);
});

test('an unloaded keep-together group has the reason group-does-not-fit', (t) => {
  const plan = withSteps([place(other, 0, 0, 0, 0)]);
  const good = [
    { cargoLineId: 'g1', quantity: 1, reason: 'group-does-not-fit' as const },
    { cargoLineId: 'g2', quantity: 1, reason: 'group-does-not-fit' as const },
  ];
  t.deepEqual(brokenRules(input([g1, g2, other]), plan, good), []);
  const bad = [good[0], { cargoLineId: 'g2', quantity: 1, reason: 'does-not-fit' as const }];
  t.deepEqual(brokenRules(input([g1, g2, other]), plan, bad), ['keep-together']);
});

function fixedAt(x: number, over: Partial<FixedPlacement> = {}): FixedPlacement {
  return {
    unitIndex: 0, equipmentId: 'eq1', cargoLineId: 'a', pieceIndex: 0, xMm: x, yMm: 0, zMm: 0, rotation: 'LWH',
    locked: true, manual: false, ...over,
  };
}

test('a locked placement stays in its Unit', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0, { locked: true, unitIndex: 1 }), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a], { fixed: [fixedAt(0)] }), plan), ['fixed-placement']);
});

test('a locked placement stays where it is', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0, { locked: true }), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a], { fixed: [fixedAt(0)] }), plan), []);
  t.deepEqual(brokenRules(input([a], { fixed: [fixedAt(300)] }), plan), ['fixed-placement']);
});

test('a locked placement stays locked', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0), place(a, 1, 100, 0, 0)]);
  t.deepEqual(brokenRules(input([a], { fixed: [fixedAt(0)] }), plan), ['fixed-placement']);
});

test('a kept manual placement stays where it is', (t) => {
  const plan = withSteps([place(a, 0, 0, 0, 0, { manual: true }), place(a, 1, 100, 0, 0)]);
  const manual = fixedAt(0, { locked: false, manual: true });
  t.deepEqual(brokenRules(input([a], { fixed: [manual] }), plan), []);
  const turned = fixedAt(0, { locked: false, manual: true, rotation: 'WLH' });
  t.deepEqual(brokenRules(input([a], { fixed: [turned] }), plan), ['fixed-placement']);
});

test('a locked piece is never left unloaded', (t) => {
  const plan = withSteps([place(a, 1, 100, 0, 0)]);
  const unloaded = [{ cargoLineId: 'a', quantity: 1, reason: 'does-not-fit' as const }];
  t.deepEqual(brokenRules(input([a], { fixed: [fixedAt(0)] }), plan, unloaded), ['fixed-placement']);
});
