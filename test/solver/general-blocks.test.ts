// General blocks: two blocks side by side or stacked, nearly filling their box.
import test from 'ava';
import type { Block, Item } from '../../solver/model.ts';
import { withGeneralBlocks } from '../../solver/pack/general-blocks.ts';
import { blockOf, boxItem } from './helpers.ts';
import type { UnitSpec } from '../../solver/pack/state.ts';

const spec: UnitSpec = { L: 2000, W: 1000, H: 2000, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };
const opts = { minFill: 0.9, maxBlocks: 1000, maxPairs: 100_000 };

/** Every pair of parts side by side (neither on the other) in the block and its sub-blocks. */
function sideBySide(b: Block): [Block, Block][] {
  if (!b.parts) return [];
  const [p, q] = b.parts;
  const here: [Block, Block][] = q.z === 0 ? [[p.block, q.block]] : [];
  return [...here, ...sideBySide(p.block), ...sideBySide(q.block)];
}

test('under a support rule blocks go side by side only at one height, so their top is one level face', (t) => {
  const items = [boxItem(0, 500, 500, 500), boxItem(1, 500, 500, 480), boxItem(2, 400, 500, 500)];
  const blocks = withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 1, 1], spec, opts, () => {});
  const pairs = blocks.flatMap(sideBySide);
  t.true(pairs.length > 0);
  for (const [a, b] of pairs) t.is(a.dz, b.dz);
});

test('without a support rule blocks of nearly the same height still go side by side', (t) => {
  const loose = { ...spec, supportNone: true };
  const items = [boxItem(0, 500, 500, 500), boxItem(1, 500, 500, 480)];
  const blocks = withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 1], loose, opts, () => {});
  t.true(blocks.flatMap(sideBySide).some(([a, b]) => a.dz !== b.dz));
});

test('general blocks come out the same for the same input', (t) => {
  const items = [boxItem(0, 500, 500, 500), boxItem(1, 500, 500, 500), boxItem(2, 400, 500, 500), boxItem(3, 600, 500, 250)];
  const make = () => withGeneralBlocks(items.map((it) => blockOf(it)), items, [2, 1, 1, 2], spec, opts, () => {});
  t.deepEqual(make(), make());
});

// A line of twelve boxes too big to pair with anything lifts the mean to 15 / 4 pieces a line (over 3.5).
const bigLine = boxItem(3, 1900, 990, 1900);

test('a block goes on the packing area of a block whose top is not all one face', (t) => {
  // 0 and 1 side by side at one height but of different depth: an L-shaped top whose
  // rectangle 1000 x 400 carries 2 (the whole box is not flat).
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 500, 400, 300), boxItem(2, 1000, 400, 300), bigLine];
  const blocks = withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 1, 1, 12], spec, { ...opts, minFill: 0.85 }, () => {});
  const lower = blocks.find((b) => b.parts && b.dz === 300 && b.dx === 1000 && b.flat === false);
  t.truthy(lower);
  t.deepEqual(lower!.area, [0, 0, 1000, 400]);
  const stacked = blocks.find((b) => b.parts?.[0].block === lower && b.parts?.[1].z === 300);
  t.truthy(stacked);
  // The upper part lies wholly on the packing area of the lower.
  const up = stacked!.parts![1];
  t.true(up.x >= 0 && up.y >= 0 && up.x + up.block.dx <= 1000 && up.y + up.block.dy <= 400);
});

// The L-shaped pair above: its packing area covers 80 % of its top.
const lItems = [boxItem(0, 500, 500, 300), boxItem(1, 500, 400, 300), boxItem(2, 1000, 400, 300)];
const lShaped = (blocks: Block[]) => blocks.some((b) => b.parts && b.dz === 300 && b.dx === 1000 && b.flat === false);
const loose = { ...opts, minFill: 0.85 };

