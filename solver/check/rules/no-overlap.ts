import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/** No two pieces of a Unit share a positive volume. */
export function checkNoOverlap(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const unitIndex of ctx.byUnit.keys()) {
    const g = ctx.geometry(unitIndex);
    for (const [i, j] of g.overlaps) {
      const a = g.pieces[i], b = g.pieces[j];
      out.push({
        rule: 'no-overlap',
        message: `${pieceName(a)} and ${pieceName(b)} overlap in Unit ${unitIndex}`,
        pieces: [pieceRef(a), pieceRef(b)],
      });
    }
  }
  return out;
}
