// The phases a row's Units are filled from (its cargo cut by Stop and size, once) and the
// sorted block lists of those phases, kept across the Units of a fleet.
import type { Block, Item } from '../model.ts';
import { sortBlocks } from './block-sort.ts';
import { byCrossSection, byVolume, MAX_BLOCKS_PER_ITEM, sectionOrder, volumeOrder } from './blocks.ts';
import type { EquipmentView } from './equipment-view.ts';
import { recycle, release, takeFigures } from './figure-pool.ts';
import { forgetSimple } from './simple-cache.ts';
import type { Phase, PhaseIndex } from './problem.ts';
import { needsFullSupport } from './state.ts';

/**
 * Item types per phase: enough choice for good blocks, few enough to stay fast at scale.
 * 80 rather than 40: the mixed scale cargo (seed 7) needs sea 11 / 54 / 220 and road 10 / 51 /
 * 200 Units at 1,000 / 5,000 / 20,000 pieces where 40 needed 12 / 56 / 234 and 10 / 51 / 206
 * (60: 12 / 54 / 224 and 10 / 51 / 203; seed 3, 60 -> 80: sea 226 -> 227, road 206 -> 203), with
 * the first plan at 20,000 pieces still 3.4-4.1 s.
 */
export const PHASE_ITEMS = 80;
/**
 * Items (or groups) per piece of a row's fixed cut: a phase is one or more of them, merged
 * until it holds at least PHASE_ITEMS (at most PHASE_ITEMS + CUT_ITEMS - 1) as cargo runs out.
 */
const CUT_ITEMS = PHASE_ITEMS / 2;
/**
 * Under a support rule, cargo of one Stop in FILLER_LINES lines: its smallest lines (by the packing
 * order, bigger first; `fillerCount`) go into a last phase of their own, after all the others. With
 * 50-120 box types of one to three boxes each, the small boxes otherwise go into the first gaps they
 * fit and none are left to fill the gaps the bigger boxes leave last. Cargo of several Stops keeps
 * the plain cut (not measured there).
 */
const FILLER_LINES = { min: 41, max: 120 };
/** The fillers' share of 41-80 lines (one phase by the plain cut). */
const FILLER_SHARE = 0.15;
/**
 * The fillers' share of 81-120 lines, where the plain cut already ends in a phase of the smallest
 * 1-40 (80 and 20 at 100 types): 30 of 100 types as fillers. Full support, 5 s of CPU, paired:
 * generated 100 types seeds 101-404 +0.62 (10 better / 2 worse); held out seeds 505-1212 +0.10
 * (11 / 10), 90 types seeds 101 / 505 +0.81 / -0.60, real BR14-BR15 #11-17 +0.39 (10 / 4). The
 * same share at 50-70 types lost (held out -0.37 at 70 types).
 */
const WIDE_FILLER_SHARE = 0.3;

/** How many of a Stop's n lines are fillers (see FILLER_LINES), under a support rule and one Stop. */
function fillerCount(n: number): number {
  if (n < FILLER_LINES.min || n > FILLER_LINES.max) return 0;
  return Math.round((n > PHASE_ITEMS ? WIDE_FILLER_SHARE : FILLER_SHARE) * n);
}

/** An item (group -1) or a keep-together group (item -1) in packing order. */
export interface CutEntry {
  group: number;
  item: number;
  /** Item.phaseRank: 0 = no Stop, then Stop 99 .. 1. */
  rank: number;
}

interface CutPiece {
  rank: number;
  /** Its items and groups in packing order: an item's index, or -(group + 1) (flat: read for every Unit). */
  codes: Int32Array;
  /** The smallest lines of a Stop (FILLER_SHARE): a phase of their own, never merged with the one before. */
  fillers?: boolean;
}

/**
 * Per row: its cargo cut into pieces once, and per phase (the cut's pieces merged) the block
 * lists kept across Units (`Phase.memo`).
 */
export class PhaseCuts {
  private readonly cuts = new Map<EquipmentView, CutPiece[]>();
  private readonly memos = new Map<EquipmentView, Map<string, Map<string, PhaseIndex>>>();
  /** Per row and piece of the cut: the phases (their pieces) that held it. */
  private readonly byPiece = new Map<EquipmentView, Map<number, number[][]>>();
  /** Per row: the pieces of the cut whose cargo is all gone. */
  private readonly emptied = new Map<EquipmentView, Set<number>>();

