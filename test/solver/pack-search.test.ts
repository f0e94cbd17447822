// Where the single-Unit search puts blocks (the solve()-level tests prove the rules end to end).
import test from 'ava';
import type { Block, Item, Space } from '../../solver/model.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { WIDTHS, beamSearch, childMoves, feasibleMoves, greedy, merit, spaceOrder } from '../../solver/pack/search.ts';
import { PackState, place, type UnitSpec } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { makeRng } from '../../solver/prng.ts';
import { fitBitsOf } from '../../solver/pack/fit-bits.ts';
import type { Orientation } from '../../solver/types.ts';
import { blockOf, boxItem } from './helpers.ts';

const spec: UnitSpec = { L: 2000, W: 1000, H: 2000, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };

/** A box 1,000 mm wide. */
const item = (index: number, l: number, h: number, supportPermille = 1000): Item => boxItem(index, l, 1000, h, { supportPermille });

function problemOf(items: Item[], s: UnitSpec): UnitProblem {
  // as a Unit's improvement builds it: reach tables on
  return new UnitProblem(s, items, items.map(() => 1), [{ items: [1], groups: [] }], () => ['LWH'], () => null, 100, new Ticker(), null, 0, new Map(), false, true);
}

/** A piece 500 mm long at x 1000-1500: the space above it starts at x 0, over a gap. */
function stateWithTopInTheMiddle(items: Item[], s: UnitSpec): PackState {
  const state = new PackState(s, items.length);
  place(state, s, items, blockOf(items[0]), 1000, 0, 0, 100);
  return state;
}

test('above the floor a fully supported block goes onto a top face inside the space, not only at its corner', (t) => {
  const items = [item(0, 500, 500), item(1, 400, 300)];
  const state = stateWithTopInTheMiddle(items, spec);
  const above = state.spaces.findIndex((s) => s.z0 === 500);
  const moves = feasibleMoves(problemOf(items, spec), state, above, 5);
  t.deepEqual(moves.map((m) => [m.x, m.y, m.z]), [[1000, 0, 500]]);
});

test('a block longer than the top face below it is not offered there under full support', (t) => {
  const items = [item(0, 500, 500), item(1, 600, 300)];
  const state = stateWithTopInTheMiddle(items, spec);
  const above = state.spaces.findIndex((s) => s.z0 === 500);
  t.deepEqual(feasibleMoves(problemOf(items, spec), state, above, 5), []);
});

test('without a support rule the block still goes into the space corner', (t) => {
  const loose = { ...spec, supportNone: true };
  const items = [item(0, 500, 500), item(1, 600, 300)];
  const state = stateWithTopInTheMiddle(items, loose);
  const above = state.spaces.findIndex((s) => s.z0 === 500);
  t.deepEqual(feasibleMoves(problemOf(items, loose), state, above, 5).map((m) => [m.x, m.y, m.z]), [[0, 0, 500]]);
});

test('under a support rule a block whose top continues its neighbour\'s ranks above one of the same volume that leaves a step', (t) => {
  const items = [item(0, 500, 500), item(1, 400, 500), item(2, 500, 400)];
  const state = stateWithTopInTheMiddle(items, spec);
  const problem = problemOf(items, spec);
  // Both 0.2 m³, both against the piece at x 1000: one reaches its 500 mm top, one stops at 400 mm.
  const level = merit(problem, state, { block: blockOf(items[1]), x: 600, y: 0, z: 0 });
  const step = merit(problem, state, { block: blockOf(items[2]), x: 500, y: 0, z: 0 });
  t.true(level > step);
});

/** A 1,900 mm block on the floor at the front wall, in a space `length` mm long (the phase's only block is 400 mm long). */
function meritInSpace(length: number): number {
  const items = [item(0, 1900, 500), item(1, 400, 300)];
  const space = { x0: 0, y0: 0, z0: 0, x1: length, y1: 1000, z1: 2000, dead: -1 };
  return merit(problemOf(items, spec), new PackState(spec, items.length), { block: blockOf(items[0]), x: 0, y: 0, z: 0, space });
}

