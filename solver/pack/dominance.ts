// Beam nodes that duplicate others and would take slots from different packings. Nodes that
// load the same pieces: only the best-scored one is kept (after the tree search of da Silva et
// al., whose nodes with equal piece counts are dominated by the one whose greedy completion
// loads more). Children of one node whose completions load the same pieces: only the first.
import type { PackState } from './state.ts';

/** A node of the beam and the volume its greedy completion loads. */
export interface ScoredState {
  state: PackState;
  score: number;
}

/**
 * The children in their order, each dropped whose completion loads the same pieces (`pieces`,
 * `piecesHash` of the completed state) with the same score as an earlier child of the same
 * parent (its index in the level): such siblings very often complete into the same plan (one's
 * completion passes through the other's state), so the beam held one trajectory several times
 * (up to a third of a level's slots on many box types). Equal volume alone is not enough where
 * box types have equal volumes (8x16x4 and 8x8x8 cm): there other pieces make another plan.
 */
export function distinctSiblings<T extends ScoredState & { parent: number; pieces: number }>(children: T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const c of children) {
    const key = `${c.parent}:${c.score}:${c.pieces}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** A hash of the pieces a state loads per item. */
export function piecesHash(state: PackState): number {
  return hashOf(state.used);
}

/**
 * The nodes in their order, each dropped whose pieces used per item equal those of an
 * earlier one (so, sorted best first, the best of each set of pieces stays).
 */
export function distinctPieces<T extends ScoredState>(nodes: T[]): T[] {
  const seen = new Map<number, PackState[]>();
  const out: T[] = [];
  for (const node of nodes) {
    const used = node.state.used;
    const key = hashOf(used);
    const same = seen.get(key);
    if (same?.some((s) => equal(s.used, used))) continue;
    if (same) same.push(node.state);
    else seen.set(key, [node.state]);
    out.push(node);
  }
  return out;
}

function hashOf(a: Int32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a[i], 0x01000193);
  return h;
}

function equal(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
