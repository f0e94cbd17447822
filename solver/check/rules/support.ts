import type { CheckContext, Violation } from '../context.ts';
import { footprintOverlap, pieceName, pieceRef } from '../geometry.ts';

/**
 * A piece above the floor rests on pieces whose top is exactly at its z, on at least
 * `minSupportPermille` of its base. Skipped when the options let pieces float.
 */
export function checkSupport(ctx: CheckContext): Violation[] {
  if (ctx.input.options.supportRule === 'none') return [];
  const out: Violation[] = [];
  for (const unitIndex of ctx.byUnit.keys()) {
    const g = ctx.geometry(unitIndex);
    g.pieces.forEach((p, i) => {
      if (p.zMm === 0) return;
      const permille = ctx.lines.get(p.cargoLineId)?.minSupportPermille ?? 1000;
      let supported = 0;
      for (const j of g.below[i]) supported += footprintOverlap(p, g.pieces[j]);
      const base = p.lengthMm * p.widthMm;
      // Integer comparison: supported / base >= permille / 1000.
      if (supported * 1000 < permille * base) {
        out.push({
          rule: 'support',
          message: `${pieceName(p)} in Unit ${unitIndex} rests on ${Math.floor((supported * 1000) / base)} permille ` +
            `of its base; it needs ${permille}`,
          pieces: [pieceRef(p)],
        });
      }
    });
  }
  return out;
}