test('under a support rule a block that leaves a strip thinner than any block of the phase ranks below one that leaves none', (t) => {
  t.true(meritInSpace(2000) < meritInSpace(1900));
});

test('a strip as wide as the phase\'s smallest block is no waste', (t) => {
  t.is(meritInSpace(2300), meritInSpace(1900));
});

test('under a support rule a strip no row of the phase\'s pieces fills exactly counts what they leave of it', (t) => {
  // Pieces 400 mm long: a 600 mm strip takes one and leaves 200 mm, an 800 mm strip takes two.
  t.true(meritInSpace(2500) < meritInSpace(2700));
  t.is(meritInSpace(2700), meritInSpace(1900));
  t.is(meritInSpace(2500), meritInSpace(2100));
});

/** An empty Unit with two pieces: one 1,100 mm long that stops 100 mm below the roof, one 1,000 mm long that reaches it. */
function roofCase(s: UnitSpec) {
  const items = [item(0, 1100, 1900), item(1, 1000, 2000)];
  const problem = new UnitProblem(s, items, [1, 1], [{ items: [0, 1], groups: [] }], () => ['LWH'], () => null, 100, new Ticker());
  return { problem, state: new PackState(s, items.length) };
}

test('under a support rule the beam\'s first child is the block of best merit, not the biggest', (t) => {
  const { problem, state } = roofCase(spec);
  t.deepEqual(childMoves(problem, state, 1).moves.map((m) => m.block.item), [1]);
});

test('without a support rule the beam\'s first child is the block of best selection score (it reaches the roof), not the biggest', (t) => {
  const { problem, state } = roofCase({ ...spec, supportNone: true });
  t.deepEqual(childMoves(problem, state, 1).moves.map((m) => m.block.item), [1]);
});

test('the child the greedy itself takes is among a node\'s children and completes to the node\'s own greedy plan', (t) => {
  const { problem, state } = roofCase(spec);
  const { moves, own } = childMoves(problem, state, 2);
  t.true(own !== null && moves.includes(own));
  const child = state.clone();
  place(child, spec, problem.items, own!.block, own!.x, own!.y, own!.z, 100);
  const layout = (s: PackState) => s.placed.map((p) => [p.block.item, p.x, p.y, p.z]);
  t.deepEqual(layout(greedy(problem, child)), layout(greedy(problem, state.clone())));
});

/** An empty Unit's floor space and a phase of a big box 600 mm wide and a small one as wide as the Unit. */
function exactWidthCase(s: UnitSpec): { problem: UnitProblem; state: PackState } {
  const items = [boxItem(0, 1500, 600, 1000), boxItem(1, 400, 1000, 300)];
  const problem = new UnitProblem(s, items, [1, 1], [{ items: [0, 1], groups: [] }], () => ['LWH'], () => null, 100, new Ticker(), null, 0, new Map(), false, true);
  return { problem, state: new PackState(s, items.length) };
}

test('under a support rule a space also offers the first block after its biggest that fills its width exactly', (t) => {
  const { problem, state } = exactWidthCase(spec);
  t.deepEqual(feasibleMoves(problem, state, 0, 1).map((m) => m.block.dy), [600, 1000]);
});

test('without a support rule a space also offers the first block after its biggest that fills its width exactly', (t) => {
  const { problem, state } = exactWidthCase({ ...spec, supportNone: true });
  t.deepEqual(feasibleMoves(problem, state, 0, 1).map((m) => m.block.dy), [600, 1000]);
});

/** An empty Unit's floor space and a phase of a big box 600 mm wide and a small one 900 mm wide (100 mm short of the Unit's width). */
function nearWidthCase(columns: boolean): { problem: UnitProblem; state: PackState } {
  const items = [boxItem(0, 1500, 600, 1000), boxItem(1, 400, 900, 300)];
  const problem = new UnitProblem(spec, items, [1, 1], [{ items: [0, 1], groups: [] }], () => ['LWH'], () => null, 100, new Ticker(), null, 0, new Map(), columns, !columns);
  return { problem, state: new PackState(spec, items.length) };
}

