// What one Unit is filled from: its geometry, the phases of cargo (Stops in order) and their blocks.
import type { Block, Item } from '../model.ts';
import { makeRng } from '../prng.ts';
import type { Orientation } from '../types.ts';
import type { Ticker } from '../ticker.ts';
import { sortBlocks } from './block-sort.ts';
import { byCrossSection, byVolume, MAX_BLOCKS_PER_ITEM, simpleBlocks } from './blocks.ts';
import type { UnitSpec } from './state.ts';
import { columnBlocks } from './column-blocks.ts';
import { withGeneralBlocks, type GeneralBlockOptions } from './general-blocks.ts';
import type { Admits } from './stop-guard.ts';
import { canShrink, indexList, keepIn, shrunkIndex } from './phase-lists.ts';
import { NO_REACH, reachOf, type Reach } from './reach.ts';
import { simpleCache } from './simple-cache.ts';
import type { FitBits } from './fit-bits.ts';
import { groupBlocksOf } from './group-turn.ts';

export { CHUNK_BITS } from './phase-lists.ts';

/** Cargo packed together; phases go in order (deepest Stop first). */
export interface Phase {
  items: number[];
  groups: number[];
  /**
   * Block lists kept across the Units of a fleet for this cut of cargo (by order and column
   * flag): reused while the phase holds the same cargo (see `serves`).
   */
  memo?: Map<string, PhaseIndex>;
}

/** A phase's sorted blocks and what the search reads of them, kept for reuse. */
export interface PhaseIndex {
  list: Block[];
  figs: BlockFigures;
  minVolumeUpTo: Float64Array;
  minSectionUpTo: Float64Array;
  minFootprintUpTo: Float64Array;
  minDims: Float64Array;
  /** Per block its volume (a shrunk list copies its kept blocks' figures instead of reading the blocks). */
  volume: Float64Array;
  /** Pieces per item the list was built for. */
  counts: Map<number, number>;
  groups: number[];
  /** Some item's simple blocks were capped (then the list cannot be shrunk to fewer pieces). */
  capped: boolean;
  /** The figures' own buffer (null: a scratch list's shared one) and the memos holding the list (figure-pool.ts). */
  buffer: ArrayBuffer | null;
  holders: number;
}

/** What the search reads first of every block, in flat arrays (index = block index). */
export interface BlockFigures {
  dx: Float64Array;
  dy: Float64Array;
  dz: Float64Array;
  weight: Float64Array;
  /** 1: every piece of the block needs its whole base supported. */
  full: Uint8Array;
  /** 1: so does every block of the phase. */
  allFull: number;
  /**
   * A block of one item: the item and the pieces it takes (so a scan checks what is left
   * without reading the block); -1 for columns and groups (their own check).
   */
  item: Int32Array;
  count: Int32Array;
  /**
   * The pieces a general block or column takes, flat (so the scan never reads the block):
   * its (item, count) pairs at needStart[i]..needStart[i + 1]; none for simple blocks and groups.
   */
  needStart: Int32Array;
  needItem: Int32Array;
  needCount: Int32Array;
  /** 1: every piece of the block needs some of its base supported (supportPermille > 0). */
  rests: Uint8Array;
  /** Every block rests (none may stand above a gap): a space with no top face to stand on takes none. */
  allRest: boolean;
  /** Per run of CHUNK blocks (index >> CHUNK_BITS): the smallest extents and weight in it. */
  chunkDx: Float64Array;
  chunkDy: Float64Array;
  chunkDz: Float64Array;
  chunkWeight: Float64Array;
  /** Scans of the list counted toward building its extent bitsets, and the bitsets once built (fit-bits.ts). */
  scans: number;
  bits: FitBits | null;
}

/** The simple blocks a shrink gathers for its columns (scratch: its first entries are the shrink's). */
const shrinkSimple: Block[] = [];

