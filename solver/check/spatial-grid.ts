import type { Placement } from '../types.ts';

/**
 * For every piece, the other pieces whose closed boxes meet it: overlapping or touching
 * (face, edge or corner). A uniform 3D grid keeps this near-linear: each piece goes into
 * every cell its closed box reaches, so touching pieces always share a cell.
 */
export function touchingNeighbours(pieces: readonly Placement[]): number[][] {
  const n = pieces.length;
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  if (n < 2) return neighbours;
  const [cx, cy, cz] = cellSizes(pieces);
  const cells = new Map<number, number[]>();
  const spanX = Math.floor(maxCoord(pieces, 'x') / cx) + 2;
  const spanY = Math.floor(maxCoord(pieces, 'y') / cy) + 2;
  const cellsOf = (p: Placement): number[] => {
    const keys: number[] = [];
    const x0 = Math.floor(p.xMm / cx), x1 = Math.floor((p.xMm + p.lengthMm) / cx);
    const y0 = Math.floor(p.yMm / cy), y1 = Math.floor((p.yMm + p.widthMm) / cy);
    const z0 = Math.floor(p.zMm / cz), z1 = Math.floor((p.zMm + p.heightMm) / cz);
    for (let iz = z0; iz <= z1; iz++)
      for (let iy = y0; iy <= y1; iy++)
        for (let ix = x0; ix <= x1; ix++) keys.push(ix + spanX * (iy + spanY * iz));
    return keys;
  };
  const pieceCells: number[][] = pieces.map(cellsOf);
  pieceCells.forEach((keys, i) => {
    for (const k of keys) {
      const list = cells.get(k);
      if (list) list.push(i);
      else cells.set(k, [i]);
    }
  });
  const seen = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const a = pieces[i];
    for (const k of pieceCells[i]) {
      for (const j of cells.get(k)!) {
        if (j <= i || seen[j] === i) continue;
        seen[j] = i;
        if (closedBoxesMeet(a, pieces[j])) {
          neighbours[i].push(j);
          neighbours[j].push(i);
        }
      }
    }
  }
  return neighbours;
}

function closedBoxesMeet(a: Placement, b: Placement): boolean {
  return (
    a.xMm <= b.xMm + b.lengthMm && b.xMm <= a.xMm + a.lengthMm &&
    a.yMm <= b.yMm + b.widthMm && b.yMm <= a.yMm + a.widthMm &&
    a.zMm <= b.zMm + b.heightMm && b.zMm <= a.zMm + a.heightMm
  );
}

/** Cell edge per axis: the mean piece size, but never so small that one big piece spans thousands of cells. */
function cellSizes(pieces: readonly Placement[]): [number, number, number] {
  let sx = 0, sy = 0, sz = 0, mx = 0, my = 0, mz = 0;
  for (const p of pieces) {
    sx += p.lengthMm; sy += p.widthMm; sz += p.heightMm;
    mx = Math.max(mx, p.lengthMm); my = Math.max(my, p.widthMm); mz = Math.max(mz, p.heightMm);
  }
  const n = pieces.length;
  const size = (sum: number, max: number) => Math.max(1, Math.ceil(sum / n), Math.ceil(max / 8));
  return [size(sx, mx), size(sy, my), size(sz, mz)];
}

function maxCoord(pieces: readonly Placement[], axis: 'x' | 'y'): number {
  let m = 0;
  for (const p of pieces) m = Math.max(m, axis === 'x' ? p.xMm + p.lengthMm : p.yMm + p.widthMm);
  return m;
}
