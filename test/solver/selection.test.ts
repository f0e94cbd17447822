// Which block goes into a space when no support rule holds (selection.ts).
import test from 'ava';
import type { Item, Space } from '../../solver/model.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { childMoves, greedy, greedyPick, spaceOrder } from '../../solver/pack/search.ts';
import { contactShare, selectionScore, touchingShare } from '../../solver/pack/selection.ts';
import { PackState, place, type UnitSpec } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { blockOf, boxItem, input, line, equipment, solveChecked } from './helpers.ts';

const loose: UnitSpec = { L: 2000, W: 1000, H: 1000, payload: 1e12, supportNone: true, anchor: 'wall', order: 'volume' };

function item(index: number, l: number, w: number, h: number): Item {
  return boxItem(index, l, w, h, { supportPermille: 0 });
}

function problemOf(items: Item[], counts: number[], s: UnitSpec = loose): UnitProblem {
  return new UnitProblem(s, items, counts, [{ items: items.map((it) => it.index), groups: [] }], () => ['LWH'], () => null, 100, new Ticker(), null, 0, new Map(), false, true);
}

const whole: Space = { x0: 0, y0: 0, z0: 0, x1: 2000, y1: 1000, z1: 1000, dead: -1 };

test('a block filling its whole space has all its surface on the space\'s faces', (t) => {
  const b = blockOf(item(0, 2000, 1000, 1000));
  t.is(contactShare({ block: b, x: 0, y: 0, z: 0, space: whole }), 1);
});

test('a block in the space corner touches only the faces it reaches', (t) => {
  const b = blockOf(item(0, 1000, 1000, 500));
  // floor, front wall, both side walls: not the back, not the ceiling
  const xy = 1000 * 1000, xz = 1000 * 500, yz = 1000 * 500;
  t.is(contactShare({ block: b, x: 0, y: 0, z: 0, space: whole }), (xy + yz + 2 * xz) / (2 * (xy + xz + yz)));
});

test('the touching share counts the Unit\'s walls a block reaches, not the faces of its space', (t) => {
  const a = item(0, 1000, 1000, 500);
  const problem = problemOf([a], [2]);
  const state = new PackState(loose, 1);
  // A space ending at x = 1500 (open room beyond): its face there touches nothing.
  const m = { block: blockOf(a), x: 500, y: 0, z: 0, space: { ...whole, x0: 500, x1: 1500 } };
  const xy = 1000 * 1000, xz = 1000 * 500, yz = 1000 * 500;
  // floor and both side walls, neither end
  t.is(touchingShare(problem, state, m, 0), (xy + 2 * xz) / (2 * (xy + xz + yz)));
  t.is(contactShare(m), (xy + 2 * xz + 2 * yz) / (2 * (xy + xz + yz)));
});

test('the touching share counts the faces shared with placed blocks, and gaps within the tolerance', (t) => {
  const a = item(0, 500, 1000, 500), b = item(1, 500, 500, 500);
  const problem = problemOf([a, b], [1, 1]);
  const state = new PackState(loose, 2);
  place(state, loose, problem.items, blockOf(a), 0, 0, 0, 100);
  const space = { ...whole, x0: 500 };
  const yz = 500 * 500, share = (f: number) => f / (2 * (3 * 500 * 500));
  // floor, the side wall at y = 0 and the placed block's face behind it
  const at = (x: number) => touchingShare(problem, state, { block: blockOf(b), x, y: 0, z: 0, space }, 0.02);
  t.is(at(500), share(3 * yz));
  // 5 mm apart (1 % of its 500 mm): still touching; 50 mm: not
  t.is(at(505), share(3 * yz));
  t.is(at(550), share(2 * yz));
});

test('of two blocks of one volume the one that reaches the ceiling scores higher', (t) => {
  const flat = item(0, 1000, 1000, 500), tall = item(1, 500, 1000, 1000);
  const problem = problemOf([flat, tall], [1, 1]);
  const state = new PackState(loose, 2);
  const sFlat = selectionScore(problem, state, { block: blockOf(flat), x: 0, y: 0, z: 0, space: whole });
  const sTall = selectionScore(problem, state, { block: blockOf(tall), x: 0, y: 0, z: 0, space: whole });
  t.true(sTall > sFlat);
});

test('a block leaving room no piece of the phase fills scores lower than one leaving room that fills', (t) => {
  // pieces 400 and 500 mm long: a 700 mm gap holds at most 500 (200 dead), a 600 mm gap nothing (dead)... 800 fills
  const a = item(0, 400, 1000, 1000), b = item(1, 500, 1000, 1000);
  const problem = problemOf([a, b], [10, 10]);
  const state = new PackState(loose, 2);
  const at = (x1: number) => selectionScore(problem, state, { block: blockOf(a, 2), x: 0, y: 0, z: 0, space: { ...whole, x1 } });
  t.true(at(1600) > at(1500)); // 800 mm left fills (400 + 400), 700 leaves 200 dead
});

test('of two blocks of one volume and shape the one of fewer pieces scores higher', (t) => {
  const big = item(0, 1000, 1000, 1000), small = item(1, 500, 1000, 1000);
  const problem = problemOf([big, small], [1, 2]);
  const state = new PackState(loose, 2);
  const one = selectionScore(problem, state, { block: blockOf(big), x: 0, y: 0, z: 0, space: whole });
  const two = selectionScore(problem, state, { block: blockOf(small, 2), x: 0, y: 0, z: 0, space: whole });
  t.true(one > two);
});

