import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/** Every piece lies inside the inner space of its Unit's equipment. */
export function checkInsideUnit(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const p of ctx.result.placements) {
    const eq = ctx.equipmentOfUnit(p.unitIndex);
    if (!eq) continue;
    const inside =
      p.xMm >= 0 && p.yMm >= 0 && p.zMm >= 0 &&
      p.lengthMm > 0 && p.widthMm > 0 && p.heightMm > 0 &&
      p.xMm + p.lengthMm <= eq.innerLengthMm &&
      p.yMm + p.widthMm <= eq.innerWidthMm &&
      p.zMm + p.heightMm <= eq.innerHeightMm;
    if (!inside) {
      out.push({
        rule: 'inside-unit',
        message: `${pieceName(p)} at (${p.xMm}, ${p.yMm}, ${p.zMm}) size ${p.lengthMm}x${p.widthMm}x${p.heightMm} ` +
          `is not inside Unit ${p.unitIndex} (${eq.innerLengthMm}x${eq.innerWidthMm}x${eq.innerHeightMm})`,
        pieces: [pieceRef(p)],
      });
    }
  }
  return out;
}
