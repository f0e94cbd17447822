// Known-optimum multi-Unit instances: cargo cut from K 40' high cubes by random guillotine
// cuts (every side 250-1,500 mm), then thinned at random to a share of their volume, so K
// Units are feasible (with full support: every cut box stands on the one below it).
import { makeRng } from '../../solver/prng.ts';
import type { Orientation, SolveInput, SolverEquipment } from '../../solver/types.ts';

const FREE: Orientation[] = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];
const MIN_SIDE = 250;
const MAX_SIDE = 1500;
/** Chance a box already within the limits is kept whole rather than cut further. */
const KEEP_WHOLE = 0.8;
/** 40' high cube, inner dimensions (mm). */
export const HIGH_CUBE: SolverEquipment = {
  id: '40hc', equipmentTypeId: '40hc', name: "40' high cube", innerLengthMm: 12_032, innerWidthMm: 2352, innerHeightMm: 2698,
  doorWidthMm: 2340, doorHeightMm: 2585, openings: ['rear'], maxPayloadG: 26_500_000, tareG: 0, axleProfile: null, maxUnits: null,
};

type Box = [number, number, number];

/** Cuts one box until every side is within 250-1,500 mm; sides may be cut further at random. */
function cut(box: Box, rng: () => number, out: Box[]): void {
  const cuttable = [0, 1, 2].filter((d) => box[d] >= 2 * MIN_SIDE);
  const must = cuttable.filter((d) => box[d] > MAX_SIDE);
  // Boxes already small enough are mostly kept whole, some cut further so sizes spread over the range.
  if (must.length === 0 && (cuttable.length === 0 || rng() < KEEP_WHOLE)) {
    out.push(box);
    return;
  }
  const dims = must.length > 0 ? must : cuttable;
  const d = dims[Math.floor(rng() * dims.length)];
  const at = MIN_SIDE + Math.floor(rng() * (box[d] - 2 * MIN_SIDE + 1));
  const a: Box = [...box], b: Box = [...box];
  a[d] = at;
  b[d] = box[d] - at;
  cut(a, rng, out);
  cut(b, rng, out);
}

export interface KnownOptimum {
  k: number;
  fill: number;
  seed: number;
  input: SolveInput;
  pieces: number;
}

/**
 * K containers cut into boxes, then boxes removed at random until `fill` of their volume
 * remains. `support: 'none'` is the classic rule set of the literature (no support rule).
 */
export function knownOptimum(k: number, fill: number, seed: number, seconds: number, support: 'per-line' | 'none' = 'per-line'): KnownOptimum {
  const rng = makeRng(seed * 1_000_003 + k * 101 + Math.round(fill * 100));
  const c = HIGH_CUBE;
  const boxes: Box[] = [];
  for (let u = 0; u < k; u++) cut([c.innerLengthMm, c.innerWidthMm, c.innerHeightMm], rng, boxes);
  const capacity = k * c.innerLengthMm * c.innerWidthMm * c.innerHeightMm;
  let volume = boxes.reduce((a, b) => a + b[0] * b[1] * b[2], 0);
  while (volume > fill * capacity) {
    const [b] = boxes.splice(Math.floor(rng() * boxes.length), 1);
    volume -= b[0] * b[1] * b[2];
  }
  // Same sizes (any way round) make one line.
  const lines = new Map<string, { dims: Box; quantity: number }>();
  for (const b of boxes) {
    const dims = [...b].sort((x, y) => y - x) as Box;
    const key = dims.join('x');
    const line = lines.get(key);
    if (line) line.quantity++;
    else lines.set(key, { dims, quantity: 1 });
  }
  const input: SolveInput = {
    equipment: [c],
    lines: [...lines.values()].map((l, i) => ({
      id: `b${i}`, name: l.dims.join('x'), quantity: l.quantity, lengthMm: l.dims[0], widthMm: l.dims[1], heightMm: l.dims[2],
      // 150 kg/m3: payload never binds.
      weightG: Math.max(1, Math.round((l.dims[0] * l.dims[1] * l.dims[2]) / 1e9 * 150_000)),
      orientations: FREE, stackable: true, fragile: false, groupKey: null, stop: null, minSupportPermille: 1000, frictionSurface: null,
    })),
    fixed: [],
    securing: null,
    options: { seed, timeBudgetMs: Math.round(seconds * 1000), supportRule: support },
  };
  return { k, fill, seed, input, pieces: boxes.length };
}
