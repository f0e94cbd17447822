// Which blocks of a phase's list may fit a space, 32 at a time. A scan of a space's blocks
// tests most blocks only to find them too long, wide or high (BR7: 455 blocks stepped per
// scan, 44 fit). Per axis, for up to MAX_THRESHOLDS extents, a bitset of the blocks no
// bigger along that axis; the AND of three words rules out most blocks at once. The bits
// are a superset (the threshold is the next one at or above the space's extent), so every
// candidate is still tested exactly: the scan finds the same blocks in the same order.
import type { BlockFigures } from './problem.ts';

/** One axis: thresholds ascending, and per threshold a bitset of `words` words (block i: bit i & 31 of word i >> 5). */
interface AxisBits {
  at: Float64Array;
  bits: Int32Array;
}

export interface FitBits {
  words: number;
  x: AxisBits;
  y: AxisBits;
  z: AxisBits;
}

/** Bitsets per axis (256 thresholds: 192 KB per axis for 6,000 blocks; 64 left a fifth more candidates on BR7). */
const MAX_THRESHOLDS = 256;
/** Scans of a list before its bitsets are built: lists a beam scans only a few times never pay for them. */
const SCANS_BEFORE_BUILD = 64;

/**
 * The list's bitsets, once built; `mayBuild` (the problem is beam-searched): count this scan
 * and build them once the list has been scanned often enough to be worth them. A big fleet's
 * first plan (greedy only) never builds them: its 1,500 lists cost 8 % more CPU at 20,000
 * pieces with them and gained nothing.
 */
export function fitBitsOf(f: BlockFigures, mayBuild: boolean): FitBits | null {
  if (f.bits !== null || !mayBuild) return f.bits;
  if (++f.scans < SCANS_BEFORE_BUILD) return null;
  const words = (f.dx.length + 31) >> 5;
  return (f.bits = { words, x: axisBits(f.dx, words), y: axisBits(f.dy, words), z: axisBits(f.dz, words) });
}

function axisBits(values: Float64Array, words: number): AxisBits {
  const distinct = Array.from(new Set(values)).sort((a, b) => a - b);
  const d = distinct.length;
  const t = Math.min(d, MAX_THRESHOLDS);
  const at = new Float64Array(t);
  for (let k = 0; k < t; k++) at[k] = distinct[Math.floor(((k + 1) * d) / t) - 1];
  const bits = new Int32Array(Math.max(t, 1) * words);
  for (let i = 0; i < values.length; i++) {
    const k = thresholdAtLeast(at, values[i]);
    bits[k * words + (i >> 5)] |= 1 << (i & 31);
  }
  // Cumulative: threshold k holds every block no bigger than at[k].
  for (let k = 1; k < t; k++) {
    for (let w = 0, o = k * words, p = o - words; w < words; w++) bits[o + w] |= bits[p + w];
  }
  return { at, bits };
}

/** The first threshold at or above the extent (the last one if none: it holds every block). */
function thresholdAtLeast(at: Float64Array, extent: number): number {
  let lo = 0, hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid] < extent) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where in `axis.bits` the bitset for a space extent starts (a superset of the blocks no bigger). */
export function bitsOffset(axis: AxisBits, words: number, extent: number): number {
  return thresholdAtLeast(axis.at, extent) * words;
}
