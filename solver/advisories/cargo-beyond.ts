import type { Placement } from '../types.ts';

export type Axis = 'x' | 'y' | 'z';

/**
 * For each piece i with a finite rank: is there a piece of higher rank lying wholly beyond
 * it along `axis` (sign +1: its min >= i's max; -1: its max <= i's min) whose projection on
 * the other two axes shares a positive area with i's? Pieces with rank Infinity are never
 * asked about (nothing ranks above them).
 *
 * Sweep along the axis from the far end, inserting pieces into a 2D grid over the other two
 * axes; each cell remembers its highest rank so cells that cannot block are skipped.
 */
export function higherRankBeyond(pieces: readonly Placement[], rank: readonly number[], axis: Axis, sign: 1 | -1): boolean[] {
  const n = pieces.length;
  const out = new Array<boolean>(n).fill(false);
  const iv = pieces.map((p) => interval(p, axis, sign));
  const [uAxis, vAxis] = otherAxes(axis);
  const uv = pieces.map((p) => [interval(p, uAxis, 1), interval(p, vAxis, 1)] as const);
  const cu = cellSize(uv.map((r) => r[0]));
  const cv = cellSize(uv.map((r) => r[1]));
  const cells = new Map<string, { maxRank: number; members: number[] }>();

  const byLoDesc = [...Array(n).keys()].sort((a, b) => iv[b][0] - iv[a][0]);
  const queries = [...Array(n).keys()].filter((i) => Number.isFinite(rank[i])).sort((a, b) => iv[b][1] - iv[a][1]);
  let next = 0;
  for (const i of queries) {
    while (next < n && iv[byLoDesc[next]][0] >= iv[i][1]) {
      const j = byLoDesc[next++];
      forCells(uv[j], cu, cv, (key) => {
        const cell = cells.get(key);
        if (cell) {
          cell.members.push(j);
          cell.maxRank = Math.max(cell.maxRank, rank[j]);
        } else cells.set(key, { maxRank: rank[j], members: [j] });
      });
    }
    out[i] = someCell(uv[i], cu, cv, (key) => {
      const cell = cells.get(key);
      if (!cell || cell.maxRank <= rank[i]) return false;
      return cell.members.some((j) => rank[j] > rank[i] && sharesArea(uv[i], uv[j]));
    });
  }
  return out;
}

type Interval = readonly [number, number];
type Rect = readonly [Interval, Interval];

/** [min, max] of a piece along an axis; mirrored for sign -1 so "beyond" is always "larger". */
function interval(p: Placement, axis: Axis, sign: 1 | -1): Interval {
  const [lo, size] = axis === 'x' ? [p.xMm, p.lengthMm] : axis === 'y' ? [p.yMm, p.widthMm] : [p.zMm, p.heightMm];
  return sign === 1 ? [lo, lo + size] : [-(lo + size), -lo];
}

function otherAxes(axis: Axis): [Axis, Axis] {
  return axis === 'x' ? ['y', 'z'] : axis === 'y' ? ['x', 'z'] : ['x', 'y'];
}

function cellSize(intervals: Interval[]): number {
  let sum = 0;
  for (const [a, b] of intervals) sum += b - a;
  return Math.max(1, Math.ceil(sum / Math.max(1, intervals.length)));
}

function sharesArea(a: Rect, b: Rect): boolean {
  return Math.min(a[0][1], b[0][1]) > Math.max(a[0][0], b[0][0]) && Math.min(a[1][1], b[1][1]) > Math.max(a[1][0], b[1][0]);
}

/** Cells a rectangle covers with positive area (half-open), as keys. */
function forCells(r: Rect, cu: number, cv: number, f: (key: string) => void): void {
  someCell(r, cu, cv, (key) => {
    f(key);
    return false;
  });
}

function someCell(r: Rect, cu: number, cv: number, f: (key: string) => boolean): boolean {
  const u0 = Math.floor(r[0][0] / cu), u1 = Math.floor((r[0][1] - 1) / cu);
  const v0 = Math.floor(r[1][0] / cv), v1 = Math.floor((r[1][1] - 1) / cv);
  for (let u = u0; u <= u1; u++) for (let v = v0; v <= v1; v++) if (f(`${u},${v}`)) return true;
  return false;
}