  /** `entries`: every item and group in packing order (no-Stop first, then Stop 99 .. 1; bigger first). */
  constructor(private readonly entries: readonly CutEntry[]) {}

  /**
   * The cargo this row can take, in packing order, cut into phases by Stop and size. The
   * cut is made once per row (`cutOf`) and only thinned as cargo runs out, a thinned phase
   * taking in its neighbours of the same Stop until it holds PHASE_ITEMS again: the phases of
   * Unit after Unit stay the same, so their block lists are kept (`Phase.memo`) instead of
   * built again per Unit.
   */
  phasesFor(view: EquipmentView, left: ArrayLike<number>, groupsLeft: Set<number>, phaseItems = PHASE_ITEMS): Phase[] {
    const cut = this.cutOf(view);
    const phases: Phase[] = [];
    const keys: string[] = [];
    const pieces: number[][] = [];
    let current: Phase | null = null;
    let rank = -1;
    let memos = this.memos.get(view);
    if (!memos) this.memos.set(view, (memos = new Map()));
    let byPiece = this.byPiece.get(view);
    if (!byPiece) this.byPiece.set(view, (byPiece = new Map()));
    let emptied = this.emptied.get(view);
    if (!emptied) this.emptied.set(view, (emptied = new Set()));
    for (let s = 0; s < cut.length; s++) {
      // Counted first, then appended to the phase they go to (no lists per piece: this runs per Unit).
      const codes = cut[s].codes;
      let n = 0;
      for (let k = 0; k < codes.length; k++) {
        const c = codes[k];
        if (c >= 0 ? left[c] > 0 : groupsLeft.has(-c - 1)) n++;
      }
      if (n === 0) {
        emptied.add(s);
        if (dropEmptied(memos, byPiece, emptied, s)) for (const c of codes) if (c >= 0) forgetSimple(view.orientationsOf, c);
        continue;
      }
      if (emptied.size > 0) emptied.delete(s);
      // The fillers stay a phase of their own, but for wide phases (a Unit of a fleet with time to choose).
      const apart = cut[s].fillers === true && phaseItems <= PHASE_ITEMS;
      if (current && cut[s].rank === rank && !apart && current.items.length + current.groups.length < phaseItems) {
        keys[keys.length - 1] += `+${s}`;
        pieces[pieces.length - 1].push(s);
      } else {
        current = { items: [], groups: [] };
        rank = cut[s].rank;
        phases.push(current);
        keys.push(`${s}`);
        pieces.push([s]);
      }
      for (let k = 0; k < codes.length; k++) {
        const c = codes[k];
        if (c >= 0) {
          if (left[c] > 0) current.items.push(c);
        } else if (groupsLeft.has(-c - 1)) current.groups.push(-c - 1);
      }
    }
    for (let p = 0; p < phases.length; p++) {
      let memo = memos.get(keys[p]);
      if (!memo) {
        memos.set(keys[p], (memo = new Map(this.seedOf(memos, byPiece, pieces[p]))));
        for (const index of memo.values()) index.holders++;
        for (const s of pieces[p]) {
          const list = byPiece.get(s);
          if (list) list.push(pieces[p]);
          else byPiece.set(s, [pieces[p]]);
        }
      }
      phases[p].memo = memo;
    }
    // No search runs now (the Unit's problems are made from these phases): dropped lists' buffers are free.
    recycle();
    return phases;
  }

  /**
   * A new phase (its cut's pieces merged anew) starts from the lists of the phase that held
   * most of the same pieces: they are brought to it (`canShrink`) instead of built afresh.
   */
  private seedOf(memos: Map<string, Map<string, PhaseIndex>>, byPiece: Map<number, number[][]>, pieces: number[]): Map<string, PhaseIndex> {
    let best: number[] | null = null, most = 0;
    const last = pieces[pieces.length - 1];
    for (const other of byPiece.get(pieces[0]) ?? []) {
      if (!memos.has(other.join('+'))) continue;
      let shared = 0;
      for (const s of other) if (s >= pieces[0] && s <= last) shared++;
      if (shared >= most) {
        best = other;
        most = shared;
      }
    }
    return (best && memos.get(best.join('+'))) ?? new Map();
  }

