import type { Placement, SolverCargoLine } from '../types.ts';

/** Cargo weight (g) of a Unit and its centre of gravity (mm, Unit frame); null centre when weightless. */
export interface UnitLoad {
  weightG: number;
  centre: { x: number; y: number; z: number } | null;
}

export function unitLoad(pieces: readonly Placement[], lines: ReadonlyMap<string, SolverCargoLine>): UnitLoad {
  let w = 0, mx = 0, my = 0, mz = 0;
  for (const p of pieces) {
    const g = lines.get(p.cargoLineId)?.weightG ?? 0;
    w += g;
    mx += g * (p.xMm + p.lengthMm / 2);
    my += g * (p.yMm + p.widthMm / 2);
    mz += g * (p.zMm + p.heightMm / 2);
  }
  return { weightG: w, centre: w > 0 ? { x: mx / w, y: my / w, z: mz / w } : null };
}
