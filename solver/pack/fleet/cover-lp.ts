// The cutting-stock LP of a few count vectors: min sum x subject to sum x_k p_k >= d, x >= 0.
// Solved as its dual (max d.u subject to p_k.u <= 1, u >= 0) by a dense simplex tableau with
// Bland's rule: the slack basis is feasible there, and the primal x are the slacks' reduced costs.

const TINY = 1e-12;

/** Per vector, how many Units of it the LP takes (fractional); zeros where a vector is not used. */
export function coverLp(vectors: number[][], demand: number[]): number[] {
  return coverDual(vectors, demand)?.x ?? new Array<number>(vectors.length).fill(0);
}

/**
 * max d.u subject to A u <= 1, u >= 0: the optimal u (what one piece of each type is worth in
 * Units) and the primal x (Units per row of A); null when unbounded (a demanded type no row holds).
 */
export function coverDual(A: number[][], demand: number[]): { u: number[]; x: number[] } | null {
  const m = A.length, n = demand.length, width = n + m + 1;
  if (m === 0) return null;
  const tab = A.map((row, i) => {
    const r = new Float64Array(width);
    row.forEach((v, j) => (r[j] = v));
    r[n + i] = 1;
    r[width - 1] = 1;
    return r;
  });
  const z = new Float64Array(width);
  demand.forEach((v, j) => (z[j] = -v));
  const basis = A.map((_, i) => n + i);
  for (let step = 0; step < 10_000; step++) {
    let enter = -1;
    for (let j = 0; j < width - 1; j++) if (z[j] < -1e-9) { enter = j; break; }
    if (enter < 0) break;
    let leave = -1, ratio = Infinity;
    for (let i = 0; i < m; i++) {
      const a = tab[i][enter];
      if (a <= TINY) continue;
      const q = tab[i][width - 1] / a;
      if (q < ratio - TINY || (Math.abs(q - ratio) <= TINY && basis[i] < basis[leave])) { ratio = q; leave = i; }
    }
    if (leave < 0) return null;
    const p = tab[leave], pv = p[enter];
    for (let j = 0; j < width; j++) p[j] /= pv;
    for (let i = 0; i < m; i++) {
      const f = tab[i][enter];
      if (i !== leave && f !== 0) for (let j = 0; j < width; j++) tab[i][j] -= f * p[j];
    }
    const f = z[enter];
    for (let j = 0; j < width; j++) z[j] -= f * p[j];
    basis[leave] = enter;
  }
  const u = new Array<number>(n).fill(0);
  basis.forEach((b, i) => { if (b < n) u[b] = tab[i][width - 1]; });
  return { u, x: A.map((_, k) => Math.max(0, z[n + k])) };
}
