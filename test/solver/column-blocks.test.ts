// Column blocks: a short line standing on another line's block, for cargo of many small lines.
import test from 'ava';
import type { Block, Item } from '../../solver/model.ts';
import { columnBlocks } from '../../solver/pack/column-blocks.ts';
import { palletItem as item, trailerSpec } from './helpers.ts';

const spec = trailerSpec;

function single(it: Item): Block {
  return { dx: it.l, dy: it.w, dz: it.h, volume: it.volume, weight: it.weight, item: it.index, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: 1, group: -1, pieces: null };
}

test('two pallets of different lines whose heights fit the Unit make a column', (t) => {
  const items = [item(0, { h: 1000 }), item(1, { h: 1300 })];
  const cols = columnBlocks(items.map(single), items, [1, 1], spec);
  t.true(cols.some((c) => c.dz === 2300 && c.parts![0].block.item === 0 && c.parts![1].block.item === 1));
});

test('a column never stands on a non-stackable or fragile piece', (t) => {
  const items = [item(0, { stackable: false }), item(1, { fragile: true }), item(2, { h: 900 })];
  const cols = columnBlocks(items.map(single), items, [1, 1, 1], spec);
  for (const c of cols) t.is(c.parts![0].block.item, 2);
});

test('a non-stackable piece may top a column, and nothing may then stand on the column', (t) => {
  const items = [item(0, { h: 1000 }), item(1, { h: 1300, stackable: false })];
  const col = columnBlocks(items.map(single), items, [1, 1], spec).find((c) => c.parts![1].block.item === 1);
  t.truthy(col);
  t.false(col!.flat);
});

test('the upper block lies wholly on the lower one', (t) => {
  const items = [item(0, { w: 1000, h: 1000 }), item(1, { w: 800, h: 1300 }), item(2, { w: 1200, h: 1300 })];
  const cols = columnBlocks(items.map(single), items, [1, 1, 1], spec);
  for (const c of cols) {
    const [lo, up] = c.parts!;
    t.true(up.block.dx <= lo.block.dx && up.block.dy <= lo.block.dy && up.z === lo.block.dz);
  }
  t.false(cols.some((c) => c.parts![1].block.item === 2 && c.parts![0].block.item !== 2));
});

test('no column is higher than the Unit', (t) => {
  const items = [item(0, { h: 1400 }), item(1, { h: 1100 })];
  t.deepEqual(columnBlocks(items.map(single), items, [1, 1], spec), []);
});

test('a line that stacks to the height on its own gets no column', (t) => {
  const items = [item(0, { h: 800 }), item(1, { h: 800 })];
  // Three pieces of 800 mm reach 2400 mm: a column of two lines (1600 mm) reaches less.
  t.deepEqual(columnBlocks(items.map(single), items, [3, 3], spec), []);
});

test('a lower block that a non-stackable piece can top carries only non-stackable pieces', (t) => {
  const items = [item(0, { w: 1000, h: 1000 }), item(1, { w: 1000, h: 1300 }), item(2, { w: 1000, h: 1200, stackable: false }), item(3, { h: 1000 })];
  const cols = columnBlocks(items.map(single), items, [1, 1, 1, 1], spec);
  // 1,000 mm + the 1,200 mm non-stackable piece fit the Unit: that lower keeps its top for it.
  t.deepEqual(cols.filter((c) => c.parts![0].block.item === 0).map((c) => c.parts![1].block.item), [2]);
  // 1,300 + 1,200 mm do not: that lower still carries a stackable line.
  t.deepEqual(cols.filter((c) => c.parts![0].block.item === 1).map((c) => c.parts![1].block.item), [3]);
});

test('a line that can carry a non-stackable piece goes on top of no other line', (t) => {
  // Item 0 carries the non-stackable item 2; on item 1 it would also make a column (2,300 mm, filled).
  const items = [item(0, { w: 1000, h: 1000 }), item(1, { w: 1000, h: 1300 }), item(2, { w: 1000, h: 1200, stackable: false })];
  const cols = columnBlocks(items.map(single), items, [1, 1, 1], spec);
  t.deepEqual(cols.filter((c) => c.parts![1].block.item === 0), []);
  // Without the non-stackable piece it is no carrier and tops item 1.
  const plain = columnBlocks(items.slice(0, 2).map(single), items, [1, 1, 0], spec);
  t.true(plain.some((c) => c.parts![0].block.item === 1 && c.parts![1].block.item === 0));
});

test("the bounds on the work reach a long phase's last lines: each of 40 lines carries columns", (t) => {
  // 40 x 39 pairs fit: 1,560 columns, past what the first lower blocks once used up (600).
  const items = Array.from({ length: 40 }, (_, k) => item(k, { h: 1000 + k }));
  const cols = columnBlocks(items.map(single), items, items.map(() => 1), spec);
  const lowers = new Set(cols.map((c) => c.parts![0].block.item));
  t.is(lowers.size, 40);
});
