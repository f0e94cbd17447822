// Seeded generator of realistic mixed cargo and of sea and road fleets for the scale bench.
import { makeRng } from '../../solver/prng.ts';
import type { Orientation, SolveInput, SolverCargoLine, SolverEquipment } from '../../solver/types.ts';

const FREE: Orientation[] = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];
const UPRIGHT: Orientation[] = ['LWH', 'WLH'];

function eq(id: string, name: string, l: number, w: number, h: number, dw: number, dh: number, payloadKg: number, openings: SolverEquipment['openings']): SolverEquipment {
  return {
    id, equipmentTypeId: id, name, innerLengthMm: l, innerWidthMm: w, innerHeightMm: h,
    doorWidthMm: dw, doorHeightMm: dh, openings, maxPayloadG: payloadKg * 1000, tareG: 0, axleProfile: null, maxUnits: null,
  };
}

export const FLEETS: Record<string, SolverEquipment[]> = {
  sea: [
    eq('20dv', "20' container", 5898, 2352, 2393, 2340, 2280, 28_200, ['rear']),
    eq('40dv', "40' container", 12_032, 2352, 2393, 2340, 2280, 26_700, ['rear']),
    eq('40hc', "40' high cube", 12_032, 2352, 2698, 2340, 2585, 26_500, ['rear']),
  ],
  road: [
    eq('semi', '13.6 m semi-trailer', 13_600, 2480, 2700, 2480, 2700, 24_000, ['rear', 'side']),
    eq('swap', 'swap body 7.45 m', 7450, 2480, 2700, 2480, 2650, 16_000, ['rear', 'side']),
    eq('rigid', 'rigid truck 7.2 m', 7200, 2480, 2500, 2450, 2400, 10_000, ['rear']),
  ],
};

/** Common shipping carton sizes (mm), many of them fractions of a EUR pallet footprint. */
const CARTONS: [number, number, number][] = [
  [600, 400, 400], [600, 400, 300], [600, 400, 200], [400, 300, 300], [400, 300, 200], [400, 300, 150],
  [300, 200, 200], [300, 200, 150], [800, 600, 400], [600, 500, 500], [500, 400, 400], [800, 400, 300],
];

/** One letter for a generated line's kind: S / N pallets stackable or not, C crate, c carton, L long goods. */
export function kindLetter(line: SolverCargoLine): string {
  if (line.name === 'pallet') return line.stackable ? 'S' : 'N';
  return line.name === 'crate' ? 'C' : line.name === 'carton' ? 'c' : 'L';
}

/**
 * `pieces` pieces over `pieces / 2` lines: pallets, cartons (some fragile), long goods,
 * crates that must not be stacked on; four Stops plus no-Stop cargo; a few keep-together groups.
 */
export function generateCargo(pieces: number, seed: number): SolverCargoLine[] {
  const rng = makeRng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const lineCount = Math.max(1, Math.floor(pieces / 2));
  const lines: SolverCargoLine[] = [];
  let left = pieces;
  for (let i = 0; i < lineCount; i++) {
    const quantity = i === lineCount - 1 ? left : Math.max(1, Math.min(left - (lineCount - i - 1), int(1, 3)));
    left -= quantity;
    const kind = rng();
    const stop = rng() < 0.2 ? null : int(1, 4);
    const base = {
      id: `L${i}`, quantity, stop, groupKey: null as string | null, minSupportPermille: 1000,
      frictionSurface: null, fragile: false, stackable: true,
    };
    if (kind < 0.35) {
      // Pallet (EUR or industrial), upright.
      const euro = rng() < 0.7;
      lines.push({ ...base, name: 'pallet', lengthMm: 1200, widthMm: euro ? 800 : 1000, heightMm: int(800, 1600), weightG: int(150, 800) * 1000, orientations: UPRIGHT, stackable: rng() < 0.6, minSupportPermille: 800 });
    } else if (kind < 0.85) {
      // Carton: half from a catalogue of common shipping sizes, half made to measure;
      // any way up; some fragile.
      const fragile = rng() < 0.1;
      const [l, w, h] = rng() < 0.5 ? CARTONS[int(0, CARTONS.length - 1)] : [int(250, 800), int(200, 600), int(150, 600)];
      lines.push({ ...base, name: 'carton', lengthMm: l, widthMm: w, heightMm: h, weightG: int(3, 40) * 1000, orientations: fragile ? UPRIGHT : FREE, fragile });
    } else if (kind < 0.95) {
      // Long goods: pipes, profiles; lie flat.
      lines.push({ ...base, name: 'long goods', lengthMm: int(2500, 6000), widthMm: int(150, 400), heightMm: int(100, 300), weightG: int(50, 400) * 1000, orientations: UPRIGHT });
    } else {
      // Crate nothing may stand on.
      lines.push({ ...base, name: 'crate', lengthMm: int(800, 2000), widthMm: int(600, 1200), heightMm: int(500, 1500), weightG: int(100, 1200) * 1000, orientations: UPRIGHT, stackable: false });
    }
  }
  // Keep-together groups: every 50th line with its neighbour.
  for (let i = 0; i + 1 < lines.length; i += 50) {
    lines[i].groupKey = `G${i}`;
    lines[i + 1].groupKey = `G${i}`;
    lines[i + 1].stop = lines[i].stop;
  }
  return lines;
}

/** Units needed at least: by volume, by weight and by floor area of what cannot be stacked on, for the biggest type. */
export function unitLowerBound(lines: SolverCargoLine[], fleet: SolverEquipment[]): { volume: number; weight: number; floor: number; bound: number } {
  const maxVol = Math.max(...fleet.map((e) => e.innerLengthMm * e.innerWidthMm * e.innerHeightMm));
  const maxPayload = Math.max(...fleet.map((e) => e.maxPayloadG));
  const maxFloor = Math.max(...fleet.map((e) => e.innerLengthMm * e.innerWidthMm));
  let vol = 0, weight = 0, floor = 0;
  for (const l of lines) {
    vol += l.lengthMm * l.widthMm * l.heightMm * l.quantity;
    weight += l.weightG * l.quantity;
    if (!l.stackable) floor += l.lengthMm * l.widthMm * l.quantity;
  }
  const volume = Math.ceil(vol / maxVol), w = Math.ceil(weight / maxPayload), f = Math.ceil(floor / maxFloor);
  return { volume, weight: w, floor: f, bound: Math.max(volume, w, f) };
}

/** The scale bench's solve input: the fleet's equipment, the cargo, securing for its legs (sea: road and sea, area B), a seed and a budget. */
export function scaleInput(fleet: string, lines: SolverCargoLine[], seed: number, budgetMs: number): SolveInput {
  return {
    equipment: FLEETS[fleet], lines, fixed: [],
    securing: { legs: fleet === 'sea' ? ['road', 'sea-b'] : ['road'], frictionPermille: null },
    options: { seed, timeBudgetMs: budgetMs },
  };
}
