import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/** Every placement names a known Unit and cargo line; every Unit a known equipment row, once. */
export function checkReferences(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const seenUnits = new Set<number>();
  for (const u of ctx.result.units) {
    if (seenUnits.has(u.index)) out.push({ rule: 'unit-reference', message: `Unit ${u.index} is listed twice`, pieces: [] });
    seenUnits.add(u.index);
    if (!ctx.equipment.has(u.equipmentId)) {
      out.push({ rule: 'unit-reference', message: `Unit ${u.index} uses unknown equipment row ${u.equipmentId}`, pieces: [] });
    }
  }
  for (const p of ctx.result.placements) {
    if (!ctx.units.has(p.unitIndex)) {
      out.push({ rule: 'unit-reference', message: `${pieceName(p)} is placed in unknown Unit ${p.unitIndex}`, pieces: [pieceRef(p)] });
    }
    if (!ctx.lines.has(p.cargoLineId)) {
      out.push({ rule: 'line-reference', message: `${pieceName(p)} belongs to no cargo line of the input`, pieces: [pieceRef(p)] });
    }
  }
  return out;
}
