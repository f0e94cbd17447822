// Block lists sorted without a comparator call per comparison (pack/block-sort.ts): the very
// order `list.sort(order)` gives, ties included.
import test from 'ava';
import type { Block } from '../../solver/model.ts';
import { makeRng } from '../../solver/prng.ts';
import { sortBlocks } from '../../solver/pack/block-sort.ts';
import { byCrossSection, byVolume } from '../../solver/pack/blocks.ts';

/** Blocks of few extents, so many tie on one, two or all three figures an order compares. */
function blocks(n: number, seed: number): Block[] {
  const rng = makeRng(seed);
  const pick = (values: number[]) => values[Math.floor(rng() * values.length)];
  return Array.from({ length: n }, (_, item) => {
    const dx = pick([400, 800, 1200]), dy = pick([400, 800]), dz = pick([500, 1000, 1500]);
    return {
      dx, dy, dz, volume: dx * dy * dz, weight: 1, item, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: 1, group: -1, pieces: null,
    };
  });
}

for (const [name, order] of [['cross-section', byCrossSection], ['volume', byVolume]] as const) {
  test(`sorted by ${name}: the stable sort's order, ties in their first order`, (t) => {
    for (const n of [0, 5, 64, 300, 2500]) {
      const list = blocks(n, n + 1);
      const expected = list.slice().sort(order);
      t.deepEqual(sortBlocks(list, order).map((b) => b.item), expected.map((b) => b.item));
    }
  });
}
