import type { CheckContext, Violation } from '../context.ts';
import { pieceName, pieceRef } from '../geometry.ts';

/**
 * Every piece of every line is placed exactly once (cargoLineId + pieceIndex unique,
 * pieceIndex < quantity) or counted in `unloaded`: placed + unloaded = quantity.
 */
export function checkPieceAccounting(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const placed = new Map<string, Set<number>>();
  for (const p of ctx.result.placements) {
    const line = ctx.lines.get(p.cargoLineId);
    if (!line) continue; // reported by the reference rule
    if (!Number.isInteger(p.pieceIndex) || p.pieceIndex < 0 || p.pieceIndex >= line.quantity) {
      out.push({ rule: 'piece-accounting', message: `${pieceName(p)}: line ${line.id} has only ${line.quantity} pieces`, pieces: [pieceRef(p)] });
      continue;
    }
    let indices = placed.get(line.id);
    if (!indices) placed.set(line.id, (indices = new Set()));
    if (indices.has(p.pieceIndex)) {
      out.push({ rule: 'piece-accounting', message: `${pieceName(p)} is placed more than once`, pieces: [pieceRef(p)] });
    }
    indices.add(p.pieceIndex);
  }
  const unloaded = new Map<string, number>();
  for (const u of ctx.result.unloaded) {
    if (!ctx.lines.has(u.cargoLineId)) {
      out.push({ rule: 'piece-accounting', message: `unloaded entry names unknown line ${u.cargoLineId}`, pieces: [] });
    } else if (!Number.isInteger(u.quantity) || u.quantity <= 0) {
      out.push({ rule: 'piece-accounting', message: `unloaded entry of line ${u.cargoLineId} has quantity ${u.quantity}`, pieces: [] });
    }
    unloaded.set(u.cargoLineId, (unloaded.get(u.cargoLineId) ?? 0) + u.quantity);
  }
  for (const line of ctx.input.lines) {
    const p = placed.get(line.id)?.size ?? 0;
    const u = unloaded.get(line.id) ?? 0;
    if (p + u !== line.quantity) {
      out.push({
        rule: 'piece-accounting',
        message: `line ${line.id}: ${p} placed + ${u} unloaded, but its quantity is ${line.quantity}`,
        pieces: [],
      });
    }
  }
  return out;
}