export class UnitProblem {
  private readonly cache: Block[][] = [];
  /** Per phase: the smallest block volume among blocks 0..i (non-increasing). */
  private readonly minVolumeUpTo: Float64Array[] = [];
  private readonly minDims: Float64Array[] = [];
  private readonly reaches: Reach[] = [];
  private readonly figs: BlockFigures[] = [];
  private readonly minSectionUpTo: Float64Array[] = [];
  private readonly minFootprintUpTo: Float64Array[] = [];
  /** An extra rule a block's position must pass (Stop order, see stop-guard.ts); null = none. */
  admits: Admits | null = null;
  /**
   * Work done by the search on this problem, in units that take about the same time
   * anywhere: blocks scanned, spaces ordered and spaces carved (see search.ts).
   */
  work = 0;
  /** Greedy completions run on this problem (how many nodes the search evaluated). */
  completions = 0;
  /** Its block lists may get extent bitsets (fit-bits.ts): set by a beam search, whose scans are many. */
  scanBits = false;
  /**
   * `work` is counted. Off while a beam search runs on the problem (search.ts `beamSearch`):
   * only the plain greedies before the beams (improve.ts) read it, so the beam's scans step over
   * the extent bitsets a word at a time without counting the blocks stepped over.
   */
  countsWork = true;
  /**
   * Its lists die with it, before another such problem builds one (a keep-together group's
   * packing): their figures may share one buffer (phase-lists.ts `indexList`).
   */
  scratchFigures = false;

  constructor(
    readonly spec: UnitSpec,
    readonly items: Item[],
    /** Pieces of each item still to place (indexed by item). */
    readonly remaining: ArrayLike<number>,
    readonly phases: Phase[],
    readonly orientationsOf: (item: number) => Orientation[],
    readonly groupBlock: (group: number) => Block | null,
    /** Smallest piece dimension: thinner spaces are dropped. */
    readonly minDim: number,
    readonly ticker: Ticker,
    /** Also build general blocks (improvement runs; too slow for every Unit of a big fleet). */
    readonly general: GeneralBlockOptions | null = null,
    /** Restarts: a seed that perturbs the block order (0 = plain biggest-first). */
    readonly noiseSeed = 0,
    /** Block lists shared by the problems of one Unit (they differ only in order). */
    readonly shared: Map<string, Block[]> = new Map(),
    /** Also build column blocks (two short lines stacked; see column-blocks.ts). */
    readonly columns = false,
    /**
     * Count the room no sum of piece extents fills as dead in the greedy's merit (reach.ts):
     * a Unit's improvement runs only. Not the first plan of a big fleet (its pace and plans)
     * nor a keep-together group's packing (at 20,000 pieces its boxes cost a Unit).
     */
    readonly reachTables = false,
  ) {}

  /** The blocks of a phase, biggest first (built on first use). */
  blocks(phase: number): Block[] {
    const list = this.cache[phase];
    if (list) return list;
    // A plain list (no noise, no general blocks) kept from an earlier Unit serves while its
    // phase holds the same cargo: most phases of a big fleet do from one Unit to the next.
    const memo = this.noiseSeed === 0 && !this.general ? this.phases[phase].memo : undefined;
    const memoKey = `${this.spec.order}:${this.columns ? 1 : 0}`;
    const kept = memo?.get(memoKey);
    if (kept && this.serves(kept, this.phases[phase])) return this.use(phase, kept);
    // Pieces ran out since: the kept list shrunk to what is left (as a fresh build; phase-lists.ts).
    const index = memo && kept && canShrink(kept, this.phases[phase], this.remaining) ? this.shrunk(phase, kept) : this.indexOf(phase);
    if (memo) keepIn(memo, memoKey, index);
    return this.use(phase, index);
  }

  /** A kept list serves while the phase holds the same items with the same pieces left, and the same groups. */
  private serves(kept: PhaseIndex, phase: Phase): boolean {
    if (phase.groups.length !== kept.groups.length || phase.groups.some((g, k) => kept.groups[k] !== g)) return false;
    if (phase.items.length !== kept.counts.size) return false;
    for (const i of phase.items) if (kept.counts.get(i) !== this.remaining[i]) return false;
    return true;
  }

