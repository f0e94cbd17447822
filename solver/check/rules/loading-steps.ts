import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/** Loading steps of a Unit are 1..n, each once, and a piece goes in after every piece it stands on. */
export function checkLoadingSteps(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const unitIndex of ctx.byUnit.keys()) {
    const g = ctx.geometry(unitIndex);
    const n = g.pieces.length;
    const used = new Set<number>();
    for (const p of g.pieces) {
      const s = p.loadingStep;
      if (!Number.isInteger(s) || s < 1 || s > n || used.has(s)) {
        out.push({
          rule: 'loading-step',
          message: `${pieceName(p)} in Unit ${unitIndex} has loading step ${s}; steps must be 1..${n}, each once`,
          pieces: [pieceRef(p)],
        });
      }
      used.add(s);
    }
    g.pieces.forEach((p, i) => {
      for (const j of g.below[i]) {
        const q = g.pieces[j];
        if (q.loadingStep >= p.loadingStep) {
          out.push({
            rule: 'loading-step',
            message: `${pieceName(p)} (step ${p.loadingStep}) stands on ${pieceName(q)} (step ${q.loadingStep}) ` +
              `in Unit ${unitIndex} but goes in first`,
            pieces: [pieceRef(p), pieceRef(q)],
          });
        }
      }
    });
  }
  return out;
}
