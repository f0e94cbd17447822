import type { Placement } from '../types.ts';

/** An axis-aligned box by its corner coordinates (mm). */
export interface Box { x0: number; y0: number; z0: number; x1: number; y1: number; z1: number }

export function boxOf(p: Placement): Box {
  return { x0: p.xMm, y0: p.yMm, z0: p.zMm, x1: p.xMm + p.lengthMm, y1: p.yMm + p.widthMm, z1: p.zMm + p.heightMm };
}

/**
 * A uniform 3D grid over the pieces of one Unit. Each piece goes into every cell its
 * closed box reaches, so pieces that merely touch always share a cell; a box query then
 * looks only at the pieces of the cells the box reaches.
 */
export class SpatialGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly size: [number, number, number];
  private readonly spanX: number;
  private readonly spanY: number;
  private readonly stamp: Int32Array;
  private query = 0;

  constructor(private readonly pieces: readonly Placement[]) {
    this.size = cellSizes(pieces);
    let mx = 0, my = 0;
    for (const p of pieces) {
      mx = Math.max(mx, p.xMm + p.lengthMm);
      my = Math.max(my, p.yMm + p.widthMm);
    }
    this.spanX = Math.floor(mx / this.size[0]) + 2;
    this.spanY = Math.floor(my / this.size[1]) + 2;
    this.stamp = new Int32Array(pieces.length);
    pieces.forEach((p, i) => this.forCells(boxOf(p), (key) => {
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    }));
  }

  /** Each piece whose cells meet the closed box, once (a superset of the pieces meeting it). */
  candidates(box: Box, visit: (i: number) => void): void {
    const mark = ++this.query;
    this.forCells(box, (key) => {
      const list = this.cells.get(key);
      if (!list) return;
      for (const i of list) {
        if (this.stamp[i] === mark) continue;
        this.stamp[i] = mark;
        visit(i);
      }
    });
  }

  private forCells(b: Box, f: (key: number) => void): void {
    const [cx, cy, cz] = this.size;
    const x0 = Math.floor(b.x0 / cx), x1 = Math.floor(b.x1 / cx);
    const y0 = Math.floor(b.y0 / cy), y1 = Math.floor(b.y1 / cy);
    const z0 = Math.floor(b.z0 / cz), z1 = Math.floor(b.z1 / cz);
    for (let iz = z0; iz <= z1; iz++)
      for (let iy = y0; iy <= y1; iy++)
        for (let ix = x0; ix <= x1; ix++) f(ix + this.spanX * (iy + this.spanY * iz));
  }
}

/**
 * For every piece, the other pieces whose closed boxes meet it: overlapping or touching
 * (face, edge or corner). Near-linear through the grid instead of all pairs.
 */
export function touchingNeighbours(pieces: readonly Placement[], grid = new SpatialGrid(pieces)): number[][] {
  const neighbours: number[][] = pieces.map(() => []);
  pieces.forEach((a, i) => {
    grid.candidates(boxOf(a), (j) => {
      if (j > i && closedBoxesMeet(a, pieces[j])) {
        neighbours[i].push(j);
        neighbours[j].push(i);
      }
    });
  });
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
  const n = Math.max(1, pieces.length);
  const size = (sum: number, max: number) => Math.max(1, Math.ceil(sum / n), Math.ceil(max / 8));
  return [size(sx, mx), size(sy, my), size(sz, mz)];
}