  private use(phase: number, index: PhaseIndex): Block[] {
    this.cache[phase] = index.list;
    this.minVolumeUpTo[phase] = index.minVolumeUpTo;
    this.minSectionUpTo[phase] = index.minSectionUpTo;
    this.minFootprintUpTo[phase] = index.minFootprintUpTo;
    this.minDims[phase] = index.minDims;
    this.figs[phase] = index.figs;
    return index.list;
  }

  private indexOf(phase: number): PhaseIndex {
    let list: Block[];
    const key = `${phase}:${this.general ? 1 : 0}:${this.columns ? 1 : 0}`;
    const known = this.shared.get(key);
    if (known) list = known.slice();
    else {
      list = this.buildBlocks(phase);
      this.shared.set(key, list.slice());
    }
    sortBlocks(list, this.spec.order === 'section' ? byCrossSection : byVolume);
    if (this.noiseSeed !== 0) list = perturbed(list, this.noiseSeed, this.spec.order === 'section');
    return indexList(list, this.items, this.phases[phase], this.remaining, undefined, this.scratchFigures);
  }

  /** A kept list brought to the phase's pieces left (and new items), with its columns made again. */
  private shrunk(phase: number, kept: PhaseIndex): PhaseIndex {
    // The simple blocks as a fresh build gathers them (and ticks: the same clock reads as a build).
    // (Gathered into a scratch list: only the columns read them.)
    const n = this.simpleBlocks(phase, shrinkSimple);
    const columns = this.columns ? columnBlocks(shrinkSimple, this.items, this.remaining, this.spec, n) : [];
    return shrunkIndex(
      kept, this.phases[phase], this.items, this.remaining, columns, this.spec.order === 'section' ? byCrossSection : byVolume,
      (i) => this.simpleOf(i), (g) => this.groupBlocks(g),
    );
  }

  /** A group's blocks: its block and, where every member may turn, the block turned a quarter (group-turn.ts). */
  private groupBlocks(g: number): Block[] {
    return groupBlocksOf(this.groupBlock(g), this.orientationsOf, this.spec.L, this.spec.W);
  }

  /** The simple blocks of the phase's items, in item order, written into `into` from its start: how many. */
  private simpleBlocks(phase: number, into: Block[]): number {
    let n = 0;
    for (const i of this.phases[phase].items) {
      this.ticker.tick();
      const blocks = this.simpleOf(i);
      for (let k = 0; k < blocks.length; k++) into[n++] = blocks[k];
    }
    return n;
  }

  private buildBlocks(phase: number): Block[] {
    let list: Block[] = [];
    this.simpleBlocks(phase, list);
    const { groups } = this.phases[phase];
    if (this.columns) list.push(...columnBlocks(list, this.items, this.remaining, this.spec));
    if (this.general) list = withGeneralBlocks(list, this.items, this.remaining, this.spec, this.general, () => this.ticker.tick());
    for (const g of groups) list.push(...this.groupBlocks(g));
    return list;
  }

