// The scan's pieces-left bits (fit-bits.ts): one bit per block whose pieces are left, kept up to date per item.
import test from 'ava';
import { UnitProblem } from '../../solver/pack/problem.ts';
import type { UnitSpec } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { makeRng } from '../../solver/prng.ts';
import { aliveBits, fitBitsOf, killItem } from '../../solver/pack/fit-bits.ts';
import type { BlockFigures } from '../../solver/pack/problem.ts';
import type { Orientation } from '../../solver/types.ts';
import { boxItem } from './helpers.ts';

const spec: UnitSpec = { L: 2000, W: 1000, H: 1000, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };

/** A phase of 16 box types, 6 pieces each, with general blocks (pieces-left bits are kept from 13 types). */
function problemOf(): UnitProblem {
  const rng = makeRng(5);
  const items = Array.from({ length: 16 }, (_, i) =>
    boxItem(i, 100 * (2 + Math.floor(rng() * 5)), 100 * (2 + Math.floor(rng() * 4)), 100 * (2 + Math.floor(rng() * 5)), { weight: 50 }),
  );
  const orientations = (): Orientation[] => ['LWH', 'WLH'];
  return new UnitProblem(spec, items, items.map(() => 6), [{ items: items.map((it) => it.index), groups: [] }], orientations, () => null, 100, new Ticker(), { minFill: 0.98, maxBlocks: 600, maxPairs: 300_000 }, 0, new Map(), false, true);
}

/** Block j's pieces are left: each (item, count) it takes within what is left (blocks taking no item's pieces: always). */
function left(f: BlockFigures, j: number, used: Int32Array, remaining: ArrayLike<number>): boolean {
  if (f.item[j] >= 0) return used[f.item[j]] + f.count[j] <= remaining[f.item[j]];
  for (let k = f.needStart[j]; k < f.needStart[j + 1]; k++) if (used[f.needItem[k]] + f.needCount[k] > remaining[f.needItem[k]]) return false;
  return true;
}

test('the pieces-left bits hold exactly the blocks whose pieces are left, made afresh and kept up item by item as pieces are used', (t) => {
  const problem = problemOf();
  const f = problem.figures(0);
  let fb = fitBitsOf(f, true);
  while (fb === null) fb = fitBitsOf(f, true);
  const needs = fb.needs!;
  t.not(needs, null);
  const n = f.dx.length;
  const rng = makeRng(9);
  const used = new Int32Array(problem.items.length);
  const kept = aliveBits(needs, fb.words, n, used, problem.remaining).slice();
  const check = (alive: Int32Array) => {
    for (let j = 0; j < n; j++) if (((alive[j >> 5] >>> (j & 31)) & 1) !== (left(f, j, used, problem.remaining) ? 1 : 0)) return false;
    return true;
  };
  t.true(check(kept));
  let cleared = 0;
  for (let step = 0; step < 60; step++) {
    const item = Math.floor(rng() * problem.items.length);
    if (used[item] >= problem.remaining[item]) continue;
    used[item] += 1 + Math.floor(rng() * Math.min(2, problem.remaining[item] - used[item]));
    killItem(needs, fb.words, kept, item, used, problem.remaining);
    t.true(check(kept));
    t.deepEqual(Array.from(kept.subarray(0, fb.words)), Array.from(aliveBits(needs, fb.words, n, used, problem.remaining).subarray(0, fb.words)));
    cleared++;
  }
  t.true(cleared > 20 && n > 64);
});
