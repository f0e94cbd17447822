// Small Int32Arrays as views into a shared slab (pack/int-slab.ts): every array is its own
// (writing one never changes another), a new one is zeroed, a copy equals its source.
import test from 'ava';
import { copyInts, newInts } from '../../solver/pack/int-slab.ts';

test('a new array is zeroed and no other array shares its entries', (t) => {
  const arrays = Array.from({ length: 200 }, (_, k) => newInts(1 + (k % 40)));
  arrays.forEach((a, k) => {
    t.true(a.every((v) => v === 0));
    a.fill(k + 1);
  });
  arrays.forEach((a, k) => t.true(a.every((v) => v === k + 1)));
});

test('a copy equals its source and changes apart from it, small or big (the big ones sliced)', (t) => {
  for (const n of [0, 3, 100, 512, 5000]) {
    const source = Int32Array.from({ length: n }, (_, i) => i * 7 - 3);
    const copy = copyInts(source);
    t.deepEqual(Array.from(copy), Array.from(source));
    if (n === 0) continue;
    copy[0] = 99;
    t.is(source[0], -3);
  }
});

test('arrays keep their entries across many slabs', (t) => {
  const first = copyInts(Int32Array.from([1, 2, 3]));
  // Well over one 64 KB slab of further arrays.
  for (let k = 0; k < 2000; k++) newInts(100).fill(-1);
  t.deepEqual(Array.from(first), [1, 2, 3]);
});
