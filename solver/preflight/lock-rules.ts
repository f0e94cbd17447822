// Calculate rules 4 and 5: Locked placements must stand on Locked placements, and locks
// may not break a keep-together group. Checked before a run is queued.
import { placedDims } from '../orientation.ts';
import type { FixedPlacement, SolveInput, SolverCargoLine } from '../types.ts';

interface Box {
  p: FixedPlacement;
  line: SolverCargoLine;
  x0: number; y0: number; z0: number;
  x1: number; y1: number; z1: number;
}

const pieceName = (b: Box) => `"${b.line.name}" piece ${b.p.pieceIndex} (line ${b.line.id})`;

/** The first lock violation as a message naming the piece or group; null when none. */
export function lockViolation(input: SolveInput): string | null {
  const lines = new Map(input.lines.map((l) => [l.id, l]));
  const boxes: Box[] = [];
  for (const p of input.fixed) {
    const line = lines.get(p.cargoLineId);
    if (!p.locked || !line) continue;
    const [dx, dy, dz] = placedDims(line.lengthMm, line.widthMm, line.heightMm, p.rotation);
    boxes.push({ p, line, x0: p.xMm, y0: p.yMm, z0: p.zMm, x1: p.xMm + dx, y1: p.yMm + dy, z1: p.zMm + dz });
  }
  return floatingPiece(boxes) ?? brokenGroup(input.lines, boxes);
}

function floatingPiece(boxes: Box[]): string | null {
  for (const b of boxes) {
    if (b.z0 === 0) continue;
    let supported = 0;
    for (const o of boxes) {
      if (o === b || o.p.unitIndex !== b.p.unitIndex || o.z1 !== b.z0) continue;
      supported += overlap(b.x0, b.x1, o.x0, o.x1) * overlap(b.y0, b.y1, o.y0, o.y1);
    }
    const base = (b.x1 - b.x0) * (b.y1 - b.y0);
    if (supported * 1000 < base * b.line.minSupportPermille) {
      return `the Locked placement of ${pieceName(b)} is above the floor (z ${b.z0} mm) and does not stand on Locked placements`;
    }
  }
  return null;
}

function brokenGroup(lines: SolverCargoLine[], boxes: Box[]): string | null {
  const pieces = new Map<string, number>();
  for (const l of lines) if (l.groupKey !== null) pieces.set(l.groupKey, (pieces.get(l.groupKey) ?? 0) + l.quantity);
  const locked = new Map<string, Box[]>();
  for (const b of boxes) {
    const key = b.line.groupKey;
    if (key === null) continue;
    const list = locked.get(key) ?? [];
    list.push(b);
    locked.set(key, list);
  }
  for (const [key, list] of locked) {
    if (list.length < (pieces.get(key) ?? 0)) {
      return `keep-together group "${key}" is locked only in part (${list.length} of ${pieces.get(key)} pieces); lock or unlock the group as a whole`;
    }
    if (new Set(list.map((b) => b.p.unitIndex)).size > 1) return `keep-together group "${key}" is locked in two or more Units`;
  }
  for (const [key, list] of locked) {
    const block = boundingBox(list);
    for (const b of boxes) {
      if (b.line.groupKey === key || b.p.unitIndex !== list[0].p.unitIndex) continue;
      const inside = overlap(b.x0, b.x1, block.x0, block.x1) > 0 && overlap(b.y0, b.y1, block.y0, block.y1) > 0
        && overlap(b.z0, b.z1, block.z0, block.z1) > 0;
      if (inside) return `the Locked placement of ${pieceName(b)} lies inside the block of keep-together group "${key}"`;
    }
  }
  return null;
}

function boundingBox(list: Box[]) {
  return {
    x0: Math.min(...list.map((b) => b.x0)), x1: Math.max(...list.map((b) => b.x1)),
    y0: Math.min(...list.map((b) => b.y0)), y1: Math.max(...list.map((b) => b.y1)),
    z0: Math.min(...list.map((b) => b.z0)), z1: Math.max(...list.map((b) => b.z1)),
  };
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
