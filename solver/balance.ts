// Balance: moves a Unit's whole load (rigidly, so every contact stays) towards the
// middle, bringing its centre of gravity as close to the centre as the free room allows.
import type { Placement } from './types.ts';

export function centreLoad(pieces: Placement[], weightOf: (p: Placement) => number, innerLength: number, innerWidth: number): void {
  if (pieces.length === 0 || pieces.some((p) => p.locked || p.manual)) return;
  let weight = 0, mx = 0, my = 0, minX = Infinity, maxX = 0, minY = Infinity, maxY = 0;
  for (const p of pieces) {
    const w = Math.max(1, weightOf(p));
    weight += w;
    mx += w * (p.xMm + p.lengthMm / 2);
    my += w * (p.yMm + p.widthMm / 2);
    minX = Math.min(minX, p.xMm);
    maxX = Math.max(maxX, p.xMm + p.lengthMm);
    minY = Math.min(minY, p.yMm);
    maxY = Math.max(maxY, p.yMm + p.widthMm);
  }
  const shift = (cog: number, middle: number, lo: number, hi: number, size: number) =>
    Math.round(Math.max(-lo, Math.min(size - hi, middle - cog)));
  const dx = shift(mx / weight, innerLength / 2, minX, maxX, innerLength);
  const dy = shift(my / weight, innerWidth / 2, minY, maxY, innerWidth);
  for (const p of pieces) {
    p.xMm += dx;
    p.yMm += dy;
  }
}