test('on the floor of a fleet\'s column-block packing a space also offers the widest block filling its width to within 150 mm', (t) => {
  const { problem, state } = nearWidthCase(true);
  const moves = feasibleMoves(problem, state, 0, 1);
  t.deepEqual(moves.map((m) => m.block.dy), [600, 900]);
  t.true(moves[1].near);
});

test('a Unit\'s improvement (reach tables, no column blocks) is not offered the block filling the width to within 150 mm', (t) => {
  const { problem, state } = nearWidthCase(false);
  t.deepEqual(feasibleMoves(problem, state, 0, 1).map((m) => m.block.dy), [600]);
});

/** A Unit that takes one of three big boxes: no beam reaches the cargo's volume, so it runs out its ladder. */
function oneOfThree(): { problem: UnitProblem; root: PackState } {
  const s: UnitSpec = { ...spec, supportNone: true };
  const items = [boxItem(0, 1200, 1000, 1200)];
  const problem = new UnitProblem(s, items, [3], [{ items: [0], groups: [] }], () => ['LWH'], () => null, 100, new Ticker(), null, 0, new Map(), false, true);
  return { problem, root: new PackState(s, items.length) };
}

test('a beam search that gets through every width goes through them again without the sibling rule', (t) => {
  const { problem, root } = oneOfThree();
  const reached = { next: 0 };
  beamSearch(problem, root, Number.POSITIVE_INFINITY, { reached });
  t.is(reached.next, 2 * WIDTHS.length);
});

/**
 * A phase of `types` box types (12 unless told), 6 pieces each, with general blocks: enough
 * blocks that a scan steps over whole chunks, and (scanned often) uses the extent bitsets of
 * `fit-bits.ts`; from 13 types also the pieces-left bits.
 */
function manyBlocks(s: UnitSpec, types = 12): () => UnitProblem {
  const rng = makeRng(3);
  const items = Array.from({ length: types }, (_, i) =>
    boxItem(i, 100 * (2 + Math.floor(rng() * 5)), 100 * (2 + Math.floor(rng() * 4)), 100 * (2 + Math.floor(rng() * 5)), { weight: 50, supportPermille: i % 3 === 0 ? 1000 : 700 }),
  );
  const phase = { items: items.map((it) => it.index), groups: [] };
  const orientations = (): Orientation[] => ['LWH', 'WLH'];
  return () => new UnitProblem(s, items, items.map(() => 6), [phase], orientations, () => null, 100, new Ticker(), { minFill: 0.98, maxBlocks: 600, maxPairs: 300_000 }, 0, new Map(), false, true);
}

/** What a scan offers, comparable across problems: each move's block figures and position. */
const offered = (moves: ReturnType<typeof feasibleMoves>) => moves.map((m) => [m.block.dx, m.block.dy, m.block.dz, m.block.item, m.block.count, m.x, m.y, m.z]);

/** A clone of `state` with the smallest of its first 4 children placed (many decisions before the Unit is full); null when none fits. */
function smallestChild(problem: UnitProblem, state: PackState): PackState | null {
  const moves = childMoves(problem, state, 4).moves;
  if (moves.length === 0) return null;
  const m = moves[moves.length - 1];
  const next = state.clone();
  place(next, problem.spec, problem.items, m.block, m.x, m.y, m.z, 100);
  return next;
}

