// Maximal residual spaces: carving a box keeps exactly the maximal empty cuboids.
import test, { type ExecutionContext } from 'ava';
import type { Space } from '../../solver/model.ts';
import { carveSpaces, contains } from '../../solver/pack/spaces.ts';
import { makeRng } from '../../solver/prng.ts';

/** Every cut piece compared with every other space: the plain definition of the maximal set. */
function carvePlain(spaces: Space[], b: number[], minDim: number): Space[] {
  const [bx0, by0, bz0, bx1, by1, bz1] = b;
  const keep: Space[] = [];
  const fresh: Space[] = [];
  for (const s of spaces) {
    if (s.x1 <= bx0 || s.x0 >= bx1 || s.y1 <= by0 || s.y0 >= by1 || s.z1 <= bz0 || s.z0 >= bz1) {
      keep.push(s);
      continue;
    }
    if (bx0 - s.x0 >= minDim) fresh.push({ ...s, x1: bx0 });
    if (s.x1 - bx1 >= minDim) fresh.push({ ...s, x0: bx1 });
    if (by0 - s.y0 >= minDim) fresh.push({ ...s, y1: by0 });
    if (s.y1 - by1 >= minDim) fresh.push({ ...s, y0: by1 });
    if (bz0 - s.z0 >= minDim) fresh.push({ ...s, z1: bz0 });
    if (s.z1 - bz1 >= minDim) fresh.push({ ...s, z0: bz1 });
  }
  for (let i = 0; i < fresh.length; i++) {
    const f = fresh[i];
    let inside = keep.some((k) => contains(k, f));
    for (let j = 0; j < fresh.length && !inside; j++) {
      if (j !== i && contains(fresh[j], f) && (!contains(f, fresh[j]) || j < i)) inside = true;
    }
    if (!inside) keep.push(f);
  }
  return keep;
}

/** The spaces' corners and dead marks only (carving also carries each space's cached fill-order key). */
function corners(spaces: Space[]): Space[] {
  return spaces.map(({ x0, y0, z0, x1, y1, z1, dead }) => ({ x0, y0, z0, x1, y1, z1, dead }));
}

/** A box in the corner of a space, as the search places them: each side `size()` long, at most the space's. */
function cornerBox(s: Space, size: () => number): number[] {
  const dx = Math.min(s.x1 - s.x0, size()), dy = Math.min(s.y1 - s.y0, size()), dz = Math.min(s.z1 - s.z0, size());
  return [s.x0, s.y0, s.z0, s.x0 + dx, s.y0 + dy, s.z0 + dz];
}

/**
 * 40 runs of 25 boxes carved from one container, each in the corner of a space picked by
 * `pick`, with sides from `size`: carving and the plain definition keep the same spaces.
 */
function carvesAsPlain(t: ExecutionContext, container: Space, minDim: number, pick: (n: number) => number, size: () => number): void {
  for (let run = 0; run < 40; run++) {
    let fast: Space[] = [{ ...container }];
    let plain = fast.slice();
    for (let k = 0; k < 25; k++) {
      const box = cornerBox(fast[pick(fast.length)], size);
      fast = carveSpaces(fast, box[0], box[1], box[2], box[3], box[4], box[5], minDim);
      plain = carvePlain(plain, box, minDim);
      t.deepEqual(corners(fast), plain);
      if (fast.length === 0) break;
    }
  }
}

test('carving keeps the same maximal spaces as comparing every cut piece with every space', (t) => {
  const rng = makeRng(11);
  const at = (n: number) => Math.floor(rng() * n);
  // 20-200 long each way.
  carvesAsPlain(t, { x0: 0, y0: 0, z0: 0, x1: 1000, y1: 500, z1: 400, dead: -1 }, 20, at, () => 20 + at(180));
});

