// Beam children whose greedy completions load the same volume very often complete into the
// same plan (one child's completion passes through the other's state): several of them hold
// one trajectory, and the beam is narrower than its width. Keeping only the first of each
// such group gives the freed slots to the next distinct children.

/** A child of a beam level: its parent's index in the level, and its completion's volume. */
export interface ScoredChild {
  parent: number;
  score: number;
}

/**
 * The children in their order, each dropped whose score equals that of an earlier child of
 * the same parent (`perParent`) or of any earlier child (`!perParent`).
 */
export function distinctScores<T extends ScoredChild>(children: T[], perParent: boolean): T[] {
  const seen = new Set<string | number>();
  const out: T[] = [];
  for (const c of children) {
    const key = perParent ? `${c.parent}:${c.score}` : c.score;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}