for (const supportNone of [false, true]) {
  test(`a scan through the extent bitsets offers the same moves and counts the same work as the plain scan (${supportNone ? 'no support rule' : 'support rule'})`, (t) => {
    const s: UnitSpec = { ...spec, H: 1000, payload: 4000, supportNone };
    const make = manyBlocks(s);
    const reused = make();
    reused.scanBits = true; // as a beam search sets it
    let state = new PackState(s, reused.items.length);
    let compared = 0;
    for (let step = 0; step < 40; step++) {
      for (const limit of [1, 5]) {
        // A fresh problem scans plainly (no beam search marked it for bitsets); the reused one
        // has scanned its list often.
        const fresh = make();
        for (let si = 0; si < state.spaces.length; si++) {
          const w0 = fresh.work, w1 = reused.work;
          const plain = feasibleMoves(fresh, state, si, limit);
          const bits = feasibleMoves(reused, state, si, limit);
          t.deepEqual(offered(bits), offered(plain));
          t.is(reused.work - w1, fresh.work - w0);
          compared++;
        }
      }
      const next = smallestChild(reused, state);
      if (next === null) break;
      state = next;
    }
    t.not(fitBitsOf(reused.figures(0), false), null);
    t.true(compared > 100 && state.placed.length > 5);
  });
}

test('a scan through the pieces-left bits offers the same moves and counts the same work as the plain scan, before and after a clone places more', (t) => {
  const s: UnitSpec = { ...spec, H: 1000, payload: 4000 };
  const make = manyBlocks(s, 16);
  const reused = make();
  reused.scanBits = true; // as a beam search sets it
  const same = (state: PackState) => {
    const fresh = make();
    for (let si = 0; si < state.spaces.length; si++) {
      const w0 = fresh.work, w1 = reused.work;
      t.deepEqual(offered(feasibleMoves(reused, state, si, 5)), offered(feasibleMoves(fresh, state, si, 5)));
      t.is(reused.work - w1, fresh.work - w0);
    }
  };
  let state = new PackState(s, reused.items.length);
  for (let step = 0; step < 40; step++) {
    same(state);
    const next = smallestChild(reused, state);
    if (next === null) break;
    same(next);
    // The parent shares its bits with the clone until one of them changes: still its own.
    same(state);
    state = next;
  }
  t.not(fitBitsOf(reused.figures(0), false)?.needs ?? null, null);
  t.true(state.placed.length > 5);
});

for (const supportNone of [false, true]) {
  test(`a scan that counts no work (a beam search's) offers the same moves as a counted scan (${supportNone ? 'no support rule' : 'support rule'})`, (t) => {
    const s: UnitSpec = { ...spec, H: 1000, payload: 4000, supportNone };
    const make = manyBlocks(s, 16);
    const uncounted = make(), counted = make();
    uncounted.scanBits = counted.scanBits = true;
    uncounted.countsWork = false;
    let state = new PackState(s, counted.items.length);
    let compared = 0;
    for (let step = 0; step < 40; step++) {
      for (const limit of [1, 5, 100]) {
        for (let si = 0; si < state.spaces.length; si++) {
          const w = uncounted.work;
          t.deepEqual(offered(feasibleMoves(uncounted, state, si, limit)), offered(feasibleMoves(counted, state, si, limit)));
          t.true(uncounted.work >= w);
          compared++;
        }
      }
      const next = smallestChild(counted, state);
      if (next === null) break;
      state = next;
    }
    t.not(fitBitsOf(uncounted.figures(0), false)?.needs ?? null, null);
    t.true(compared > 100 && state.placed.length > 5);
  });
}

test('a beam search counts work again once it returns (the greedies before the beams read it)', (t) => {
  const s: UnitSpec = { ...spec, H: 1000, payload: 4000 };
  const problem = manyBlocks(s)();
  beamSearch(problem, new PackState(s, problem.items.length), Number.POSITIVE_INFINITY);
  t.true(problem.countsWork);
  const fresh = manyBlocks(s)();
  fresh.scanBits = true;
  const w0 = problem.work, w1 = fresh.work;
  greedy(problem, new PackState(s, problem.items.length));
  greedy(fresh, new PackState(s, fresh.items.length));
  t.is(problem.work - w0, fresh.work - w1);
});

