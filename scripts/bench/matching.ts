// A maximum matching of tops onto carriers (augmenting paths): how many pieces could stand on
// another at once, in the floor diagnostics (lift-lost.ts, column-ideal.ts).

/** Each carrier holds at most one top that `ok` allows on it; tops are tried in the given order. Returns carrier -> top. */
export function matchTops<T, C>(tops: Iterable<T>, carriers: readonly C[], ok: (t: T, c: C) => boolean): Map<C, T> {
  const topOf = new Map<C, T>();
  const tryAssign = (t: T, seen: Set<C>): boolean => {
    for (const c of carriers) {
      if (seen.has(c) || !ok(t, c)) continue;
      seen.add(c);
      const other = topOf.get(c);
      if (other === undefined || tryAssign(other, seen)) {
        topOf.set(c, t);
        return true;
      }
    }
    return false;
  };
  for (const t of tops) tryAssign(t, new Set());
  return topOf;
}
