// Multi-container instances of the classic benchmark's kind (Ivancic, Mathur and Mohanty: 47
// problems, one container type, every box must go, fewest containers): one container type per
// problem, 2-5 box types of 300-1,200 mm with 20-400 copies each, no support rule.
// The optimum is unknown; the bench reports Units against the lower bound.
import { makeRng } from '../../solver/prng.ts';
import type { Orientation, SolveInput, SolverEquipment } from '../../solver/types.ts';
import { HIGH_CUBE } from './known-optimum.ts';

const MIN_SIDE = 300;
const MAX_SIDE = 1200;
const MIN_COPIES = 20;
const MAX_COPIES = 400;
/** Chance that a given side of a box type may stand upright (at least one always may). */
const UPRIGHT_ALLOWED = 0.7;

const CONTAINERS: SolverEquipment[] = [
  { ...HIGH_CUBE, id: '20dv', equipmentTypeId: '20dv', name: "20' dry", innerLengthMm: 5898, innerHeightMm: 2393 },
  { ...HIGH_CUBE, id: '40dv', equipmentTypeId: '40dv', name: "40' dry", innerHeightMm: 2393 },
  HIGH_CUBE,
];

/** Orientations (see orientation.ts) with W, L or H upright (entries 0, 1, 2; the draw keeps this order, so problems stay as measured). */
const UPRIGHT: Orientation[][] = [['LHW', 'HLW'], ['WHL', 'HWL'], ['LWH', 'WLH']];

export interface MultiContainer {
  seed: number;
  input: SolveInput;
  pieces: number;
}

/** Problem `seed` (1, 2, ...): its container, box types and counts are drawn from the seed alone. */
export function multiContainer(seed: number, seconds: number): MultiContainer {
  const rng = makeRng(seed * 7_919 + 17);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const container = CONTAINERS[int(0, CONTAINERS.length - 1)];
  const types = int(2, 5);
  let pieces = 0;
  const lines = Array.from({ length: types }, (_, i) => {
    const dims = [int(MIN_SIDE, MAX_SIDE), int(MIN_SIDE, MAX_SIDE), int(MIN_SIDE, MAX_SIDE)];
    const quantity = int(MIN_COPIES, MAX_COPIES);
    pieces += quantity;
    const upright = [0, 1, 2].filter(() => rng() < UPRIGHT_ALLOWED);
    const orientations = (upright.length > 0 ? upright : [2]).flatMap((d) => UPRIGHT[d]);
    return {
      id: `t${i}`, name: dims.join('x'), quantity, lengthMm: dims[0], widthMm: dims[1], heightMm: dims[2],
      // 150 kg/m3: payload never binds.
      weightG: Math.max(1, Math.round(((dims[0] * dims[1] * dims[2]) / 1e9) * 150_000)),
      orientations, stackable: true, fragile: false, groupKey: null, stop: null, minSupportPermille: 1000, frictionSurface: null,
    };
  });
  const input: SolveInput = {
    equipment: [container], lines, fixed: [], securing: null,
    options: { seed, timeBudgetMs: Math.round(seconds * 1000), supportRule: 'none' },
  };
  return { seed, input, pieces };
}