  /** All the cargo this row can take, in packing order, cut into pieces by Stop and size. */
  private cutOf(view: EquipmentView): CutPiece[] {
    let cut = this.cuts.get(view);
    if (cut) return cut;
    cut = [];
    const taken = this.entries.filter((e) => (e.group >= 0 ? view.groupBlock(e.group) !== null : view.takes(e.item)));
    // Per Stop (a run of one rank): pieces of CUT_ITEMS, the smallest lines apart where they are fillers.
    const oneStop = taken.every((e) => e.rank === taken[0].rank);
    for (let a = 0; a < taken.length; ) {
      let b = a;
      while (b < taken.length && taken[b].rank === taken[a].rank) b++;
      const n = b - a;
      const fillers = oneStop && !view.spec.supportNone ? fillerCount(n) : 0;
      const head = b - fillers;
      for (let k = a; k < head; k += CUT_ITEMS) {
        // A short last piece joins the one before (a phase of a handful of lines between two others).
        const end = fillers > 0 && head - (k + CUT_ITEMS) < CUT_ITEMS / 2 ? head : Math.min(head, k + CUT_ITEMS);
        cut.push(cutPiece(taken[a].rank, taken.slice(k, end)));
        if (end === head) break;
      }
      if (fillers > 0) cut.push({ ...cutPiece(taken[a].rank, taken.slice(head, b)), fillers: true });
      a = b;
    }
    this.cuts.set(view, cut);
    return cut;
  }
}

/**
 * A piece of the cut whose cargo is all gone: the lists of the phases that held it and no piece
 * with cargo left are dropped (no phase holds them again while cargo only runs out; kept, they held
 * 100s of MB at 20,000 pieces). A list whose other pieces have cargo stays: a later phase of those
 * starts from it (`seedOf`) rather than from a fresh build.
 */
function dropEmptied(memos: Map<string, Map<string, PhaseIndex>>, byPiece: Map<number, number[][]>, emptied: Set<number>, s: number): boolean {
  const held = byPiece.get(s);
  if (!held) return false;
  for (const pieces of held) {
    if (!pieces.every((p) => emptied.has(p))) continue;
    const key = pieces.join('+');
    const memo = memos.get(key);
    if (!memo) continue;
    memos.delete(key);
    for (const index of memo.values()) drop(index);
  }
  byPiece.delete(s);
  return true;
}

/** A memo takes `index` for `key` (the list it held there dropped): each list counts the memos holding it. */
export function keepIn(memo: Map<string, PhaseIndex>, key: string, index: PhaseIndex): void {
  const old = memo.get(key);
  if (old === index) return;
  memo.set(key, index);
  index.holders++;
  if (old) drop(old);
}

/** A memo lets go of `index`: held by none, its figures' buffer is released (figure-pool.ts). */
function drop(index: PhaseIndex): void {
  if (--index.holders > 0 || !index.buffer) return;
  release(index.buffer);
  index.buffer = null;
}

function cutPiece(rank: number, entries: CutEntry[]): CutPiece {
  return { rank, codes: Int32Array.from(entries, (e) => (e.group >= 0 ? -e.group - 1 : e.item)) };
}

/** Blocks per chunk of `BlockFigures` (a scan skips a chunk none of whose blocks fits). */
export const CHUNK_BITS = 4;

/**
 * A phase's sorted block list with what the search reads of it: the flat figures, the
 * smallest extents, and per index the smallest volume, cross-section (y*z) and footprint
 * (x*y) among the blocks up to it (non-increasing), in one pass.
 */
