// Which blocks of a phase's list may fit a space, 32 at a time. A scan of a space's blocks
// tests most blocks only to find them too long, wide or high (BR7: 455 blocks stepped per
// scan, 44 fit). Per axis, for up to MAX_THRESHOLDS extents, a bitset of the blocks no
// bigger along that axis; the AND of three words rules out most blocks at once. The bits
// are a superset (the threshold is the next one at or above the space's extent), so every
// candidate is still tested exactly: the scan finds the same blocks in the same order.
import type { BlockFigures } from './problem.ts';
import { newInts } from './int-slab.ts';

/** One axis: thresholds ascending, and per threshold a bitset of `words` words (block i: bit i & 31 of word i >> 5). */
interface AxisBits {
  at: Float64Array;
  bits: Int32Array;
  /**
   * Per whole extent up to the biggest block's, where its bitset starts (`bitsOffset` without
   * a search: it runs three times per scan); null when an extent is not a whole number.
   */
  offsets: Int32Array | null;
}

export interface FitBits {
  words: number;
  x: AxisBits;
  y: AxisBits;
  z: AxisBits;
  /** The blocks taking pieces of each item, for `aliveBits`; null on lists of few items (`ALIVE_ITEMS`). */
  needs: ItemNeeds | null;
}

/**
 * Per item of the list (slot `slot[item]`, -1: none of its blocks takes the item): the blocks
 * taking its pieces, most pieces first, as runs at `start[slot]..start[slot + 1]`: each run the
 * blocks of one bitset word (`word`) taking the same pieces (`need`), whose bits are those clear
 * in `keep` (blocks of one item and count lie together in the list: a run holds several).
 * A block of several items is listed under each (as the scan tests each of its pairs).
 */
export interface ItemNeeds {
  slot: Int32Array;
  items: Int32Array;
  start: Int32Array;
  word: Int32Array;
  keep: Int32Array;
  need: Int32Array;
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
  return (f.bits = { words, x: axisBits(f.dx, words), y: axisBits(f.dy, words), z: axisBits(f.dz, words), needs: itemNeeds(f) });
}

/**
 * Items a list takes pieces of before its scans keep pieces-left bits (`aliveBits`): with few
 * items each has many blocks, a block placed clears hundreds of them per completion, and the
 * bits cost more than the tests they save (one beam, both in one process, against no bits:
 * BR3 #1, 8 box types, 11 % slower under full support and without; BR5 #1, 12 types, the
 * same; BR6 #1, 15 types, 6 % faster; BR7 #1, 20 types, 4 %; generated 100 types, #1 6 %,
 * #2 1 %: noisy figures, the machine was shared).
 */
const ALIVE_ITEMS = 13;

/** The (block, pieces) pairs of the list per item, most pieces first (ties: list order); null below `ALIVE_ITEMS` items. */
function itemNeeds(f: BlockFigures): ItemNeeds | null {
  const n = f.dx.length;
  const pairs: { item: number; block: number; need: number }[] = [];
  let top = -1;
  for (let j = 0; j < n; j++) {
    if (f.item[j] >= 0) pairs.push({ item: f.item[j], block: j, need: f.count[j] });
    for (let k = f.needStart[j]; k < f.needStart[j + 1]; k++) pairs.push({ item: f.needItem[k], block: j, need: f.needCount[k] });
  }
  for (const p of pairs) if (p.item > top) top = p.item;
  const distinct = new Set<number>();
  for (const p of pairs) distinct.add(p.item);
  if (distinct.size < ALIVE_ITEMS) return null;
  pairs.sort((a, b) => a.item - b.item || b.need - a.need || a.block - b.block);
  const slot = new Int32Array(top + 1).fill(-1);
  const items: number[] = [];
  const start: number[] = [];
  const word: number[] = [], keep: number[] = [], need: number[] = [];
  for (let k = 0; k < pairs.length; k++) {
    const p = pairs[k];
    const fresh = k === 0 || p.item !== pairs[k - 1].item;
    if (fresh) {
      slot[p.item] = items.length;
      items.push(p.item);
      start.push(word.length);
    }
    const r = word.length - 1;
    if (!fresh && need[r] === p.need && word[r] === p.block >> 5) keep[r] &= ~(1 << (p.block & 31));
    else {
      word.push(p.block >> 5);
      keep.push(~(1 << (p.block & 31)));
      need.push(p.need);
    }
  }
  start.push(word.length);
  return {
    slot, items: Int32Array.from(items), start: Int32Array.from(start),
    word: Int32Array.from(word), keep: Int32Array.from(keep), need: Int32Array.from(need),
  };
}

/**
 * The blocks whose pieces are left (the scan's pieces test: every (item, pieces) pair of the
 * block within `remaining - used`; blocks taking no item's pieces, groups, stay set: the scan
 * checks them itself), one bit each as the extent bitsets: a beam's state keeps it up to date
 * (`killItem` after each block placed), so the scan never tests a block whose pieces are gone
 * (nine in ten of the blocks whose extents fit, on 100 box types). After the words, per item
 * slot, how far its runs are cleared (pieces left only fall: each run is cleared once).
 */
export function aliveBits(needs: ItemNeeds, words: number, n: number, used: Int32Array, remaining: ArrayLike<number>): Int32Array {
  const items = needs.items;
  const alive = newInts(words + items.length).fill(-1, 0, words);
  if (n & 31) alive[words - 1] = (1 << (n & 31)) - 1;
  for (let s = 0; s < items.length; s++) {
    alive[words + s] = needs.start[s];
    killSlot(needs, words, s, alive, remaining[items[s]] - used[items[s]]);
  }
  return alive;
}

/** Clears the bits of the blocks taking more of the item's pieces than are left. */
export function killItem(needs: ItemNeeds, words: number, alive: Int32Array, item: number, used: Int32Array, remaining: ArrayLike<number>): void {
  const { slot } = needs;
  if (item >= slot.length || slot[item] < 0) return;
  killSlot(needs, words, slot[item], alive, remaining[item] - used[item]);
}

function killSlot(needs: ItemNeeds, words: number, s: number, alive: Int32Array, left: number): void {
  const { start, word, keep, need } = needs;
  let k = alive[words + s];
  for (const end = start[s + 1]; k < end && need[k] > left; k++) alive[word[k]] &= keep[k];
  alive[words + s] = k;
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
  return { at, bits, offsets: offsetTable(at, words) };
}

/** Longest offset table (extents in millimetres of any Unit; 256 KB per axis at most). */
const MAX_TABLE = 65536;

/** `bitsOffset` for every whole extent from 0 to the biggest threshold (null if a threshold is not whole or too big). */
function offsetTable(at: Float64Array, words: number): Int32Array | null {
  const t = at.length;
  if (t === 0 || !at.every((v) => Number.isInteger(v) && v >= 0 && v < MAX_TABLE)) return null;
  const top = at[t - 1];
  const offsets = new Int32Array(top + 1);
  for (let e = 0, k = 0; e <= top; e++) {
    while (at[k] < e) k++;
    offsets[e] = k * words;
  }
  return offsets;
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
  const offsets = axis.offsets;
  // A whole extent within the table (an index test: a fraction or a number past the end is undefined).
  if (offsets !== null && extent >= 0 && extent < offsets.length && (extent | 0) === extent) return offsets[extent];
  return thresholdAtLeast(axis.at, extent) * words;
}
