// BR-style instance generator, after Bischoff & Ratcliff (1995): the rules their BR1-BR7
// files follow, so sets of 30-100 box types (strongly heterogeneous) and one-type sets
// can be made from a seed. Our reading of the published rules, checked against the files:
// - container 587 x 233 x 220;
// - each type's sides drawn uniformly: length 30-120, width 25-100, height 20-80, with
//   length >= width >= height (every type in BR1-BR7 is so);
// - a side may stand vertical when it is less than twice the height (the smallest side), so
//   the height always may (this rule gives every flag of the 7,300 types of BR1-BR7 and the
//   52,100 of BR0 and BR8-BR15, without exception);
// - boxes are drawn one at a time, each of a type chosen uniformly, until the next one
//   would push the cargo over the container volume (so it fills 96-100 % of it); with
//   many types every type first gets one box, so a 100-type set has 100 types.
// One-type sets (BR0 style): one type per instance, as many copies as fit by volume,
// redrawn until that is 41-1,169 boxes (the published range of BR0).
import { makeRng } from '../../solver/prng.ts';
import type { BrBoxType, BrInstance } from './br-format.ts';

export const BR_CONTAINER: [number, number, number] = [587, 233, 220];

const between = (rng: () => number, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

function drawType(rng: () => number, type: number): BrBoxType {
  const sides = [between(rng, 30, 120), between(rng, 25, 100), between(rng, 20, 80)].sort((a, b) => b - a) as [number, number, number];
  const [l, w, h] = sides;
  return { type, dims: sides, upright: [l < 2 * h, w < 2 * h, true], quantity: 0 };
}

/** One instance of `types` box types (types >= 2), from its own seed. */
export function generateMixed(types: number, seed: number, number: number): BrInstance {
  const rng = makeRng(seed);
  const boxes = Array.from({ length: types }, (_, i) => drawType(rng, i + 1));
  const [L, W, H] = BR_CONTAINER;
  let room = L * W * H;
  for (const b of boxes) {
    const v = b.dims[0] * b.dims[1] * b.dims[2];
    if (v <= room) {
      room -= v;
      b.quantity = 1;
    }
  }
  for (;;) {
    const b = boxes[Math.floor(rng() * types)];
    const v = b.dims[0] * b.dims[1] * b.dims[2];
    if (v > room) break;
    room -= v;
    b.quantity++;
  }
  return { number, seed, container: BR_CONTAINER, boxes: boxes.filter((b) => b.quantity > 0).map((b, i) => ({ ...b, type: i + 1 })) };
}

/** One instance of a single box type with 41-1,169 copies. */
export function generateOneType(seed: number, number: number): BrInstance {
  const rng = makeRng(seed);
  const [L, W, H] = BR_CONTAINER;
  for (;;) {
    const b = drawType(rng, 1);
    const n = Math.floor((L * W * H) / (b.dims[0] * b.dims[1] * b.dims[2]));
    if (n >= 41 && n <= 1169) return { number, seed, container: BR_CONTAINER, boxes: [{ ...b, quantity: n }] };
  }
}

/**
 * Sets named `T30`, `T50`, ... (and `T1` for one type), `count` instances each. Instance k
 * of a set uses the seed seed * 1_000_003 + types * 1_009 + k, so sets do not share boxes.
 */
export function generateSets(typeCounts: number[], count: number, seed: number): { set: string; instances: BrInstance[] }[] {
  return typeCounts.map((types) => ({
    set: `T${types}`,
    instances: Array.from({ length: count }, (_, k) => {
      const s = (seed * 1_000_003 + types * 1_009 + k + 1) >>> 0;
      return types === 1 ? generateOneType(s, k + 1) : generateMixed(types, s, k + 1);
    }),
  }));
}