export function indexList(
  list: Block[], items: Item[], phase: Phase, remaining: ArrayLike<number>, from?: KeptFigures, scratch = false,
): PhaseIndex {
  const n = list.length;
  const chunks = (n >> CHUNK_BITS) + 1;
  const kf = from?.index.figs, kv = from?.index.volume, src = from?.src;
  let needs = 0;
  // (A kept block is simple or a group: no pieces list.)
  for (let i = 0; i < n; i++) if (!src || src[i] < 0) needs += list[i].need?.length ?? 0;
  // One buffer for every figure (one allocation per list: a big fleet indexes thousands):
  // the floats first, then the ints, then the flags (each at its own alignment).
  const nf = 8 * n + 4 * chunks + 3, ni = 3 * n + 1 + 2 * needs;
  const buffer = scratch ? scratchBuffer(8 * nf + 4 * ni + 2 * n) : takeFigures(8 * nf + 4 * ni + 2 * n);
  let at = 0;
  const take = (k: number) => {
    const a = new Float64Array(buffer, at, k);
    at += 8 * k;
    return a;
  };
  const dx = take(n), dy = take(n), dz = take(n), weight = take(n);
  const mins = take(n), sections = take(n), footprints = take(n), volume = take(n);
  const chunkDx = take(chunks).fill(Infinity), chunkDy = take(chunks).fill(Infinity);
  const chunkDz = take(chunks).fill(Infinity), chunkWeight = take(chunks).fill(Infinity);
  const minDims = take(3);
  const ints = new Int32Array(buffer, 8 * nf, ni);
  const item = ints.subarray(0, n), count = ints.subarray(n, 2 * n), needStart = ints.subarray(2 * n, 3 * n + 1);
  const needItem = ints.subarray(3 * n + 1, 3 * n + 1 + needs), needCount = ints.subarray(3 * n + 1 + needs);
  let k = 0;
  const flags = new Uint8Array(buffer, 8 * nf + 4 * ni, 2 * n);
  const full = flags.subarray(0, n), rests = flags.subarray(n);
  let allRest = true;
  let allFull = 1;
  let vol = Infinity, sec = Infinity, foot = Infinity;
  let ex = Infinity, ey = Infinity, ez = Infinity;
  let capped = false;
  for (let i = 0; i < n; i++) {
    const s = src ? src[i] : -1;
    let bx: number, by: number, bz: number, bw: number, bv: number;
    if (s >= 0) {
      // A kept block (simple or a group: no pieces list of its own): its figures as they were.
      bx = kf!.dx[s]; by = kf!.dy[s]; bz = kf!.dz[s]; bw = kf!.weight[s]; bv = kv![s];
      full[i] = kf!.full[s];
      rests[i] = kf!.rests[s];
      item[i] = kf!.item[s];
      count[i] = kf!.count[s];
    } else {
      const b = list[i];
      bx = b.dx; by = b.dy; bz = b.dz; bw = b.weight; bv = b.volume;
      full[i] = needsFullSupport(items, b) ? 1 : 0;
      rests[i] = restsOnFaces(items, b) ? 1 : 0;
      const simple = isSimple(b);
      item[i] = simple ? b.item : -1;
      count[i] = simple ? b.count : -1;
    }
    dx[i] = bx; dy[i] = by; dz[i] = bz; weight[i] = bw; volume[i] = bv;
    allFull &= full[i];
    if (rests[i] === 0) allRest = false;
    const c = i >> CHUNK_BITS;
    if (bx < chunkDx[c]) chunkDx[c] = bx;
    if (by < chunkDy[c]) chunkDy[c] = by;
    if (bz < chunkDz[c]) chunkDz[c] = bz;
    if (bw < chunkWeight[c]) chunkWeight[c] = bw;
    if (bv < vol) vol = bv;
    if (by * bz < sec) sec = by * bz;
    if (bx * by < foot) foot = bx * by;
    mins[i] = vol; sections[i] = sec; footprints[i] = foot;
    if (bx < ex) ex = bx;
    if (by < ey) ey = by;
    if (bz < ez) ez = bz;
    needStart[i] = k;
    if (s < 0 && item[i] < 0) {
      const b = list[i];
      const need = b.group < 0 ? b.need : undefined;
      if (need) {
        for (let j = 0; j < need.length; j++) {
          needItem[k] = need[j][0];
          needCount[k++] = need[j][1];
        }
      }
    }
  }
  needStart[n] = k;
  // An item's blocks were capped only if the list holds that many (most lists are shorter).
  if (n >= MAX_BLOCKS_PER_ITEM) capped = anyCapped(item, items.length);
  minDims[0] = ex; minDims[1] = ey; minDims[2] = ez;
  // (A scratch list is never kept: no counts to bring it to the pieces left.)
  const counts = scratch ? NO_COUNTS : new Map<number, number>();
  if (!scratch) for (const i of phase.items) counts.set(i, remaining[i]);
  return {
    list, figs: { dx, dy, dz, weight, full, allFull, item, count, needStart, needItem, needCount, rests, allRest, chunkDx, chunkDy, chunkDz, chunkWeight, scans: 0, bits: null },
    minVolumeUpTo: mins, minSectionUpTo: sections, minFootprintUpTo: footprints, minDims, volume,
    counts, groups: phase.groups.slice(), capped, buffer: scratch ? null : buffer, holders: 0,
  };
}

