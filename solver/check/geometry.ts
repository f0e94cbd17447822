import type { PieceRef, Placement } from '../types.ts';

/** Length of the common part of [a0, a1) and [b0, b1); 0 when they only touch or are apart. */
export function overlapLength(a0: number, a1: number, b0: number, b1: number): number {
  const d = Math.min(a1, b1) - Math.max(a0, b0);
  return d > 0 ? d : 0;
}

export function xOverlap(a: Placement, b: Placement): number {
  return overlapLength(a.xMm, a.xMm + a.lengthMm, b.xMm, b.xMm + b.lengthMm);
}

export function yOverlap(a: Placement, b: Placement): number {
  return overlapLength(a.yMm, a.yMm + a.widthMm, b.yMm, b.yMm + b.widthMm);
}

export function zOverlap(a: Placement, b: Placement): number {
  return overlapLength(a.zMm, a.zMm + a.heightMm, b.zMm, b.zMm + b.heightMm);
}

/** Common floor-plan area of two pieces (mm²). */
export function footprintOverlap(a: Placement, b: Placement): number {
  return xOverlap(a, b) * yOverlap(a, b);
}

/** True when the two pieces share a positive volume. */
export function overlapsInVolume(a: Placement, b: Placement): boolean {
  return xOverlap(a, b) > 0 && yOverlap(a, b) > 0 && zOverlap(a, b) > 0;
}

export function topOf(p: Placement): number {
  return p.zMm + p.heightMm;
}

export function pieceRef(p: { cargoLineId: string; pieceIndex: number }): PieceRef {
  return { cargoLineId: p.cargoLineId, pieceIndex: p.pieceIndex };
}

export function pieceName(p: { cargoLineId: string; pieceIndex: number }): string {
  return `${p.cargoLineId}#${p.pieceIndex}`;
}

/** A short list of piece names for messages (long lists are cut). */
export function pieceNames(pieces: readonly { cargoLineId: string; pieceIndex: number }[], max = 10): string {
  const names = pieces.slice(0, max).map(pieceName).join(', ');
  return pieces.length > max ? `${names} and ${pieces.length - max} more` : names;
}
