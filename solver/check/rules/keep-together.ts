import type { Placement, SolverCargoLine, UnloadedLine } from '../../types.ts';
import type { CheckContext, Violation } from '../context.ts';
import { overlapLength, pieceNames, pieceRef } from '../geometry.ts';
import type { Box } from '../spatial-grid.ts';
import type { UnitGeometry } from '../unit-geometry.ts';

/**
 * A keep-together group (lines sharing a groupKey) is either wholly placed, in one Unit,
 * with no other cargo inside its bounding box (one block), or wholly listed as unloaded
 * with `group-does-not-fit`.
 */
export function checkKeepTogether(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const groups = new Map<string, SolverCargoLine[]>();
  for (const line of ctx.input.lines) {
    if (line.groupKey == null) continue;
    const list = groups.get(line.groupKey);
    if (list) list.push(line);
    else groups.set(line.groupKey, [line]);
  }
  if (groups.size === 0) return out;
  const placedByLine = new Map<string, Placement[]>();
  for (const p of ctx.result.placements) {
    const list = placedByLine.get(p.cargoLineId);
    if (list) list.push(p);
    else placedByLine.set(p.cargoLineId, [p]);
  }
  const unloadedByLine = new Map<string, UnloadedLine[]>();
  for (const u of ctx.result.unloaded) {
    const list = unloadedByLine.get(u.cargoLineId);
    if (list) list.push(u);
    else unloadedByLine.set(u.cargoLineId, [u]);
  }
  for (const [key, lines] of groups) {
    const ids = new Set(lines.map((l) => l.id));
    const placed = lines.flatMap((l) => placedByLine.get(l.id) ?? []);
    const unloaded = lines.flatMap((l) => unloadedByLine.get(l.id) ?? []);
    if (unloaded.some((u) => u.reason !== 'group-does-not-fit')) {
      out.push({ rule: 'keep-together', message: `group ${key}: unloaded pieces must have reason group-does-not-fit`, pieces: [] });
    }
    if (placed.length === 0) continue;
    if (unloaded.length > 0) {
      out.push({ rule: 'keep-together', message: `group ${key} is split: ${placed.length} pieces placed, others unloaded`, pieces: placed.map(pieceRef) });
    }
    const unitsUsed = new Set(placed.map((p) => p.unitIndex));
    if (unitsUsed.size > 1) {
      out.push({ rule: 'keep-together', message: `group ${key} is spread over Units ${[...unitsUsed].join(', ')}`, pieces: placed.map(pieceRef) });
      continue;
    }
    const intruders = piecesInBox(ctx.geometry(placed[0].unitIndex), boundingBox(placed)).filter((p) => !ids.has(p.cargoLineId));
    if (intruders.length > 0) {
      out.push({
        rule: 'keep-together',
        message: `group ${key} is not one block: ${pieceNames(intruders)} lie(s) inside its bounding box`,
        pieces: intruders.map(pieceRef),
      });
    }
  }
  return out;
}

function boundingBox(pieces: Placement[]): Box {
  const b: Box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity, z0: Infinity, z1: -Infinity };
  for (const p of pieces) {
    b.x0 = Math.min(b.x0, p.xMm); b.x1 = Math.max(b.x1, p.xMm + p.lengthMm);
    b.y0 = Math.min(b.y0, p.yMm); b.y1 = Math.max(b.y1, p.yMm + p.widthMm);
    b.z0 = Math.min(b.z0, p.zMm); b.z1 = Math.max(b.z1, p.zMm + p.heightMm);
  }
  return b;
}

/** Pieces of the Unit sharing a positive volume with the box. */
function piecesInBox(g: UnitGeometry, b: Box): Placement[] {
  const out: Placement[] = [];
  g.grid.candidates(b, (i) => {
    const p = g.pieces[i];
    if (
      overlapLength(p.xMm, p.xMm + p.lengthMm, b.x0, b.x1) > 0 &&
      overlapLength(p.yMm, p.yMm + p.widthMm, b.y0, b.y1) > 0 &&
      overlapLength(p.zMm, p.zMm + p.heightMm, b.z0, b.z1) > 0
    ) out.push(p);
  });
  return out;
}