test('carving with new top faces at a height brings back the dead spaces whose floor lies there, and only those', (t) => {
  const rng = makeRng(23);
  const at = (n: number) => Math.floor(rng() * n);
  for (let run = 0; run < 40; run++) {
    let fast: Space[] = [{ x0: 0, y0: 0, z0: 0, x1: 1000, y1: 500, z1: 400, dead: -1 }];
    let plain = fast.slice();
    for (let k = 0; k < 25; k++) {
      // Some spaces left dead (as a scan that found nothing leaves them), the same on both sides.
      for (let i = 0; i < fast.length; i++) {
        if (at(3) === 0) {
          fast[i] = { ...fast[i], dead: at(4) };
          plain[i] = { ...plain[i], dead: fast[i].dead };
        }
      }
      const box = cornerBox(fast[at(fast.length)], () => 20 + at(180));
      fast = carveSpaces(fast, box[0], box[1], box[2], box[3], box[4], box[5], 20, box[5]);
      // The plain way: carve, then a pass reviving the dead spaces at the box's top.
      plain = carvePlain(plain, box, 20).map((p) => (p.dead >= 0 && p.z0 === box[5] ? { ...p, dead: -1 } : p));
      t.deepEqual(corners(fast), corners(plain));
      if (fast.length === 0) break;
    }
  }
});

test('carving without a revive height leaves every dead mark as it was', (t) => {
  const spaces: Space[] = [
    { x0: 0, y0: 0, z0: 100, x1: 1000, y1: 500, z1: 400, dead: 2 },
    { x0: 0, y0: 0, z0: 0, x1: 300, y1: 500, z1: 400, dead: 1 },
  ];
  const out = carveSpaces(spaces.slice(), 0, 0, 0, 100, 100, 100, 20);
  t.true(out.every((s) => s.dead >= 0));
});

test('carving keeps the same maximal spaces as the plain definition on fractional corners too', (t) => {
  const rng = makeRng(5);
  const at = (n: number) => Math.floor(rng() * n);
  // Tenths of a unit: sums of extents round, so boxes of different sizes may tie.
  const tenth = (n: number) => at(n) * 0.1;
  carvesAsPlain(t, { x0: 0, y0: 0, z0: 0, x1: 100, y1: 50, z1: 40, dead: -1 }, 2, at, () => 2 + tenth(180));
});

test('carving keeps the same maximal spaces as the plain definition on corners past 2^30', (t) => {
  const rng = makeRng(17);
  const at = (n: number) => Math.floor(rng() * n);
  // Whole corners too large for the differences' sign bits (the carve compares them one by one there).
  const unit = 2 ** 24;
  carvesAsPlain(t, { x0: 0, y0: 0, z0: 0, x1: 1000 * unit, y1: 500 * unit, z1: 400 * unit, dead: -1 }, 20 * unit, at, () => (20 + at(180)) * unit);
});

test('carving keeps the same maximal spaces as the plain definition where many cut pieces on a side hold or equal each other', (t) => {
  const rng = makeRng(31);
  const at = (n: number) => Math.floor(rng() * n);
  // Boxes on a coarse grid anywhere in the container (not only in a space's corner): each cuts many
  // spaces, whose pieces on one side often hold or equal one another.
  for (let run = 0; run < 40; run++) {
    let fast: Space[] = [{ x0: 0, y0: 0, z0: 0, x1: 1000, y1: 600, z1: 400, dead: -1 }];
    let plain = fast.slice();
    for (let k = 0; k < 25 && fast.length > 0; k++) {
      const x = 100 * at(10), y = 100 * at(6), z = 100 * at(4);
      const box = [x, y, z, Math.min(1000, x + 100 * (1 + at(3))), Math.min(600, y + 100 * (1 + at(3))), Math.min(400, z + 100 * (1 + at(2)))];
      fast = carveSpaces(fast, box[0], box[1], box[2], box[3], box[4], box[5], 100);
      plain = carvePlain(plain, box, 100);
      t.deepEqual(corners(fast), plain);
    }
  }
});
