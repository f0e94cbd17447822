import test from 'ava';
import { formatBr, parseBr } from '../../scripts/bench/br-format.ts';
import { BR_CONTAINER, generateSets } from '../../scripts/bench/br-generate.ts';

const volume = (d: [number, number, number]) => d[0] * d[1] * d[2];

test('the same seed generates the same sets, another seed other ones', (t) => {
  t.deepEqual(generateSets([30, 1], 3, 1), generateSets([30, 1], 3, 1));
  t.notDeepEqual(generateSets([30], 3, 1), generateSets([30], 3, 2));
});

test('generated boxes follow the BR rules: side ranges, length >= width >= height, a side upright when under twice the height', (t) => {
  for (const { instances } of generateSets([30, 100], 5, 7)) {
    for (const inst of instances) {
      t.deepEqual(inst.container, BR_CONTAINER);
      for (const b of inst.boxes) {
        const [l, w, h] = b.dims;
        t.true(l >= w && w >= h && h >= 20 && l <= 120);
        t.deepEqual(b.upright, [l < 2 * h, w < 2 * h, true]);
      }
    }
  }
});

test('a many-type instance has every type and its cargo never exceeds the container', (t) => {
  for (const inst of generateSets([100], 5, 3)[0].instances) {
    t.is(inst.boxes.length, 100);
    const cargo = inst.boxes.reduce((a, b) => a + volume(b.dims) * b.quantity, 0);
    t.true(cargo <= volume(BR_CONTAINER));
    t.true(cargo >= 0.95 * volume(BR_CONTAINER));
  }
});

test('a one-type instance holds 41 to 1,169 copies of one box', (t) => {
  for (const inst of generateSets([1], 10, 5)[0].instances) {
    t.is(inst.boxes.length, 1);
    t.true(inst.boxes[0].quantity >= 41 && inst.boxes[0].quantity <= 1169);
  }
});

test('generated sets written in the BR format read back unchanged', (t) => {
  const [set] = generateSets([30], 2, 9);
  t.deepEqual(parseBr(formatBr(set.instances)), set.instances);
});
