// Platform columns: a crate too wide for one pallet on a layer of several pallets of one line.
import test from 'ava';
import type { Block, Item } from '../../solver/model.ts';
import { columnBlocks } from '../../solver/pack/column-blocks.ts';
import { palletItem as item, trailerSpec } from './helpers.ts';

const spec = trailerSpec;

/** nx * ny pieces of the item side by side, one layer. */
function layer(it: Item, nx = 1, ny = 1): Block {
  const n = nx * ny;
  return { dx: it.l * nx, dy: it.w * ny, dz: it.h, volume: it.volume * n, weight: it.weight * n, item: it.index, rotation: 'LWH', nx, ny, nz: 1, count: n, group: -1, pieces: null };
}

const crate = (over: Partial<Item> = {}) => item(1, { l: 1180, w: 1560, h: 900, stackable: false, supportPermille: 1000, ...over });

test('a crate too wide for one pallet stands on two pallets of one line side by side', (t) => {
  const items = [item(0), crate()];
  const platform = layer(items[0], 1, 2); // 1200 x 1600
  const cols = columnBlocks([layer(items[0]), platform, layer(items[1])], items, [2, 1], spec);
  const col = cols.find((c) => c.parts![0].block === platform && c.parts![1].block.item === 1);
  t.truthy(col);
  t.is(col!.dz, 1900);
  t.false(col!.flat);
});

test('a crate that leaves much of the platform bare gets no platform column', (t) => {
  const items = [item(0), crate({ l: 1000, w: 1300 })];
  const cols = columnBlocks([layer(items[0]), layer(items[0], 1, 2), layer(items[1])], items, [2, 1], spec);
  t.false(cols.some((c) => c.parts![1].block.item === 1));
});

test('no platform of a non-stackable or fragile line, and none above the Unit', (t) => {
  for (const over of [{ stackable: false }, { fragile: true }, { h: 1600 }]) {
    const items = [item(0, over), crate()];
    const cols = columnBlocks([layer(items[0]), layer(items[0], 1, 2), layer(items[1])], items, [2, 1], spec);
    t.false(cols.some((c) => c.parts![1].block.item === 1), JSON.stringify(over));
  }
});

test('a platform needs the pieces its line has left', (t) => {
  const items = [item(0), crate()];
  t.false(columnBlocks([layer(items[0]), layer(items[0], 1, 2), layer(items[1])], items, [1, 1], spec).some((c) => c.parts![1].block.item === 1));
});
