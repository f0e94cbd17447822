import type { FixedPlacement, Placement } from '../../types.ts';
import type { CheckContext, Violation } from '../context.ts';

/**
 * Locked and manual placements of the input appear unchanged: same Unit index and
 * equipment row, same position and orientation, and still locked when they were.
 * (The input lists manual placements only when the caller did not allow replacing them.)
 */
export function checkFixedPlacements(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const byPiece = new Map<string, Placement>();
  for (const p of ctx.result.placements) byPiece.set(`${p.cargoLineId}\u0000${p.pieceIndex}`, p);
  for (const f of ctx.input.fixed) {
    if (!f.locked && !f.manual) continue;
    const p = byPiece.get(`${f.cargoLineId}\u0000${f.pieceIndex}`);
    const ref = { cargoLineId: f.cargoLineId, pieceIndex: f.pieceIndex };
    const kind = f.locked ? 'locked' : 'manual';
    if (!p) {
      out.push({ rule: 'fixed-placement', message: `${kind} piece ${f.cargoLineId}#${f.pieceIndex} is missing from the plan`, pieces: [ref] });
    } else if (!unchanged(ctx, f, p)) {
      out.push({
        rule: 'fixed-placement',
        message: `${kind} piece ${f.cargoLineId}#${f.pieceIndex} moved: expected Unit ${f.unitIndex} (${f.equipmentId}) ` +
          `at (${f.xMm}, ${f.yMm}, ${f.zMm}) ${f.rotation}, got Unit ${p.unitIndex} at (${p.xMm}, ${p.yMm}, ${p.zMm}) ${p.rotation}`,
        pieces: [ref],
      });
    }
  }
  return out;
}

function unchanged(ctx: CheckContext, f: FixedPlacement, p: Placement): boolean {
  return (
    p.unitIndex === f.unitIndex &&
    ctx.units.get(p.unitIndex)?.equipmentId === f.equipmentId &&
    p.xMm === f.xMm && p.yMm === f.yMm && p.zMm === f.zMm &&
    p.rotation === f.rotation &&
    (!f.locked || p.locked)
  );
}
