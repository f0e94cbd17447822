// Lower bounds on the Units a cargo needs, for reports: by volume, by weight, and by the
// floor area of tall pieces. A piece taller than half the highest Unit in every way it may
// stand can have no such piece above or below it, so the footprints of all of them lie side
// by side on floors (an L1-style argument of Martello, Pisinger and Vigo, rotation-aware).
import { placedDims } from './orientation.ts';
import type { SolverCargoLine, SolverEquipment } from './types.ts';

export interface UnitBounds {
  volume: number;
  weight: number;
  /** Tall pieces' footprints against the largest floor. */
  tallFloor: number;
  bound: number;
}

export function unitBounds(lines: SolverCargoLine[], equipment: SolverEquipment[]): UnitBounds {
  const maxVolume = Math.max(...equipment.map((e) => e.innerLengthMm * e.innerWidthMm * e.innerHeightMm));
  const maxPayload = Math.max(...equipment.map((e) => e.maxPayloadG));
  const maxFloor = Math.max(...equipment.map((e) => e.innerLengthMm * e.innerWidthMm));
  const maxHeight = Math.max(...equipment.map((e) => e.innerHeightMm));
  let volume = 0, weight = 0, floor = 0;
  for (const l of lines) {
    volume += l.lengthMm * l.widthMm * l.heightMm * l.quantity;
    weight += l.weightG * l.quantity;
    const ways = l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o));
    if (ways.length > 0 && ways.every(([, , h]) => 2 * h > maxHeight)) {
      floor += Math.min(...ways.map(([x, y]) => x * y)) * l.quantity;
    }
  }
  const v = Math.ceil(volume / maxVolume), w = Math.ceil(weight / maxPayload), f = Math.ceil(floor / maxFloor);
  return { volume: v, weight: w, tallFloor: f, bound: Math.max(v, w, f) };
}
