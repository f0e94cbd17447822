import type { Opening, Placement, SolverEquipment } from '../../types.ts';
import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/**
 * A piece passes through at least one opening of its Unit as placed: the rear door takes
 * its placed width and height, a side door its placed height (the length of a side
 * opening is not modelled), the open top anything.
 */
export function checkDoorOpenings(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const p of ctx.result.placements) {
    const eq = ctx.equipmentOfUnit(p.unitIndex);
    if (!eq) continue;
    if (!eq.openings.some((o) => passes(p, eq, o))) {
      out.push({
        rule: 'door-opening',
        message: `${pieceName(p)} (${p.widthMm} wide, ${p.heightMm} high as placed) passes through no opening ` +
          `(${eq.openings.join('/') || 'none'}; door ${eq.doorWidthMm}x${eq.doorHeightMm}) of Unit ${p.unitIndex}`,
        pieces: [pieceRef(p)],
      });
    }
  }
  return out;
}

export function passes(p: Placement, eq: SolverEquipment, opening: Opening): boolean {
  if (opening === 'top') return true;
  if (opening === 'side') return p.heightMm <= eq.doorHeightMm;
  return p.widthMm <= eq.doorWidthMm && p.heightMm <= eq.doorHeightMm;
}