test('under a support rule, on lines of at most 3.5 pieces on average, a combination whose packing area covers under 90 % of its top is not kept', (t) => {
  t.false(lShaped(withGeneralBlocks(lItems.map((it) => blockOf(it)), lItems, [1, 1, 1], spec, loose, () => {})));
});

test('on lines of more than 3.5 pieces on average a combination whose packing area covers under 90 % of its top is kept', (t) => {
  const more = [...lItems, bigLine];
  t.true(lShaped(withGeneralBlocks(more.map((it) => blockOf(it)), more, [1, 1, 1, 12], spec, loose, () => {})));
});

test('without a support rule the packing area decides nothing', (t) => {
  t.true(lShaped(withGeneralBlocks(lItems.map((it) => blockOf(it)), lItems, [1, 1, 1], { ...spec, supportNone: true }, loose, () => {})));
});

test('the packing area of a stack is the top of its upper block', (t) => {
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 500, 480, 300)];
  const blocks = withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 1], spec, opts, () => {});
  const stack = blocks.find((b) => b.dz === 600 && b.parts?.[0].block.item === 0);
  t.truthy(stack);
  t.false(stack!.flat);
  t.deepEqual(stack!.area, [0, 0, 500, 480]);
});

// 500 x 500 x 300 with 500 x 460 x 300 on top fills 96 % of its box (under 98 %); its packing area covers 92 % of its top.
const strict = { ...opts, minFill: 0.98 };
const stackOf = (blocks: Block[]) => blocks.find((b) => b.dz === 600 && b.parts?.[0].block.item === 0 && b.parts[1].block.item === 1);

test('under a support rule boxes of lines with one or two pieces pair at a looser fill', (t) => {
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 500, 460, 300)];
  t.truthy(stackOf(withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 2], spec, strict, () => {})));
});

test('boxes of lines with more pieces still pair only at the full fill where lines hold more than 1.7 pieces on average', (t) => {
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 500, 460, 300)];
  t.falsy(stackOf(withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 4], spec, strict, () => {})));
});

test('without a support rule boxes of scarce lines pair only at the full fill', (t) => {
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 500, 460, 300)];
  t.falsy(stackOf(withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 1], { ...spec, supportNone: true }, strict, () => {})));
});

// 2 beside the loose stack of 0 and 1 at its height would fill 97.9 % of their box (under 98 %); their
// joined packing area 970 x 460 covers 92 % of their top.
const threeLines = [boxItem(0, 500, 500, 300), boxItem(1, 500, 460, 300), boxItem(2, 470, 500, 600)];

test('a looser pair is not paired again at the looser fill where lines hold more than 1.7 pieces on average', (t) => {
  // A line of six boxes too big to pair with anything lifts the mean to 9 / 4 pieces.
  const items = [...threeLines, boxItem(3, 1900, 990, 1900)];
  const blocks = withGeneralBlocks(items.map((it) => blockOf(it)), items, [1, 1, 1, 6], spec, strict, () => {});
  t.truthy(stackOf(blocks));
  t.false(blocks.some((b) => b.need?.length === 3));
});

test('with lines of at most 1.7 pieces on average a scarce line pairs loosely with a pair too', (t) => {
  const blocks = withGeneralBlocks(threeLines.map((it) => blockOf(it)), threeLines, [1, 1, 1], spec, strict, () => {});
  const three = blocks.find((b) => b.need?.length === 3);
  t.truthy(three);
  t.true(three!.volume >= 0.93 * three!.dx * three!.dy * three!.dz);
});

test('with lines of at most 1.7 pieces on average a scarce line pairs loosely with a line of more pieces', (t) => {
  // 1 (one piece) beside a 500 x 500 x 300 box of 0 (three pieces): 94 % of their box.
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 470, 470, 300), boxItem(2, 100, 100, 100), boxItem(3, 100, 100, 100)];
  const blocks = withGeneralBlocks(items.map((it) => blockOf(it)), items, [3, 1, 1, 1], spec, strict, () => {});
  t.true(blocks.some((b) => b.parts?.length === 2 && b.need?.length === 2 && b.need[0][0] === 0 && b.need[1][0] === 1 && b.dz === 300));
});