test('equal selection scores go to the earlier move', (t) => {
  const a = item(0, 1000, 1000, 1000);
  const problem = problemOf([a], [2]);
  const state = new PackState(loose, 1);
  const m = { block: blockOf(a), x: 0, y: 0, z: 0, space: whole };
  t.is(greedyPick(problem, state, [m, { ...m }]), 0);
});

test('without a support rule the greedy also weighs the first move after its choices that fills the space\'s height exactly', (t) => {
  const flat = item(0, 1000, 1000, 500), tall = item(1, 500, 1000, 1000);
  const problem = problemOf([flat, tall], [8, 1]);
  const state = new PackState(loose, 2);
  const low = { block: blockOf(flat), x: 0, y: 0, z: 0, space: whole };
  const moves = [...Array.from({ length: 8 }, () => ({ ...low })), { block: blockOf(tall), x: 0, y: 0, z: 0, space: whole }];
  t.is(greedyPick(problem, state, moves), 8);
});

/** 1,000 mm high: a 700 mm box (the biggest), a 500 and a 450 mm box, all 1 x 1 m. */
function threeHeights(): { items: Item[]; problem: UnitProblem; spec: UnitSpec } {
  const spec = { ...loose, L: 1000 };
  const items = [item(0, 1000, 1000, 700), item(1, 1000, 1000, 500), item(2, 1000, 1000, 450)];
  return { items, problem: problemOf(items, [1, 1, 1], spec), spec };
}

test('without a support rule the greedy takes a block leaving no dead room over a bigger one that does', (t) => {
  // the 700 mm box leaves 300 mm no box fills; the 500 mm one leaves room for the 450 mm one
  const { problem, spec } = threeHeights();
  const done = greedy(problem, new PackState(spec, 3));
  t.deepEqual(done.placed.map((p) => p.block.item), [1, 2]);
});

test('without a support rule the beam\'s children are the best by the selection score', (t) => {
  const { problem, spec } = threeHeights();
  const { moves } = childMoves(problem, new PackState(spec, 3), 1);
  t.deepEqual(moves.map((m) => m.block.item), [1]);
});

test('without a support rule a plan of many box types passes every rule and is the same on every run', (t) => {
  const lines = [
    line({ id: 'a', quantity: 7, lengthMm: 430, widthMm: 310, heightMm: 270, minSupportPermille: 0 }),
    line({ id: 'b', quantity: 5, lengthMm: 520, widthMm: 260, heightMm: 330, minSupportPermille: 0 }),
    line({ id: 'c', quantity: 9, lengthMm: 240, widthMm: 210, heightMm: 380, minSupportPermille: 0 }),
  ];
  const inp = input({ equipment: [equipment({ innerLengthMm: 1200, innerWidthMm: 800, innerHeightMm: 900 })], lines, options: { seed: 3, timeBudgetMs: 0, supportRule: 'none' } });
  const first = solveChecked(t, inp);
  t.deepEqual(solveChecked(t, inp).placements, first.placements);
});

test('in a Unit past two thirds full the score weighs a block\'s contact less', (t) => {
  const flat = item(0, 1000, 1000, 500), tall = item(1, 500, 1000, 1000);
  const problem = problemOf([flat, tall], [1, 1]);
  const score = (state: PackState, it: Item) => selectionScore(problem, state, { block: blockOf(it), x: 0, y: 0, z: 0, space: whole });
  const empty = new PackState(loose, 2);
  const full = new PackState(loose, 2);
  full.volume = 0.7 * loose.L * loose.W * loose.H;
  // the tall block reaches the ceiling, the flat one does not: that weighs less late in the Unit
  t.true(score(full, tall) / score(full, flat) < score(empty, tall) / score(empty, flat));
});

/** A corner Unit, its spaces: one on the floor 100 mm from two walls, one at the front left corner 300 mm up. */
function cornerSpaces(heights: number): { problem: UnitProblem; state: PackState } {
  const spec: UnitSpec = { ...loose, anchor: 'corner' };
  const items = Array.from({ length: heights }, (_, i) => item(i, 100, 100, 100 + i));
  const problem = problemOf(items, items.map(() => 1), spec);
  const state = new PackState(spec, items.length);
  state.spaces = [
    { x0: 0, y0: 0, z0: 300, x1: 500, y1: 500, z1: 1000, dead: -1 },
    { x0: 100, y0: 100, z0: 0, x1: 600, y1: 600, z1: 1000, dead: -1 },
  ];
  return { problem, state };
}

test('without a support rule and with many piece heights the corner policy fills the space of least summed wall distance first', (t) => {
  const { problem, state } = cornerSpaces(60);
  t.deepEqual(spaceOrder(problem, state), [1, 0]); // 100 + 100 + 0 against 0 + 0 + 300
});

test('with few piece heights the corner policy compares the sorted wall distances one by one', (t) => {
  const { problem, state } = cornerSpaces(3);
  t.deepEqual(spaceOrder(problem, state), [0, 1]); // (0, 0, 300) before (0, 100, 100)
});

test('the selection score falls with the block\'s piece count as count^-0.4, for counts of any size', (t) => {
  const big = item(0, 1000, 1000, 1000);
  const problem = problemOf([big], [1]);
  const state = new PackState(loose, 1);
  const score = (count: number) => selectionScore(problem, state, { block: { ...blockOf(big), count }, x: 0, y: 0, z: 0, space: whole });
  for (const count of [4, 4095, 4096, 250_000]) t.is(score(count), score(1) * count ** -0.4);
});