test('only a beam-searched problem builds extent bitsets: greedy packings (a fleet\'s first plan) scan plainly', (t) => {
  const s: UnitSpec = { ...spec, H: 1000, payload: 4000 };
  const make = manyBlocks(s);
  const greedyOnly = make();
  for (let k = 0; k < 3; k++) greedy(greedyOnly, new PackState(s, greedyOnly.items.length));
  t.is(fitBitsOf(greedyOnly.figures(0), false), null);
  const beamed = make();
  beamSearch(beamed, new PackState(s, beamed.items.length), Number.POSITIVE_INFINITY);
  t.not(fitBitsOf(beamed.figures(0), false), null);
});

test('the spaces are taken in fill order: nearest a corner by sorted distances, larger first on ties, the earlier on full ties', (t) => {
  const rng = makeRng(41);
  const at = (n: number) => Math.floor(rng() * n);
  const L = 1200, W = 600, H = 500;
  const specOf = (anchor: 'corner' | 'wall'): UnitSpec => ({ L, W, H, payload: 1e12, supportNone: false, anchor, order: 'volume' });
  for (let run = 0; run < 60; run++) {
    const spaces: Space[] = [];
    // Coarse coordinates: many ties on the keys and the volumes; every third run some half-millimetre
    // corners (keys that do not pack: ordered by the scratch keys).
    const half = run % 3 === 2 ? () => 0.5 * at(2) : () => 0;
    for (let k = 0; k < 1 + at(20); k++) {
      const x0 = 100 * at(6) + half(), y0 = 100 * at(3), z0 = 100 * at(3);
      spaces.push({ x0, y0, z0, x1: x0 + 100 * (1 + at(6)), y1: y0 + 100 * (1 + at(3)), z1: z0 + 100 * (1 + at(2)), dead: at(4) === 0 ? 0 : -1 });
    }
    // The same space objects under both policies in turn (a key cached for one must not serve the other).
    for (const anchor of run % 2 === 0 ? (['corner', 'wall', 'corner'] as const) : (['wall', 'corner', 'wall'] as const)) {
      const spec = specOf(anchor);
      const problem = { spec } as unknown as UnitProblem;
      const state = new PackState(spec, 1);
      state.spaces = spaces.slice();
      const keys = state.spaces.map((s, i) => {
        const dy = Math.min(s.y0, W - s.y1);
        const d = anchor === 'wall' ? [s.x0, s.z0, dy] : [Math.min(s.x0, L - s.x1), dy, s.z0].sort((a, b) => a - b);
        return { i, d, v: (s.x1 - s.x0) * (s.y1 - s.y0) * (s.z1 - s.z0), live: s.dead !== 0 };
      });
      const want = keys
        .filter((k) => k.live)
        .sort((a, b) => a.d[0] - b.d[0] || a.d[1] - b.d[1] || a.d[2] - b.d[2] || b.v - a.v || a.i - b.i)
        .map((k) => k.i);
      t.deepEqual(spaceOrder(problem, state), want);
    }
  }
});

test('under a support rule on many piece heights a block filling the space\'s width exactly is among the beam\'s children though its merit ranks it out', (t) => {
  // 50 boxes 600 mm wide of 50 heights (too many for a reach table) and one small box as wide as the Unit.
  const items = [...Array.from({ length: 50 }, (_, k) => boxItem(k, 400, 600, 300 + 10 * k)), boxItem(50, 300, 1000, 250)];
  const problem = new UnitProblem(spec, items, items.map(() => 1), [{ items: items.map((i) => i.index), groups: [] }], () => ['LWH'], () => null, 100, new Ticker(), null, 0, new Map(), false, true);
  const state = new PackState(spec, items.length);
  t.true(problem.manyHeights(0));
  const byMerit = feasibleMoves(problem, state, 0, 8).sort((a, b) => merit(problem, state, b) - merit(problem, state, a));
  t.false(byMerit.slice(0, 2).some((m) => m.block.dy === spec.W), 'the merit alone leaves the exact fit out of two children');
  const children = childMoves(problem, state, 2).moves;
  t.is(children.length, 2);
  t.true(children.some((m) => m.block.dy === spec.W));
});