test('lines of 1.7 pieces on average (80 box types) count as few: a scarce line pairs loosely with a line of more pieces; at 2 not', (t) => {
  // 1 (one piece) beside a 500 x 500 x 300 box of 0 (three pieces): 970 mm long, 94 % of their box.
  const items = [boxItem(0, 500, 500, 300), boxItem(1, 470, 470, 300), boxItem(2, 100, 100, 100)];
  const pair = (counts: number[]) => withGeneralBlocks(items.map((it) => blockOf(it)), items, counts, spec, strict, () => {})
    .some((b) => b.parts?.length === 2 && Math.max(b.dx, b.dy) === 970 && b.dz === 300);
  t.true(pair([3, 1, 1]));
  t.false(pair([3, 1, 2]));
});

test('without a support rule lines of one piece each pair only at the full fill', (t) => {
  const loose = { ...spec, supportNone: true };
  const blocks = withGeneralBlocks(threeLines.map((it) => blockOf(it)), threeLines, [1, 1, 1], loose, strict, () => {});
  t.false(blocks.some((b) => b.need?.length === 3));
});

// Two lines of 500 x 500 x 300 and 500 x 460 x 300 (their stack fills 96 % of its box) beside lines of one
// piece too big to pair with anything.
const withBigLines = (n: number) => [boxItem(0, 500, 500, 300), boxItem(1, 500, 460, 300), ...Array.from({ length: n }, (_, k) => boxItem(2 + k, 1900, 990, 1900))];

test('in a phase of twenty lines or more holding at most 1.7 pieces a line only a line of one piece pairs at the looser fill', (t) => {
  const items = withBigLines(20);
  const counts = items.map((it) => (it.index < 2 ? 2 : 1));
  t.falsy(stackOf(withGeneralBlocks(items.map((it) => blockOf(it)), items, counts, spec, strict, () => {})));
  counts[0] = 1;
  t.truthy(stackOf(withGeneralBlocks(items.map((it) => blockOf(it)), items, counts, spec, strict, () => {})));
});

test('in a phase of fewer than twenty lines a line of two pieces still pairs at the looser fill', (t) => {
  const items = withBigLines(2);
  t.truthy(stackOf(withGeneralBlocks(items.map((it) => blockOf(it)), items, [2, 2, 1, 1], spec, strict, () => {})));
});

// 500 x 500 x 300 beside 500 x 480 x 300 along x: 1000 x 500 (98 %); with the second turned: 980 x 500, full.
const turnable = [boxItem(0, 500, 500, 300), boxItem(1, 500, 480, 300, { orientations: ['LWH', 'WLH'] })];
const turned: Block = { ...blockOf(turnable[1]), dx: 480, dy: 500, rotation: 'WLH' };
const besideOf = (blocks: Block[], dx: number, dy: number) =>
  blocks.some((b) => b.parts && b.dz === 300 && b.dx === dx && b.dy === dy && b.need?.length === 2);

test('under a support rule, on lines of few pieces, a general block covered by another of the same pieces in a smaller box is not kept', (t) => {
  const blocks = withGeneralBlocks([...turnable.map((it) => blockOf(it)), turned], turnable, [1, 1], spec, { ...opts, minFill: 0.95 }, () => {});
  t.true(besideOf(blocks, 980, 500));
  t.false(besideOf(blocks, 1000, 500));
});

test('without a support rule a general block covered by another of the same pieces is kept', (t) => {
  const loose = { ...spec, supportNone: true };
  const blocks = withGeneralBlocks([...turnable.map((it) => blockOf(it)), turned], turnable, [1, 1], loose, { ...opts, minFill: 0.95 }, () => {});
  t.true(besideOf(blocks, 980, 500));
  t.true(besideOf(blocks, 1000, 500));
});