/** Some item has MAX_BLOCKS_PER_ITEM simple blocks in the list (`item`: per block its item, -1 none). */
function anyCapped(item: Int32Array, itemCount: number): boolean {
  if (perItem.length < itemCount) perItem = new Int32Array(itemCount);
  let capped = false;
  for (let i = 0; i < item.length; i++) if (item[i] >= 0 && ++perItem[item[i]] >= MAX_BLOCKS_PER_ITEM) capped = true;
  // (Cleared again for the next list.)
  for (let i = 0; i < item.length; i++) if (item[i] >= 0) perItem[item[i]] = 0;
  return capped;
}

/** anyCapped's scratch: blocks per item. */
let perItem = new Int32Array(0);

/**
 * One buffer for the figures of lists that die with their problem before the next such list is
 * made (a keep-together group's packings: 6,000 of them at 20,000 pieces). Every figure is written
 * by indexList, so it need not be cleared.
 */
let scratchFigures = new ArrayBuffer(0);
const NO_COUNTS: Map<number, number> = new Map();

function scratchBuffer(bytes: number): ArrayBuffer {
  if (scratchFigures.byteLength < bytes) scratchFigures = new ArrayBuffer(Math.max(bytes, 2 * scratchFigures.byteLength));
  return scratchFigures;
}

/**
 * A kept list can be brought to the phase (`shrunkIndex`) when no item of the phase has more
 * pieces left than the list was built for, the phase's items and groups not in the list all
 * come after those in it (a phase that took in the next piece of the cut), and no item's
 * simple blocks were capped (a capped list keeps the biggest blocks of the count it was built for).
 */
export function canShrink(kept: PhaseIndex, phase: Phase, remaining: ArrayLike<number>): boolean {
  if (kept.capped) return false;
  let fresh = false;
  for (const i of phase.items) {
    const was = kept.counts.get(i);
    if (was === undefined) fresh = true;
    else if (fresh || remaining[i] > was) return false;
  }
  const groups = new Set(kept.groups);
  fresh = false;
  for (const g of phase.groups) {
    if (!groups.has(g)) fresh = true;
    else if (fresh) return false;
  }
  return true;
}

/**
 * The list a fresh build gives for the phase, from a kept one (see `canShrink`); `columns` (the
 * phase's, made for it) are sorted in place. A fresh
 * build sorts [simple blocks (in item order), columns, groups] stably. An item's simple
 * blocks for fewer pieces are exactly those of more pieces that need no more than are left,
 * in the same order, so the kept list loses the blocks that need more, its old columns and
 * the groups gone; the simple blocks of items new to the phase (they come after the kept
 * ones), the phase's `columns` and its new groups are sorted on their own and merged in,
 * ties going in the fresh build's order: kept simple, new simple, columns, kept groups, new groups.
 */
