// The weight shares t at which a volume-and-weight bound is tried (see lower-bound.ts
// `volumeWeightBound`): measured in t * weight / P + (1 - t) * volume / V, the cargo over the
// largest Unit type's measure is monotone between the points where two types' measures cross,
// so those, 0 and 1 are all the shares worth trying.

/** 0, 1 and every t in (0, 1) where two rows' measures cross; `[0]` when no row carries weight. */
export function weightShares(rows: { volume: number; payload: number }[]): number[] {
  const P = Math.max(...rows.map((r) => r.payload)), V = Math.max(...rows.map((r) => r.volume));
  if (!(P > 0)) return [0];
  // Per row, its measure at t is a + b * t.
  const lines = rows.map((r) => ({ a: r.volume / V, b: r.payload / P - r.volume / V }));
  const out = [0, 1];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const db = lines[i].b - lines[j].b;
      if (db === 0) continue;
      const t = (lines[j].a - lines[i].a) / db;
      if (t > 0 && t < 1) out.push(t);
    }
  }
  return out;
}