  /**
   * The simple blocks of an item, shared by every problem of the same equipment row while
   * the item's count stays the same (a big fleet re-cuts its phases for every Unit).
   */
  private simpleOf(i: number): Block[] {
    let byItem = simpleCache.get(this.orientationsOf);
    if (!byItem) simpleCache.set(this.orientationsOf, (byItem = new Map()));
    const { L, W, H } = this.spec;
    const count = this.remaining[i];
    const known = byItem.get(i);
    const same = known && known.L === L && known.W === W && known.H === H && known.item === this.items[i];
    if (same && known.count === count) return known.blocks;
    // Fewer pieces: the blocks of more pieces that need no more, in order (a fresh build's
    // list, unless that one was capped); the same objects keep columns made of them cached.
    if (same && count < known.count && known.blocks.length < MAX_BLOCKS_PER_ITEM) {
      const blocks = known.blocks.filter((b) => b.count <= count);
      byItem.set(i, { item: this.items[i], count, L, W, H, blocks });
      return blocks;
    }
    // A shorter or narrower Unit of the same height (a keep-together group packed into smaller
    // boxes, thousands of times at 20,000 pieces): likewise those no longer or wider than it, in
    // order (a block's extents decide whether it fits and its pieces, whichever orientation made
    // it first). The entry stays the row's own.
    if (known && known.H === H && known.item === this.items[i] && L <= known.L && W <= known.W && count <= known.count && known.blocks.length < MAX_BLOCKS_PER_ITEM) {
      return known.blocks.filter((b) => b.count <= count && b.dx <= L && b.dy <= W);
    }
    const blocks = simpleBlocks(this.items[i], count, this.orientationsOf(i), this.spec);
    byItem.set(i, { item: this.items[i], count, L, W, H, blocks });
    return blocks;
  }

  /** The smallest block extents of a phase along x, y, z: thinner spaces hold none of its blocks. */
  minExtents(phase: number): Float64Array {
    this.blocks(phase);
    return this.minDims[phase];
  }

  /** The phase's reach tables (reach.ts), when the problem uses them (`reachTables`). */
  reach(phase: number): Reach {
    return (this.reaches[phase] ??= this.reachTables
      ? reachOf(this.spec, this.items, this.phases[phase].items, this.remaining, this.orientationsOf)
      : NO_REACH);
  }

  /**
   * The phase's pieces have too many heights for a reach table (many box types): the search
   * keeps one beam node per set of pieces, the corner policy orders spaces by summed distance,
   * and the selection score measures contact against placed blocks (search.ts, selection.ts).
   */
  manyHeights(phase: number): boolean {
    return this.reachTables && this.reach(phase).z === null;
  }

  /** The extents and weights of a phase's blocks in flat arrays (same order as `blocks`). */
  figures(phase: number): BlockFigures {
    this.blocks(phase);
    return this.figs[phase];
  }

  /** Blocks before this index are all bigger than a space of this volume: skip them. */
  firstFitting(phase: number, spaceVolume: number): number {
    this.blocks(phase);
    return firstAtMost(this.minVolumeUpTo[phase], spaceVolume);
  }

  /**
   * Blocks before this index are all too big for a space of these extents (by volume,
   * cross-section or footprint): skip them.
   */
  firstFittingBox(phase: number, sx: number, sy: number, sz: number): number {
    this.blocks(phase);
    // One search for the first index past all three bounds (each array is non-increasing, so
    // that is the largest of the three first indices at most their limits).
    const vol = this.minVolumeUpTo[phase], sec = this.minSectionUpTo[phase], foot = this.minFootprintUpTo[phase];
    const v = sx * sy * sz, s = sy * sz, f = sx * sy;
    let lo = 0, hi = vol.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vol[mid] > v || sec[mid] > s || foot[mid] > f) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Volume of all cargo this Unit could take: an upper bound for its fill. */
  cargoVolume(): number {
    let v = 0;
    for (let p = 0; p < this.phases.length; p++) {
      for (const i of this.phases[p].items) v += this.items[i].volume * this.remaining[i];
      for (const g of this.phases[p].groups) v += this.groupBlock(g)?.volume ?? 0;
    }
    return v;
  }
}

/** The first index whose value is at most `limit` in a non-increasing array (its length if none). */
function firstAtMost(values: Float64Array, limit: number): number {
  let lo = 0, hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] > limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The same order with up to 15 % random weight on its main key: another greedy, for restarts. */
function perturbed(list: Block[], seed: number, wall: boolean): Block[] {
  const rng = makeRng(seed);
  const keyed = list.map((b) => ({ b, k: (wall ? b.dy * b.dz : b.volume) * (1 + 0.15 * rng()) }));
  keyed.sort((p, q) => q.k - p.k);
  return keyed.map((e) => e.b);
}
