// What the solver can take: pure checks of a SolveInput that the API runs before queuing a run.
// The contract's per-run cargo limits, checked before a run is queued.
import { placedDims } from '../orientation.ts';
import type { SolveInput, SolverCargoLine, SolverEquipment } from '../types.ts';

export const MAX_CARGO_LINES = 10_000;
export const MAX_PIECES = 20_000;
export const MAX_UNITS = 500;

/** The first limit the input breaks, as a message naming the limit and the count; null when within. */
export function limitViolation(input: SolveInput): string | null {
  if (input.lines.length > MAX_CARGO_LINES) {
    return `too many cargo lines for one Calculate: ${input.lines.length} (the limit is ${MAX_CARGO_LINES})`;
  }
  const pieces = input.lines.reduce((sum, l) => sum + l.quantity, 0);
  if (pieces > MAX_PIECES) return `too many pieces for one Calculate: ${pieces} (the limit is ${MAX_PIECES})`;
  const units = unitsLowerBound(input.equipment, input.lines);
  if (units > MAX_UNITS) {
    return `the cargo needs at least ${units} Units (the limit is ${MAX_UNITS} per Calculate)`;
  }
  return null;
}

/**
 * A lower bound on the Units the cargo needs, from weight, volume and floor area, each
 * measured against the largest value any equipment row offers. Pieces that fit no row
 * are left Unloaded, so they need no Unit and are not counted. Floor area counts only
 * pieces too tall for anything to stand on or under them in the tallest row.
 */
export function unitsLowerBound(equipment: SolverEquipment[], lines: SolverCargoLine[]): number {
  if (equipment.length === 0) return 0;
  const maxPayload = Math.max(...equipment.map((e) => e.maxPayloadG));
  const maxVolume = Math.max(...equipment.map((e) => e.innerLengthMm * e.innerWidthMm * e.innerHeightMm));
  const maxFloor = Math.max(...equipment.map((e) => e.innerLengthMm * e.innerWidthMm));
  const maxHeight = Math.max(...equipment.map((e) => e.innerHeightMm));
  let weight = 0, volume = 0, floor = 0;
  for (const line of lines) {
    if (!fitsSomeRow(line, equipment)) continue;
    weight += line.weightG * line.quantity;
    volume += line.lengthMm * line.widthMm * line.heightMm * line.quantity;
    const minHeight = Math.min(...line.orientations.map((o) => placedDims(line.lengthMm, line.widthMm, line.heightMm, o)[2]));
    if (2 * minHeight > maxHeight) {
      const footprint = Math.min(...line.orientations.map((o) => {
        const [dx, dy] = placedDims(line.lengthMm, line.widthMm, line.heightMm, o);
        return dx * dy;
      }));
      floor += footprint * line.quantity;
    }
  }
  return Math.max(Math.ceil(weight / maxPayload), Math.ceil(volume / maxVolume), Math.ceil(floor / maxFloor));
}

function fitsSomeRow(line: SolverCargoLine, equipment: SolverEquipment[]): boolean {
  return equipment.some((e) => line.weightG <= e.maxPayloadG && line.orientations.some((o) => {
    const [dx, dy, dz] = placedDims(line.lengthMm, line.widthMm, line.heightMm, o);
    return dx <= e.innerLengthMm && dy <= e.innerWidthMm && dz <= e.innerHeightMm;
  }));
}
