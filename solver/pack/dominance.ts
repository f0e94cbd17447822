// Beam nodes that load the same pieces: only the best-scored one of them is kept (the rest
// take beam slots from different packings; after the tree search of da Silva et al., whose
// nodes with equal piece counts are dominated by the one whose greedy completion loads more).
import type { PackState } from './state.ts';

/** A node of the beam and the volume its greedy completion loads. */
export interface ScoredState {
  state: PackState;
  score: number;
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
