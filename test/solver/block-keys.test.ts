// The set of block shapes a general-block list keeps (pack/block-keys.ts).
import test from 'ava';
import { BlockKeys } from '../../solver/pack/block-keys.ts';

test('a shape is new once: the same extents, packing area and pieces again are not', (t) => {
  const keys = new BlockKeys();
  t.true(keys.add(600, 400, 300, [0, 0, 600, 400], [[1, 2], [3, 1]]));
  t.false(keys.add(600, 400, 300, [0, 0, 600, 400], [[1, 2], [3, 1]]));
});

test('shapes differing only in pieces taken, packing area or extents are distinct', (t) => {
  const keys = new BlockKeys();
  keys.add(600, 400, 300, [0, 0, 600, 400], [[1, 2]]);
  t.true(keys.add(600, 400, 300, [0, 0, 600, 400], [[1, 1], [2, 1]]));
  t.true(keys.add(600, 400, 300, [0, 0, 300, 400], [[1, 2]]));
  t.true(keys.add(600, 400, 300, null, [[1, 2]]));
  t.true(keys.add(400, 600, 300, [0, 0, 600, 400], [[1, 2]]));
});