export function shrunkIndex(
  kept: PhaseIndex, phase: Phase, items: Item[], remaining: ArrayLike<number>, columns: Block[],
  order: (a: Block, b: Block) => number, simpleOf: (item: number) => Block[], groupBlocks: (group: number) => Block[],
): PhaseIndex {
  const inPhase = membersOf(phase.items, items.length);
  const groups = new Set(phase.groups);
  // The kept blocks that stay, by their place in the kept list (their figures are copied).
  const kf = kept.figs, klist = kept.list;
  if (oldAt.length < klist.length) oldAt = new Int32Array(2 * klist.length);
  let olds = 0;
  for (let i = 0; i < klist.length; i++) {
    const it = kf.item[i];
    if (it >= 0) {
      // A simple block: kept while in the phase and needing no more than is left.
      if (inPhase[it] === stamp && kf.count[i] <= remaining[it]) oldAt[olds++] = i;
    } else if (kf.needStart[i + 1] === kf.needStart[i]) {
      // A group (a column lists its pieces; told so without reading the block).
      const b = klist[i];
      if (groups.has(b.group)) oldAt[olds++] = i;
    }
    // else: a column of the kept list (made again)
  }
  const newSimple: Block[] = [];
  for (const i of phase.items) if (!kept.counts.has(i)) for (const b of simpleOf(i)) newSimple.push(b);
  const keptGroups = new Set(kept.groups);
  const newGroups: Block[] = [];
  for (const g of phase.groups) {
    if (keptGroups.has(g)) continue;
    for (const b of groupBlocks(g)) newGroups.push(b);
  }
  // One merge of the sorted parts by (order, rank), the rank on ties being the fresh build's
  // concatenation order: kept simple 0, new simple 1, columns 2, kept groups 3, new groups 4.
  const parts = [sortBlocks(newSimple, order), sortBlocks(columns, order), sortBlocks(newGroups, order)];
  const n = olds + parts[0].length + parts[1].length + parts[2].length;
  const list: Block[] = new Array(n);
  if (srcScratch.length < n) srcScratch = new Int32Array(2 * n);
  const src = srcScratch;
  const at = [0, 0, 0];
  // A kept block is compared by its figures where the order is one of the two (not read from the block).
  const byFigures = order === byCrossSection ? 1 : order === byVolume ? 2 : 0;
  const kv = kept.volume;
  let o = 0;
  for (let k = 0; k < n; k++) {
    let best: Block | null = null, bestRank = 5, from = -1;
    let s = -1;
    if (o < olds) {
      s = oldAt[o];
      best = klist[s];
      bestRank = kf.item[s] >= 0 ? 0 : 3;
    }
    for (let p = 0; p < 3; p++) {
      if (at[p] >= parts[p].length) continue;
      const b = parts[p][at[p]];
      const rank = PART_RANKS[p];
      if (best !== null) {
        // order(b, best), best the kept block s while from < 0.
        const c = from >= 0 || byFigures === 0 ? order(b, best)
          : byFigures === 1 ? sectionOrder(b.dy, b.dz, b.volume, b.dx, kf.dy[s], kf.dz[s], kv[s], kf.dx[s])
          : volumeOrder(b.volume, b.dz, b.dx, kv[s], kf.dz[s], kf.dx[s]);
        if (c > 0 || (c === 0 && rank > bestRank)) continue;
      }
      best = b;
      bestRank = rank;
      from = p;
    }
    list[k] = best!;
    if (from < 0) src[k] = oldAt[o++];
    else {
      src[k] = -1;
      at[from]++;
    }
  }
  return indexList(list, items, phase, remaining, { index: kept, src });
}

/** shrunkIndex's scratch: the kept blocks that stay (places in the kept list), and each new block's place there. */
let oldAt = new Int32Array(0);
let srcScratch = new Int32Array(0);

/** The ranks of a shrunk list's new parts (new simple blocks, columns, new groups) on ties. */
const PART_RANKS = [1, 2, 4];

/** A kept list and, per block of a list made from it, its place in the kept list (-1: new). */
interface KeptFigures {
  index: PhaseIndex;
  src: Int32Array;
}

/** Membership of a phase's items: `inPhase[i] === stamp` (the stamp moves on instead of clearing). */
let inPhase = new Int32Array(0);
let stamp = 0;

function membersOf(phaseItems: number[], itemCount: number): Int32Array {
  if (inPhase.length < itemCount) inPhase = new Int32Array(itemCount);
  if (++stamp === 0x7fffffff) {
    inPhase.fill(0);
    stamp = 1;
  }
  for (const i of phaseItems) inPhase[i] = stamp;
  return inPhase;
}

/** Every piece of the block needs some of its base supported (none may float). Plain loops: runs per block of every list. */
function restsOnFaces(items: Item[], b: Block): boolean {
  if (b.pieces) {
    for (const p of b.pieces) if (items[p.item].supportPermille <= 0) return false;
    return true;
  }
  if (b.parts) {
    for (const p of b.parts) if (!restsOnFaces(items, p.block)) return false;
    return true;
  }
  return items[b.item].supportPermille > 0;
}

/** A block of identical pieces of one item (not a column, general block or group). */
function isSimple(b: Block): boolean {
  return b.group < 0 && !b.pieces && !b.parts;
}
