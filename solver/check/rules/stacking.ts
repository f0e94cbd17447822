import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceNames, pieceRef } from '../geometry.ts';
import { weightResting } from '../unit-geometry.ts';

/** Nothing stands on a `stackable: false` piece. */
export function checkNotStackable(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const unitIndex of ctx.byUnit.keys()) {
    const g = ctx.geometry(unitIndex);
    g.pieces.forEach((p, i) => {
      if (g.above[i].length === 0 || ctx.lines.get(p.cargoLineId)?.stackable !== false) return;
      const onTop = g.above[i].map((j) => g.pieces[j]);
      out.push({
        rule: 'not-stackable',
        message: `${pieceNames(onTop)} stand(s) on non-stackable ${pieceName(p)} in Unit ${unitIndex}`,
        pieces: [pieceRef(p), ...onTop.map(pieceRef)],
      });
    });
  }
  return out;
}

/**
 * On a fragile piece only fragile pieces stand, and everything it carries (directly or
 * through other pieces, counted at full weight: conservative) weighs no more than itself.
 */
export function checkFragile(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const unitIndex of ctx.byUnit.keys()) {
    const g = ctx.geometry(unitIndex);
    g.pieces.forEach((p, i) => {
      if (g.above[i].length === 0 || ctx.lines.get(p.cargoLineId)?.fragile !== true) return;
      const notFragile = g.above[i].map((j) => g.pieces[j]).filter((q) => ctx.lines.get(q.cargoLineId)?.fragile !== true);
      if (notFragile.length > 0) {
        out.push({
          rule: 'fragile',
          message: `non-fragile ${pieceNames(notFragile)} stand(s) on fragile ${pieceName(p)} in Unit ${unitIndex}`,
          pieces: [pieceRef(p), ...notFragile.map(pieceRef)],
        });
      }
      const own = ctx.lines.get(p.cargoLineId)!.weightG;
      const carried = weightResting(g, i, (q) => ctx.lines.get(q.cargoLineId)?.weightG ?? 0, own);
      if (carried > own) {
        out.push({
          rule: 'fragile',
          message: `fragile ${pieceName(p)} in Unit ${unitIndex} carries more than its own weight (${own} g)`,
          pieces: [pieceRef(p)],
        });
      }
    });
  }
  return out;
}
