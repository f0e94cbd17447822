import { placedDims } from '../../orientation.ts';
import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/** Each piece is placed in an orientation its line allows, with the extents that orientation gives. */
export function checkOrientation(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const p of ctx.result.placements) {
    const line = ctx.lines.get(p.cargoLineId);
    if (!line) continue;
    if (!line.orientations.includes(p.rotation)) {
      out.push({
        rule: 'orientation',
        message: `${pieceName(p)} is placed ${p.rotation}, not one of ${line.orientations.join('/')}`,
        pieces: [pieceRef(p)],
      });
      continue;
    }
    const [l, w, h] = placedDims(line.lengthMm, line.widthMm, line.heightMm, p.rotation);
    if (p.lengthMm !== l || p.widthMm !== w || p.heightMm !== h) {
      out.push({
        rule: 'orientation',
        message: `${pieceName(p)} is ${p.lengthMm}x${p.widthMm}x${p.heightMm} but ${p.rotation} gives ${l}x${w}x${h}`,
        pieces: [pieceRef(p)],
      });
    }
  }
  return out;
}
