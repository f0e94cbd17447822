// Engine-level rules of one Unit's packing state (the solve()-level tests prove them end to end).
import test from 'ava';
import type { Block, Item } from '../../solver/model.ts';
import { improveUnit } from '../../solver/pack/improve.ts';
import { canStand, PackState, place, type UnitSpec } from '../../solver/pack/state.ts';
import { greedy } from '../../solver/pack/search.ts';
import { fakeTicker, placements, sixTypes, sixTypesProblem, smallSpec } from './helpers.ts';
import type { Space } from '../../solver/model.ts';

const spec: UnitSpec = { L: 2000, W: 1000, H: 2000, payload: 1e12, supportNone: false, anchor: 'wall', order: 'section' };

function item(index: number, over: Partial<Item> = {}): Item {
  return {
    index, lineIndex: index, lineId: `l${index}`, l: 1000, w: 1000, h: 500, volume: 5e8, weight: 1000,
    orientations: ['LWH'], stackable: true, fragile: false, stop: null, phaseRank: 0, supportPermille: 800, group: -1, ...over,
  };
}

function single(it: Item): Block {
  return { dx: it.l, dy: it.w, dz: it.h, volume: it.volume, weight: it.weight, item: it.index, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: 1, group: -1, pieces: null };
}

test('a piece needs its support share: 80 % of its base on the piece below', (t) => {
  const items = [item(0), item(1)];
  const s = new PackState(spec, 2);
  place(s, spec, items, single(items[0]), 0, 0, 0, 100);
  t.true(canStand(s, spec, items, single(items[1]), 200, 0, 500)); // 800 of 1000 mm rests on it
  t.false(canStand(s, spec, items, single(items[1]), 300, 0, 500)); // only 700
});

test('a non-stackable piece never goes under the overhang of a piece already placed', (t) => {
  const items = [item(0), item(1), item(2, { l: 200, stackable: false })];
  const s = new PackState(spec, 3);
  place(s, spec, items, single(items[0]), 0, 0, 0, 100);
  place(s, spec, items, single(items[1]), 200, 0, 500, 100); // overhangs x 1000..1200
  t.false(canStand(s, spec, items, single(items[2]), 1000, 0, 0));
  t.true(canStand(s, spec, items, single(items[2]), 1200, 0, 0));
});

test('the overhang rule holds on every item list, asked in turn with lists that carry anything (no answer kept from another list)', (t) => {
  const items = [item(0), item(1), item(2, { l: 200, stackable: false })];
  const plain = [item(0), item(1), item(2, { l: 200 })];
  const s = new PackState(spec, 3);
  place(s, spec, items, single(items[0]), 0, 0, 0, 100);
  place(s, spec, items, single(items[1]), 200, 0, 500, 100); // overhangs x 1000..1200
  for (let k = 0; k < 3; k++) {
    t.true(canStand(s, spec, plain, single(plain[2]), 1000, 0, 0)); // every piece stackable: nothing carries little
    t.false(canStand(s, spec, items, single(items[2]), 1000, 0, 0));
  }
  // A list grown since it was last asked about is asked again.
  const grown = plain.slice(0, 2);
  t.true(canStand(s, spec, grown, single(plain[1]), 1000, 0, 0));
  grown.push(item(2, { l: 200, fragile: true }));
  t.false(canStand(s, spec, grown, single(grown[2]), 1000, 0, 0));
});

test('a fragile piece carries fragile pieces only up to its own weight, counting everything above', (t) => {
  const items = [item(0, { fragile: true, weight: 1000 }), item(1, { fragile: true, weight: 600, supportPermille: 1000 }), item(2, { fragile: true, weight: 500, supportPermille: 1000 })];
  const s = new PackState(spec, 3);
  place(s, spec, items, single(items[0]), 0, 0, 0, 100);
  place(s, spec, items, single(items[1]), 0, 0, 500, 100);
  // 600 + 500 on the bottom piece would be 1100 g > 1000 g.
  t.false(canStand(s, spec, items, single(items[2]), 0, 0, 1000));
});

test('without a support rule, on stackable pieces none of them fragile, no top faces are kept and the improved plan is the same', (t) => {
  const loose: UnitSpec = { ...smallSpec, supportNone: true };
  const run = (s: UnitSpec) => {
    const ticker = fakeTicker();
    return improveUnit((k, noise) => sixTypesProblem(ticker, { ...s, anchor: k === 0 ? 'corner' : 'wall' }, noise), 2, new PackState(s, sixTypes.length), 2000, ticker, 7);
  };
  const kept = run(loose);
  const skipped = run({ ...loose, skipFaces: true });
  t.true(kept.supports.length > 0);
  t.is(skipped.supports.length, 0);
  t.deepEqual(placements(skipped), placements(kept));
});

test('dead marks and revivals a state makes in place never reach a state cloned from it, nor its clone\'s back', (t) => {
  const corners = (spaces: Space[]) => spaces.map(({ x0, y0, z0, x1, y1, z1, dead }) => [x0, y0, z0, x1, y1, z1, dead]);
  const problem = sixTypesProblem(fakeTicker());
  const root = new PackState(smallSpec, sixTypes.length);
  // Part of a plan, then each branch finished on its own from clones of one another.
  const partial = greedy(problem, root.clone());
  const start = root.clone();
  for (const p of partial.placed.slice(0, 4)) place(start, smallSpec, sixTypes, p.block, p.x, p.y, p.z, problem.minDim);
  const before = corners(start.spaces);
  const branch = start.clone();
  const branchBefore = corners(branch.spaces);
  greedy(problem, branch); // marks spaces dead and carves (in place where it owns them)
  t.deepEqual(corners(start.spaces), before);
  const again = branch.clone();
  const againBefore = corners(again.spaces);
  greedy(problem, branch); // the branch goes on (nothing left to place: it marks the rest dead)
  greedy(problem, start);
  t.deepEqual(corners(again.spaces), againBefore);
  t.notDeepEqual(branchBefore, corners(branch.spaces));
});

test('the top faces per height read the same as a plain filter of the faces, through clones writing apart and a growing table', (t) => {
  const faceAt = (z: number, x: number) => ({ x0: x, y0: 0, x1: x + 10, y1: 10, z, noStack: false, fragile: false, cap: 0, below: null });
  const plain = (s: PackState, z: number) => s.supports.flatMap((f, i) => (f.z === z ? [i] : []));
  const root = new PackState(spec, 1);
  // 40 heights (past the first table's half), some with several faces, some fractional.
  for (let k = 0; k < 100; k++) root.addSupport(faceAt(k % 3 === 0 ? 7 + (k % 40) * 13 : 2.5 + (k % 40), k));
  const a = root.clone();
  const b = root.clone();
  for (let k = 0; k < 90; k++) a.addSupport(faceAt(7 + (k % 45) * 13, 1000 + k));
  for (let k = 0; k < 5; k++) b.addSupport(faceAt(2.5 + k, 2000 + k));
  const heights = new Set([...root.supports, ...a.supports, ...b.supports].map((f) => f.z));
  heights.add(3.25);
  heights.add(100000);
  for (const s of [root, a, b]) {
    for (const z of heights) t.deepEqual([...s.supportsAt(z)], plain(s, z), `height ${z}`);
  }
  t.is(root.supports.length, 100);
});
