// Filling one Unit: a greedy block builder and a beam search over its block choices
// (after Araya & Riff's BSG: every child is scored by its greedy completion).
import type { Block, PlacedBlock, Space } from '../model.ts';
import { withDead, type KeyedSpace } from './spaces.ts';
import { CHUNK_BITS, type BlockFigures, type UnitProblem } from './problem.ts';
import { canStand, place, supportedReach, type PackState, type UnitSpec } from './state.ts';
import { deadRoom } from './reach.ts';
import { blocksOfExtent } from './exact-fit.ts';
import { aliveBits, bitsOffset, fitBitsOf, killItem, type FitBits, type ItemNeeds } from './fit-bits.ts';
import { copyInts } from './int-slab.ts';
import { selectionScore, SELECTION_CHOICES } from './selection.ts';
import { distinctPieces, distinctSiblings, piecesHash, type ScoredState } from './dominance.ts';

/**
 * A beam child: its state, its completion's volume and pieces (a hash), its parent's index in
 * the level, and how many blocks of the spine (`BeamOptions.spine`) it holds (-1: off the spine).
 */
type Scored = ScoredState & { parent: number; pieces: number; step: number };

export interface Move {
  block: Block;
  x: number;
  y: number;
  z: number;
  /** The space the block goes into (unset: the merit counts no waste). */
  space?: Space;
  /** The widest block filling its floor space's width to within `NEAR_WIDTH` (a fleet's first plan; see `feasibleMoves`). */
  near?: boolean;
}

/** Scratch keys of the live spaces (grown as needed; the search is synchronous). */
let keyA = new Float64Array(64), keyB = new Float64Array(64), keyC = new Float64Array(64), keyV = new Float64Array(64);
let keyI = new Int32Array(64);
/**
 * The three distance keys in one number, (a * 2^16 + b) * 2^16 + c, exact when each is a whole
 * number below 2^16 (`packedKeys`): one comparison orders them as the three do.
 */
let keyK = new Float64Array(64);
let packedKeys = false;
/** `keyV` holds the volumes (`spaceKeys`); else `firstInOrder` reads them from `keySpaces` (`liveKeys`). */
let volumesKept = true;
let keySpaces: Space[] = [];
const PACK = 65536;

/**
 * Fills the scratch keys of the live spaces in the order to fill them: nearest the front
 * wall and lowest first (wall), or nearest a container corner (Parreño's rule, sorted
 * distances); larger first on ties. Without a support rule, where the phase has too many piece
 * heights for a reach table (many box types), the corner policy takes the least sum of the
 * three distances instead (as fontanf/packingsolver's tree search does; 5 s of CPU, paired:
 * real BR8-BR15 #1-3 93.74 -> 94.17, 20 better / 4 worse, held out #4-6 93.84 -> 94.23,
 * 17 / 5; on BR1-BR7 the sum was -0.03, so they keep the sorted distances). Returns how many.
 */
function spaceKeys(problem: UnitProblem, state: PackState): number {
  keyFills++;
  const { W, L } = problem.spec;
  const corner = problem.spec.anchor === 'corner';
  const manhattan = corner && problem.spec.supportNone && problem.manyHeights(state.phase);
  const spaces = state.spaces;
  keyRoom(spaces.length);
  let n = 0;
  let packed = true;
  // The first in fill order, found on the way (as `takeFirst` compares: the keys, larger first, the earlier on ties).
  let first = -1, fa = 0, fb = 0, fc = 0, fv = 0;
  for (let i = 0; i < spaces.length; i++) {
    const s = spaces[i];
    if (s.dead === state.phase) continue;
    const dy = Math.min(s.y0, W - s.y1);
    let a = s.x0, b = s.z0, c = dy;
    if (manhattan) {
      a = Math.min(s.x0, L - s.x1) + dy + s.z0; b = 0; c = 0;
    } else if (corner) {
      // The three distances sorted (the least, the middle, the greatest), without branches.
      const dx = Math.min(s.x0, L - s.x1), z = s.z0;
      const lo = Math.min(dx, dy), hi = Math.max(dx, dy);
      a = Math.min(lo, z); b = Math.max(lo, Math.min(hi, z)); c = Math.max(hi, z);
    }
    const v = (s.x1 - s.x0) * (s.y1 - s.y0) * (s.z1 - s.z0);
    keyA[n] = a; keyB[n] = b; keyC[n] = c; keyV[n] = v; keyI[n] = i;
    keyK[n] = (a * PACK + b) * PACK + c;
    // A whole number in [0, 2^16) is its own low 16 bits (so packs exactly).
    if ((a & 0xffff) !== a || (b & 0xffff) !== b || (c & 0xffff) !== c) packed = false;
    if (first < 0 || a < fa || (a === fa && (b < fb || (b === fb && (c < fc || (c === fc && v > fv)))))) {
      first = n; fa = a; fb = b; fc = c; fv = v;
    }
    n++;
  }
  packedKeys = packed;
  volumesKept = true;
  firstKey = first;
  return n;
}

/** Fills the scratch keys with the live spaces' (cached where they pack, `liveKeys`); returns how many. */
function fillKeys(problem: UnitProblem, state: PackState): number {
  const n = liveKeys(problem, state);
  return n >= 0 ? n : spaceKeys(problem, state);
}

/** Scratch keys for at least `spaces` spaces (all six arrays grow together). */
function keyRoom(spaces: number): void {
  if (keyK.length >= spaces) return;
  const n = 2 * spaces;
  keyA = new Float64Array(n); keyB = new Float64Array(n); keyC = new Float64Array(n); keyV = new Float64Array(n);
  keyI = new Int32Array(n); keyK = new Float64Array(n);
}

/** How many times the scratch keys were filled (`nextMoves` tells a nested search's fill by it). */
let keyFills = 0;

/** The first of the scratch keys in fill order as `spaceKeys` left them (-1: unknown, `takeFirst` looks). */
let firstKey = -1;

/** Takes the first of the n scratch keys in fill order out (swapped to the end) and returns its space. */
function takeFirst(n: number): number {
  // The first is known right after `spaceKeys`; later takes look for it.
  const k = firstKey >= 0 ? firstKey : firstInOrder(n);
  firstKey = -1;
  const si = keyI[k], last = n - 1;
  keyI[k] = keyI[last]; keyK[k] = keyK[last];
  if (volumesKept) keyV[k] = keyV[last];
  if (!packedKeys) { keyA[k] = keyA[last]; keyB[k] = keyB[last]; keyC[k] = keyC[last]; }
  return si;
}

/** The first of the n scratch keys in fill order: the keys, larger volume first, the earlier space on ties. */
function firstInOrder(n: number): number {
  let k = 0;
  if (packedKeys) {
    // The least packed key, a later one taking its place on a tie only when first by volume and
    // index (a compare of two doubles per key: most keys are larger).
    let kk = keyK[0];
    for (let j = 1; j < n; j++) {
      const kj = keyK[j];
      if (kj > kk) continue;
      if (kj < kk || tieFirst(j, k)) {
        k = j;
        kk = kj;
      }
    }
  } else {
    for (let j = 1; j < n; j++) {
      const d = keyA[j] - keyA[k] || keyB[j] - keyB[k] || keyC[j] - keyC[k] || keyV[k] - keyV[j] || keyI[j] - keyI[k];
      if (d < 0) k = j;
    }
  }
  return k;
}

/** Of two scratch keys with equal packed keys, j comes first (larger volume, then the earlier space). */
function tieFirst(j: number, k: number): boolean {
  // Volumes read from the spaces where `liveKeys` left them out.
  const vj = volumesKept ? keyV[j] : volumeOf(keySpaces[keyI[j]]);
  const vk = volumesKept ? keyV[k] : volumeOf(keySpaces[keyI[k]]);
  return vj > vk || (vj === vk && keyI[j] < keyI[k]);
}

/** The live spaces in the order to fill them (see `spaceKeys`), as a decision takes them (`liveKeys`). */
export function spaceOrder(problem: UnitProblem, state: PackState): number[] {
  const out: number[] = [];
  for (let n = fillKeys(problem, state); n > 0; n--) out.push(takeFirst(n));
  return out;
}

/** Up to `limit` blocks that can go into the space, biggest first, with their positions. */
export function feasibleMoves(problem: UnitProblem, state: PackState, si: number, limit: number, pooled = false): Move[] {
  const s = state.spaces[si];
  let sx = s.x1 - s.x0, sy = s.y1 - s.y0;
  const sz = s.z1 - s.z0;
  const ext = problem.minExtents(state.phase);
  if (sx < ext[0] || sy < ext[1] || sz < ext[2]) return NO_MOVES;
  const left = s.y0 <= problem.spec.W - s.y1;
  const front = problem.spec.anchor === 'wall' || s.x0 <= problem.spec.L - s.x1;
  const weightLeft = problem.spec.payload - state.weight;
  const blocks = problem.blocks(state.phase);
  const f = problem.figures(state.phase);
  // Above the floor under a support rule: blocks stand at anchors on the top faces.
  const onFaces = s.z0 > 0 && !problem.spec.supportNone;
  // The top faces at the space's floor, looked up once for the tests below.
  const faces = onFaces ? state.supportsAt(s.z0) : NO_FACES;
  problem.work += faces.length;
  // No top face to stand on under the space: only a block that may float can go (`canStand`).
  const floating = onFaces && !facesUnder(state, s, faces);
  if (floating && f.allRest) return NO_MOVES;
  anchorCount = onFaces ? supportedAnchors(state, s, front, left, faces) : 0;
  if (onFaces && f.allFull === 1) {
    // Every block needs its whole base supported: none is longer or wider than the faces reach.
    let rx = 0, ry = 0;
    for (let k = 0; k < anchorCount; k++) {
      const a = anchors[k];
      if (a.reachX > rx) rx = a.reachX;
      if (a.reachY > ry) ry = a.reachY;
    }
    if (rx < sx) sx = rx;
    if (ry < sy) sy = ry;
    if (sx < ext[0] || sy < ext[1]) return NO_MOVES;
  }
  const used = state.used, remaining = problem.remaining;
  // The flat figures in locals: the loop calls out, so the engine would reload them per block.
  const { dx, dy, dz } = f;
  const n = blocks.length;
  let scanned = 0;
  scanProblem = problem; scanState = state; scanSpace = s; scanFigs = f; scanBlocks = blocks;
  scanOnFaces = onFaces; scanFloating = floating; scanFront = front; scanLeft = left;
  scanUsed = used; scanRemaining = remaining;
  let i = problem.firstFittingBox(state.phase, sx, sy, sz);
  const fb = fitBitsOf(f, problem.scanBits);
  if (fb) {
    // How far any anchor's faces reach (a block needing full support longer or wider goes nowhere).
    scanReachX = Infinity; scanReachY = Infinity;
    if (onFaces) {
      scanReachX = 0; scanReachY = 0;
      for (let k = 0; k < anchorCount; k++) {
        const a = anchors[k];
        if (a.reachX > scanReachX) scanReachX = a.reachX;
        if (a.reachY > scanReachY) scanReachY = a.reachY;
      }
    }
    bitsX = fb.x.bits; bitsY = fb.y.bits; bitsZ = fb.z.bits;
    bitsA = fb.needs ? aliveOf(problem, state, f, fb, fb.needs) : allOnes(fb.words);
    offX = bitsOffset(fb.x, fb.words, sx); offY = bitsOffset(fb.y, fb.words, sy); offZ = bitsOffset(fb.z, fb.words, sz);
  }
  scanPooled = pooled;
  poolUsed = 0;
  const counted = problem.countsWork;
  stepped = 0;
  const out: Move[] = [];
  for (; i < n; i++) {
    if (!fb) i = nextFit(f, i, n, sx, sy, sz, weightLeft);
    else if (counted) i = nextFitBits(f, i, n, sx, sy, sz, weightLeft);
    else i = nextFitWords(f, i, n, sx, sy, sz, weightLeft);
    scanned += stepped;
    if (i >= n) break;
    const m = moveAt(i);
    if (!m) continue;
    out.push(m);
    if (out.length >= limit) break;
  }
  problem.work += scanned;
  // Also the first blocks after the scan's end that fill the space's width or height exactly (with or
  // without a support rule: the selection score's contact share often prefers them to the biggest).
  if (out.length >= limit) {
    let took = -1;
    for (let e = 0; e < EXACT_AXES.length; e++) {
      const axis = EXACT_AXES[e];
      const list = blocksOfExtent(f, axis, axis === 'y' ? s.y1 - s.y0 : sz);
      for (let k = firstAfter(list, i); k < list.length; k++) {
        const j = list[k];
        problem.work++;
        if (j === took || dx[j] > sx || dy[j] > sy || dz[j] > sz || f.weight[j] > weightLeft) continue;
        const m = moveAt(j);
        if (!m) continue;
        out.push(m);
        took = j;
        break;
      }
    }
  }
  if (out.length >= limit && s.z0 === 0 && problem.columns && !problem.reachTables && !problem.spec.supportNone) {
    // On the floor of a fleet's column-block packing (its first plan): also the widest block that
    // fits, when it fills the space's width to within NEAR_WIDTH and is wider than every block taken
    // so far (the first such in list order, biggest first): a row's last piece beside the pallets.
    const sw = s.y1 - s.y0;
    let best: Move | null = null, bw = sw - NEAR_WIDTH;
    for (const m of out) if (m.block.dy > bw) bw = m.block.dy;
    for (let j = 0; j < n; j++) {
      if (dy[j] <= bw || dy[j] > sy || dx[j] > sx || dz[j] > sz || f.weight[j] > weightLeft) continue;
      const m = moveAt(j);
      if (!m) continue;
      best = m; bw = dy[j];
      if (bw === sw) break;
    }
    problem.work += n;
    if (best) {
      best.near = true;
      out.push(best);
    }
  }
  return out;
}

/**
 * How much of a floor space's width the widest block the greedy also weighs may leave (mm): rows
 * across a mixed sea load end in strips of 50-200 mm beside cartons and long goods
 * (`scripts/bench/bare-floor.ts`). First plans, 150 against none: sea 5,000 pieces seeds 1-16
 * 846 -> 842 Units (4 better / 0 worse), road 802 -> 797 (5 / 0), 1,000 pieces seeds 1-30 sea
 * 358 -> 356 (3 / 1), road 315 -> 317 (0 / 2); held out seeds 17-28 / 31-60: sea 647 -> 644 (4 / 1),
 * road 609 -> 609, sea 360 -> 360 (3 / 3), road 321 -> 319 (2 / 0).
 */
const NEAR_WIDTH = 150;

/** The axes along which the greedy also weighs a block filling the space exactly (y: width, z: height). */
const EXACT_AXES: readonly ('y' | 'z')[] = ['y', 'z'];

/** The first position in an ascending index list holding an index above i. */
function firstAfter(list: Int32Array, i: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] <= i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The greedy's moves live only until its next decision (`pooled` scans): their objects are reused
 * from scan to scan instead of made anew (fewer young objects for the collector; the list is new,
 * as emptying one costs more).
 */
let scanPooled = false;
const pool: Move[] = [];
let poolUsed = 0;

/** A move of block b at (x, y, z) in space s: from the pool in a pooled scan. */
function moveOf(b: Block, x: number, y: number, z: number, s: Space): Move {
  if (!scanPooled) return { block: b, x, y, z, space: s, near: false };
  if (poolUsed === pool.length) pool.push({ block: b, x, y, z, space: s, near: false });
  const m = pool[poolUsed++];
  m.block = b; m.x = x; m.y = y; m.z = z; m.space = s; m.near = false;
  return m;
}

/** No top faces (a space on the floor, or without a support rule). */
const NO_FACES: readonly number[] = [];

/** No moves (shared: callers never change a list of moves). */
const NO_MOVES: Move[] = [];

/**
 * What the scan of one space (`feasibleMoves`) reads besides the block, set per scan (the
 * search is synchronous; module variables, not an object per scan).
 */
let scanProblem: UnitProblem;
let scanState: PackState;
let scanSpace: Space;
let scanFigs: BlockFigures;
let scanBlocks: Block[];
let scanOnFaces = false, scanFloating = false, scanFront = false, scanLeft = false;
let scanUsed: Int32Array = new Int32Array(0);
let scanRemaining: ArrayLike<number> = scanUsed;

/** Block i (its extents and weight fit) in the scanned space, if its pieces are left and it can stand there. */
function moveAt(i: number): Move | null {
  const problem = scanProblem, state = scanState, s = scanSpace, f = scanFigs, used = scanUsed, remaining = scanRemaining;
  // A block needing full support goes only where an anchor's faces reach (cheaper than `available`).
  if (scanOnFaces && f.full[i] === 1 && !reaches(f.dx[i], f.dy[i])) return null;
  // Pieces left, from the flat figures where they tell (most blocks of a scan fail here).
  const item = f.item[i];
  if (item >= 0) {
    if (used[item] + f.count[i] > remaining[item]) return null;
  } else if (f.needStart[i] < f.needStart[i + 1] ? !needsLeft(f, i, used, remaining) : !state.available(scanBlocks[i], remaining)) return null;
  const b = scanBlocks[i];
  if (!scanOnFaces) {
    const y = scanLeft ? s.y0 : s.y1 - b.dy;
    const x = scanFront ? s.x0 : s.x1 - b.dx;
    if (!canStand(state, problem.spec, problem.items, b, x, y, s.z0) || !admitted(problem, state, b, x, y, s.z0)) return null;
    return moveOf(b, x, y, s.z0, s);
  }
  if (scanFloating && f.rests[i] === 1) return null;
  return supportedMove(problem, state, s, b, scanFront, scanLeft, f.full[i] === 1);
}

/** How many steps the last `nextFit` took (a skipped chunk is one): the scan's work. */
let stepped = 0;

/**
 * The first block from i on whose extents and weight fit (n or more if none), stepping over chunks
 * none of whose blocks fits. Apart from the rest of the scan: a tight loop over flat figures.
 */
function nextFit(f: BlockFigures, i: number, n: number, sx: number, sy: number, sz: number, weightLeft: number): number {
  const { dx, dy, dz, weight, chunkDx, chunkDy, chunkDz, chunkWeight } = f;
  const mask = (1 << CHUNK_BITS) - 1;
  let steps = 0;
  for (; i < n; i++) {
    steps++;
    if ((i & mask) === 0) {
      // A chunk whose smallest extents or weight do not fit holds no block that fits.
      const c = i >> CHUNK_BITS;
      if (chunkDx[c] > sx || chunkDy[c] > sy || chunkDz[c] > sz || chunkWeight[c] > weightLeft) {
        i += mask;
        continue;
      }
    }
    if (dx[i] <= sx && dy[i] <= sy && dz[i] <= sz && weight[i] <= weightLeft) break;
  }
  stepped = steps;
  return i;
}

/**
 * The space's bitsets for `nextFitBits` (set per scan; the search is synchronous); `bitsA`: the
 * state's pieces-left bits (`aliveOf`), or all ones on lists without them.
 */
let bitsX: Int32Array = new Int32Array(0), bitsY = bitsX, bitsZ = bitsX, bitsA = bitsX;
let ones = new Int32Array(0);

/** At least `words` words of all ones (no block ruled out). */
function allOnes(words: number): Int32Array {
  if (ones.length < words) ones = new Int32Array(words).fill(-1);
  return ones;
}
let offX = 0, offY = 0, offZ = 0;
let scanReachX = Infinity, scanReachY = Infinity;

/**
 * As `nextFit` (the same steps counted), but within a chunk that passes only the blocks the
 * space's bitsets (`fit-bits.ts`) leave are tested: a chunk lies within one bitset word
 * (CHUNK_BITS <= 5). It also steps over blocks `moveAt` would refuse (so the scan finds the
 * same moves): whose pieces are not left (half the blocks that fit on BR7), or that need full
 * support and are longer or wider than any anchor's faces reach. On lists of many items the
 * state's pieces-left bits (`bitsA`) step over the blocks whose pieces are gone without reading
 * them (nine in ten of the blocks whose extents fit a space on 100 box types).
 */
function nextFitBits(f: BlockFigures, i: number, n: number, sx: number, sy: number, sz: number, weightLeft: number): number {
  const { chunkDx, chunkDy, chunkDz, chunkWeight } = f;
  const mask = (1 << CHUNK_BITS) - 1;
  let steps = 0;
  while (i < n) {
    if ((i & mask) === 0) {
      const c = i >> CHUNK_BITS;
      if (chunkDx[c] > sx || chunkDy[c] > sy || chunkDz[c] > sz || chunkWeight[c] > weightLeft) {
        steps++;
        i += mask + 1;
        continue;
      }
    }
    // The rest of i's chunk: each block counts a step up to the one found (as `nextFit`).
    const end = Math.min((i | mask) + 1, n);
    const w = i >> 5;
    let bits = ((bitsA[w] & bitsX[offX + w] & bitsY[offY + w] & bitsZ[offZ + w]) >>> (i & 31)) & ((1 << (end - i)) - 1);
    while (bits !== 0) {
      const k = 31 - Math.clz32(bits & -bits);
      const j = i + k;
      if (takes(f, j, sx, sy, sz, weightLeft)) {
        stepped = steps + k + 1;
        return j;
      }
      bits &= bits - 1;
    }
    steps += end - i;
    i = end;
  }
  stepped = steps;
  return i;
}

/**
 * Block j of the scan's list is one `moveAt` takes: its extents and weight fit, a block needing
 * full support reaches no further than the anchors' faces, and its pieces are left.
 */
function takes(f: BlockFigures, j: number, sx: number, sy: number, sz: number, weightLeft: number): boolean {
  const { dx, dy } = f;
  if (dx[j] > sx || dy[j] > sy || f.dz[j] > sz || f.weight[j] > weightLeft) return false;
  if (f.full[j] !== 0 && (dx[j] > scanReachX || dy[j] > scanReachY)) return false;
  const it = f.item[j];
  return it >= 0 ? scanUsed[it] + f.count[j] <= scanRemaining[it] : f.needStart[j] === f.needStart[j + 1] || needsLeft(f, j, scanUsed, scanRemaining);
}

/**
 * As `nextFitBits` where the work is not counted (`UnitProblem.countsWork`): the same block,
 * found a bitset word (32 blocks) at a time without the chunks' tests, which only tell how many
 * steps a scan takes (a chunk they rule out holds no block whose extents and weight fit).
 */
function nextFitWords(f: BlockFigures, i: number, n: number, sx: number, sy: number, sz: number, weightLeft: number): number {
  // Bits past the list's end are clear in every extent bitset.
  while (i < n) {
    const w = i >> 5;
    let bits = (bitsA[w] & bitsX[offX + w] & bitsY[offY + w] & bitsZ[offZ + w]) >>> (i & 31);
    while (bits !== 0) {
      const j = i + 31 - Math.clz32(bits & -bits);
      if (takes(f, j, sx, sy, sz, weightLeft)) return j;
      bits &= bits - 1;
    }
    i = (w + 1) << 5;
  }
  return n;
}

/**
 * The state's pieces-left bits for the list (fit-bits.ts `aliveBits`), brought up to the blocks
 * placed since they were last asked for; made afresh for another list or problem.
 */
function aliveOf(problem: UnitProblem, state: PackState, f: BlockFigures, fb: FitBits, needs: ItemNeeds): Int32Array {
  let alive = state.alive;
  const placed = state.placed;
  if (alive === null || state.aliveOf !== fb || state.aliveFor !== problem) {
    alive = state.alive = aliveBits(needs, fb.words, f.dx.length, state.used, problem.remaining);
    state.aliveOf = fb;
    state.aliveFor = problem;
    state.aliveShared = false;
  } else if (state.aliveAt < placed.length) {
    if (state.aliveShared) {
      alive = state.alive = copyInts(alive);
      state.aliveShared = false;
    }
    for (let k = state.aliveAt; k < placed.length; k++) {
      const b = placed[k].block;
      if (!b.pieces) killBlock(needs, fb.words, alive, b, state.used, problem.remaining);
    }
  }
  state.aliveAt = placed.length;
  return alive;
}

/** Clears the bits of the blocks short of the items the block took (the items `placeTops` counts). */
function killBlock(needs: ItemNeeds, words: number, alive: Int32Array, b: Block, used: Int32Array, remaining: ArrayLike<number>): void {
  if (b.parts) {
    for (const p of b.parts) killBlock(needs, words, alive, p.block, used, remaining);
    return;
  }
  killItem(needs, words, alive, b.item, used, remaining);
}

/** Enough pieces are left for each (item, count) pair of block i's flat needs (as `PackState.available`). */
function needsLeft(f: BlockFigures, i: number, used: Int32Array, remaining: ArrayLike<number>): boolean {
  const { needItem, needCount } = f;
  for (let k = f.needStart[i], end = f.needStart[i + 1]; k < end; k++) {
    const it = needItem[k];
    if (used[it] + needCount[k] > remaining[it]) return false;
  }
  return true;
}

/** Some top face at the space's floor that may carry cargo reaches into the space. */
function facesUnder(state: PackState, s: Space, faces: readonly number[]): boolean {
  const sup = state.supports;
  for (const i of faces) {
    const f = sup[i];
    if (!f.noStack && f.x1 > s.x0 && f.x0 < s.x1 && f.y1 > s.y0 && f.y0 < s.y1) return true;
  }
  return false;
}

/** A corner to put a block at above the floor, and how far the top faces reach from it. */
interface Anchor {
  x: number;
  y: number;
  reachX: number;
  reachY: number;
}

/** Anchors a space offers per space (the corner first, then the nearest supported corners). */
const MAX_ANCHORS = 4;

/** The scanned space's anchors: the first `anchorCount` (reused per scan: none outlives it). */
const anchors: Anchor[] = Array.from({ length: MAX_ANCHORS }, () => ({ x: 0, y: 0, reachX: 0, reachY: 0 }));
let anchorCount = 0;

/**
 * Above the floor a space's corner may hang over a gap while top faces inside it could
 * carry blocks: besides the corner itself, the corner of each top face at the space's
 * floor (clipped to the space), nearest first. Blocks needing their whole base supported
 * go where the faces reach far enough.
 */
function supportedAnchors(state: PackState, s: Space, front: boolean, left: boolean, faces: readonly number[]): number {
  const cx = front ? s.x0 : s.x1, cy = left ? s.y0 : s.y1;
  const dirX = front ? 1 : -1, dirY = left ? 1 : -1;
  ptX[0] = cx; ptY[0] = cy; ptD[0] = 0;
  let n = 1;
  const sup = state.supports;
  for (const i of faces) {
    const f = sup[i];
    if (f.noStack || f.x1 <= s.x0 || f.x0 >= s.x1 || f.y1 <= s.y0 || f.y0 >= s.y1) continue;
    const px = front ? Math.max(s.x0, f.x0) : Math.min(s.x1, f.x1);
    const py = left ? Math.max(s.y0, f.y0) : Math.min(s.y1, f.y1);
    if (px === cx && py === cy) continue;
    ptX[n] = px; ptY[n] = py; ptD[n] = Math.abs(px - cx) + Math.abs(py - cy);
    n++;
  }
  let count = 0;
  // Nearest first (then by x, y), taken one at a time: only the first few are ever needed.
  while (n > 0 && count < MAX_ANCHORS) {
    let k = 0;
    for (let j = 1; j < n; j++) {
      if ((ptD[j] - ptD[k] || ptX[j] - ptX[k] || ptY[j] - ptY[k]) < 0) k = j;
    }
    const px = ptX[k], py = ptY[k];
    n--;
    ptX[k] = ptX[n]; ptY[k] = ptY[n]; ptD[k] = ptD[n];
    if (anchorAt(count, px, py)) continue;
    const reach = supportedReach(state, s.z0, px, py, dirX, dirY);
    const reachX = reach[0], reachY = reach[1];
    if (count > 0 && (reachX === 0 || reachY === 0)) continue;
    const a = anchors[count++];
    a.x = px; a.y = py; a.reachX = reachX; a.reachY = reachY;
  }
  return count;
}

/** One of the first `count` anchors is at (x, y). */
function anchorAt(count: number, x: number, y: number): boolean {
  for (let k = 0; k < count; k++) if (anchors[k].x === x && anchors[k].y === y) return true;
  return false;
}

/**
 * Scratch for `supportedAnchors`: the candidate corners and their distances from the
 * space's corner (plain arrays: whole millimetres stay small integers).
 */
const ptX: number[] = [], ptY: number[] = [], ptD: number[] = [];

/** Some anchor's top faces reach at least dx along x and dy along y. */
function reaches(dx: number, dy: number): boolean {
  for (let k = 0; k < anchorCount; k++) if (dx <= anchors[k].reachX && dy <= anchors[k].reachY) return true;
  return false;
}

/** The block at the first anchor where it stays inside the space and can stand. */
function supportedMove(problem: UnitProblem, state: PackState, s: Space, b: Block, front: boolean, left: boolean, full: boolean): Move | null {
  for (let k = 0; k < anchorCount; k++) {
    const a = anchors[k];
    if (full && (b.dx > a.reachX || b.dy > a.reachY)) continue;
    const x = front ? a.x : a.x - b.dx;
    const y = left ? a.y : a.y - b.dy;
    if (x < s.x0 || x + b.dx > s.x1 || y < s.y0 || y + b.dy > s.y1) continue;
    if (canStand(state, problem.spec, problem.items, b, x, y, s.z0) && admitted(problem, state, b, x, y, s.z0)) return moveOf(b, x, y, s.z0, s);
  }
  return null;
}

function admitted(problem: UnitProblem, state: PackState, b: Block, x: number, y: number, z: number): boolean {
  return problem.admits === null || problem.admits(state, b, x, y, z);
}

/**
 * Moves the state to its next decision: drops spaces nothing fits, moves to the next
 * phase when none is left. Returns the candidate moves, or [] when the Unit is done.
 */
function nextMoves(problem: UnitProblem, state: PackState, limit: number, pooled = false): Move[] {
  while (state.phase < problem.phases.length) {
    problem.ticker.tick();
    let n = fillKeys(problem, state);
    if (n > 0) {
      // The first scan of a phase builds its block list, and packing keep-together groups for it
      // runs a search of its own, which fills the scratch keys with its spaces: build the list
      // first and fill them again for this state if that happened (the same clock reads and work).
      const filled = keyFills;
      problem.blocks(state.phase);
      if (keyFills !== filled) n = fillKeys(problem, state);
    }
    problem.work += state.spaces.length;
    if (n === 0) {
      // A run of phases that place nothing means the Unit is as good as full: stop
      // (bounds the work per Unit when thousands of lines remain).
      state.idlePhases = state.placed.length === state.placedAtPhaseStart ? state.idlePhases + 1 : 0;
      state.phase = state.idlePhases >= MAX_IDLE_PHASES ? problem.phases.length : state.phase + 1;
      state.placedAtPhaseStart = state.placed.length;
      continue;
    }
    // Spaces in fill order, taken one at a time: the first usually has moves.
    for (; n > 0; n--) {
      const si = takeFirst(n);
      const moves = feasibleMoves(problem, state, si, limit, pooled);
      if (moves.length > 0) return moves;
      markDead(state, si);
    }
  }
  return [];
}

/** Marks space si dead in the state's phase (spaces.ts `withDead`: in place where the state owns it). */
function markDead(state: PackState, si: number): void {
  state.spaces[si] = withDead(state.spaces[si] as KeyedSpace, state.phase, state.owner);
}

/**
 * How the fill-order key of a space is made (`spaceKeys`): from the distance to the front wall (1),
 * the corner distances sorted (2), or their sum (3). A cached key is tagged with it, all it depends
 * on besides the space and the Unit's length and width (a state is searched only in its own Unit).
 */
function keyPolicy(problem: UnitProblem, state: PackState): number {
  const { anchor, supportNone } = problem.spec;
  return anchor === 'corner' ? (supportNone && problem.manyHeights(state.phase) ? 3 : 2) : 1;
}

/**
 * As `spaceKeys`, from the keys cached on the spaces (a space keeps its corners, and most live
 * through many decisions): only the packed key and the index go into the scratch keys, a volume is
 * read on a tie (`firstInOrder`). -1 where some key does not pack (then `spaceKeys`).
 */
function liveKeys(problem: UnitProblem, state: PackState): number {
  keyFills++;
  const spaces = state.spaces as KeyedSpace[];
  keyRoom(spaces.length);
  const policy = keyPolicy(problem, state);
  const { W, L } = problem.spec;
  const phase = state.phase;
  let n = 0, first = -1, fk = 0, fv = -1;
  for (let i = 0; i < spaces.length; i++) {
    const s = spaces[i];
    if (s.dead === phase) continue;
    if (s.keyOf !== policy && !cacheKey(s, policy, L, W)) return -1;
    const k = s.key * PACK + s.keyLow;
    keyK[n] = k; keyI[n] = i;
    if (first < 0 || k < fk) {
      first = n; fk = k; fv = -1;
    } else if (k === fk) {
      // A tie: larger volume first (the earlier space on equal volumes).
      if (fv < 0) fv = volumeOf(spaces[keyI[first]]);
      const v = volumeOf(s);
      if (v > fv) { first = n; fv = v; }
    }
    n++;
  }
  packedKeys = true;
  volumesKept = false;
  keySpaces = spaces;
  firstKey = first;
  return n;
}

function volumeOf(s: Space): number {
  return (s.x1 - s.x0) * (s.y1 - s.y0) * (s.z1 - s.z0);
}

/** The largest first or second key `cacheKey` packs (2^14: `key` stays a small integer). */
const HIGH_KEY = 16384;

/** Caches the space's keys (`spaceKeys`' three, as `KeyedSpace.key` and `keyLow`) for the policy; false if they do not pack. */
function cacheKey(s: KeyedSpace, policy: number, L: number, W: number): boolean {
  const dy = Math.min(s.y0, W - s.y1);
  let a = s.x0, b = s.z0, c = dy;
  if (policy === 3) {
    a = Math.min(s.x0, L - s.x1) + dy + s.z0; b = 0; c = 0;
  } else if (policy === 2) {
    const dx = Math.min(s.x0, L - s.x1), z = s.z0;
    const lo = Math.min(dx, dy), hi = Math.max(dx, dy);
    a = Math.min(lo, z); b = Math.max(lo, Math.min(hi, z)); c = Math.max(hi, z);
  }
  // Whole numbers: a and b below 2^14, c below 2^16.
  if ((a & (HIGH_KEY - 1)) !== a || (b & (HIGH_KEY - 1)) !== b || (c & 0xffff) !== c) return false;
  s.key = a * HIGH_KEY + b;
  s.keyLow = c;
  s.keyOf = policy;
  return true;
}

function apply(problem: UnitProblem, state: PackState, m: Move): void {
  problem.work += state.spaces.length;
  place(state, problem.spec, problem.items, m.block, m.x, m.y, m.z, problem.minDim);
}

/** Completes the state greedily (the best block by `merit` that fits the chosen space). */
export function greedy(problem: UnitProblem, state: PackState): PackState {
  const choices = greedyChoices(problem);
  problem.completions++;
  for (;;) {
    const moves = nextMoves(problem, state, choices, true);
    if (moves.length === 0) return state;
    apply(problem, state, moves[greedyPick(problem, state, moves)]);
  }
}

/** How many of a space's moves the greedy weighs (without a support rule: `selection.ts`). */
function greedyChoices(problem: UnitProblem): number {
  return problem.spec.supportNone ? SELECTION_CHOICES : LEVEL_CHOICES;
}

/** The first move from `from` on, other than `skip`, filling its space exactly along the axis; -1 if none. */
function firstExact(moves: Move[], from: number, axis: 'y' | 'z', skip: number): number {
  for (let i = from; i < moves.length; i++) if (i !== skip && exactIn(moves[i], axis)) return i;
  return -1;
}

/** The greedy's score of a move: the merit under a support rule, else the selection score. */
function scoreOf(problem: UnitProblem): (problem: UnitProblem, state: PackState, m: Move) => number {
  return problem.spec.supportNone ? selectionScore : merit;
}

/** The index of the move the greedy takes among the first `greedyChoices` of `moves` (ties: the earlier). */
export function greedyPick(problem: UnitProblem, state: PackState, moves: Move[]): number {
  const n = Math.min(moves.length, greedyChoices(problem));
  if (n <= 1 && moves.length <= n) return 0;
  const score = scoreOf(problem);
  let best = 0, top = -1;
  for (let i = 0; i < n; i++) {
    const v = score(problem, state, moves[i]);
    if (v > top) { top = v; best = i; }
  }
  // Also the first later move filling its space's width exactly, then the first filling its height
  // (not the width's again); `takenY` / `takenZ`: the moves so weighed (no list per decision).
  const takenY = firstExact(moves, n, 'y', -1);
  const takenZ = firstExact(moves, n, 'z', takenY);
  if (takenY >= 0) {
    const v = score(problem, state, moves[takenY]);
    if (v > top) { top = v; best = takenY; }
  }
  if (takenZ >= 0) {
    const v = score(problem, state, moves[takenZ]);
    if (v > top) { top = v; best = takenZ; }
  }
  const last = moves.length - 1;
  if (last >= n && moves[last].near && last !== takenY && last !== takenZ) {
    const v = score(problem, state, moves[last]);
    if (v > top) { top = v; best = last; }
  }
  return best;
}

/** The move's block fills its space's width (y) or height (z) exactly. */
function exactIn(m: Move, axis: 'y' | 'z'): boolean {
  const s = m.space;
  if (!s) return false;
  return axis === 'y' ? m.block.dy === s.y1 - s.y0 : m.block.dz === s.z1 - s.z0;
}

/**
 * Blocks the greedy weighs per space under a support rule (5 s, full support, against 3: real
 * BR8-BR15 +0.45 / +0.26 on 3 / 5 per set, generated 30-100 types +0.12, BR1-BR7 the same; 8: +0.08).
 */
const LEVEL_CHOICES = 5;
/** Weight of a level top in the merit (a block whose top continues its neighbours'). */
const LEVEL_BONUS = 0.5;

/**
 * Under a support rule what comes next stands on flat faces: a block's volume, raised by
 * the share of its top's edge that continues a neighbour's top at the same height (or
 * meets a wall, or the block reaches the ceiling), so the tops join into wide faces; less
 * half the room it leaves in its space too thin for any block of the phase.
 */
export function merit(problem: UnitProblem, state: PackState, m: Move): number {
  const b = m.block;
  const { L, W, H } = problem.spec;
  const top = m.z + b.dz;
  const x1 = m.x + b.dx, y1 = m.y + b.dy;
  const waste = WASTE_WEIGHT * deadRoom(problem, state, m);
  if (top === H) return b.volume * (1 + LEVEL_BONUS) - waste;
  let edge = 0;
  if (m.x === 0) edge += b.dy;
  if (x1 === L) edge += b.dy;
  if (m.y === 0) edge += b.dx;
  if (y1 === W) edge += b.dx;
  const sup = state.supports;
  for (const i of state.supportsAt(top)) {
    const s = sup[i];
    if (s.noStack) continue;
    if (s.x1 === m.x || s.x0 === x1) edge += Math.max(0, Math.min(s.y1, y1) - Math.max(s.y0, m.y));
    if (s.y1 === m.y || s.y0 === y1) edge += Math.max(0, Math.min(s.x1, x1) - Math.max(s.x0, m.x));
  }
  return b.volume * (1 + (LEVEL_BONUS * Math.min(edge, 2 * (b.dx + b.dy))) / (2 * (b.dx + b.dy))) - waste;
}

/**
 * Weight of the dead room a block leaves in its space, against its volume (greedy-only, 5
 * instances each of BR1-BR7, T30-T100: 0.5 gained on 11 of 13 sets, 1 and 2 on fewer).
 */
const WASTE_WEIGHT = 0.5;

const MAX_IDLE_PHASES = 6;

export const WIDTHS = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];

/** Where on the width ladder a beam search starts, and where it stopped. */
export interface BeamOptions {
  /** The step to start from (a later call may go on where an earlier one stopped). */
  from?: number;
  /** Set to the first step not searched in full. */
  reached?: { next: number };
  /** An arrangement to keep in every level (see `Spine`). */
  spine?: Spine;
}

/**
 * The blocks a region search removed, in the order they were placed, and the volume of the plan
 * they came from: the root plus all of them loads that volume. Level k of the beam keeps the node
 * holding the first k of them (scored by that volume, so it never drops out); from k = 1 on, its
 * other children take another block at that decision and put the removed blocks from the k+1-th
 * on back where they still fit and stand (`putBack`) before their greedy completion: variations of
 * the removed arrangement, scored near it, instead of refills that rebuild the region from nothing
 * (those land 1-3 points below the plan on 10-30 % cleared). The root's children still refill afresh.
 */
export interface Spine {
  blocks: readonly PlacedBlock[];
  volume: number;
}

/**
 * Beam search with growing width (WIDTHS) until the deadline: keeps the `width` best children
 * per level, each scored by the volume its greedy completion loads. The child the greedy
 * itself takes from a node continues that node's own completion, so it inherits the node's
 * score instead of running the same completion again (half the completions at width 2). Of
 * one parent's children whose completions load the same pieces only the first is kept
 * (`distinctSiblings`: they mostly complete into the same plan), so the freed slots go to
 * other trajectories. That rule cuts real alternatives too, so a search that gets through
 * every width (small Units: the multi-container benchmark's bins of 5-30 boxes; short tails)
 * goes through them again without it. The ladder's steps are numbered across both passes (`from`,
 * `reached`). Returns the best complete state seen (never worse than the greedy one).
 */
export function beamSearch(problem: UnitProblem, root: PackState, deadline: number, options: BeamOptions = {}): PackState {
  // Nothing reads the work a beam search does (improve.ts reads only the plain greedies').
  const counts = problem.countsWork;
  problem.countsWork = false;
  try {
    return beamRun(problem, root, deadline, options);
  } finally {
    problem.countsWork = counts;
  }
}

function beamRun(problem: UnitProblem, root: PackState, deadline: number, options: BeamOptions): PackState {
  const ticker = problem.ticker;
  const { from = 0, reached, spine } = options;
  problem.scanBits = true;
  let best = greedy(problem, root.clone());
  const rootScore = best.volume;
  const rootPieces = piecesHash(best);
  const bound = root.volume + problem.cargoVolume();
  // Many box types: a level keeps one node per set of pieces loaded (`distinctPieces`), equal
  // sets there being mostly the same blocks in another order. Real BR8-BR15 gained, with and
  // without a support rule; BR1-BR7 (one set of pieces packs in many ways) lost.
  const onePerPieces = problem.manyHeights(root.phase);
  const steps = 2 * WIDTHS.length;
  for (let w = from; w < steps; w++) {
    const width = WIDTHS[w % WIDTHS.length];
    const siblingRule = w < WIDTHS.length;
    if (reached) reached.next = w;
    let nodes: Scored[] = [{ state: root.clone(), score: rootScore, pieces: rootPieces, parent: 0, step: spine ? 0 : -1 }];
    while (nodes.length > 0) {
      const children: Scored[] = [];
      let onSpine: Scored | null = null;
      for (let p = 0; p < nodes.length; p++) {
        const node = nodes[p];
        const { moves, own } = childMoves(problem, node.state, width);
        // A spine node past the root is scored by the spine, not by its own completion.
        const inherits = node.step <= 0 ? own : null;
        // Past the root a spine node's children are variations (the root's are refilled afresh).
        const varies = spine !== undefined && node.step >= 1 && node.step < spine.blocks.length;
        for (let i = 0; i < moves.length; i++) {
          if (best.volume >= bound || ticker.now() > deadline) return best;
          const child = node.state.clone();
          apply(problem, child, moves[i]);
          // A block where the spine goes on: the spine's other blocks back where they still fit.
          if (varies) putBack(problem, child, spine.blocks, node.step);
          let score = node.score;
          let pieces = node.pieces;
          if (moves[i] !== inherits) {
            const done = greedy(problem, child.clone());
            if (done.volume > best.volume) best = done;
            score = done.volume;
            pieces = piecesHash(done);
          }
          children.push({ state: child, score, pieces, parent: p, step: -1 });
        }
        if (spine && node.step >= 0 && node.step < spine.blocks.length) onSpine = spineChild(problem, node, p, spine);
      }
      children.sort((a, b) => b.score - a.score);
      const kept = onePerPieces ? distinctPieces(children) : children;
      nodes = (siblingRule ? distinctSiblings(kept) : kept).slice(0, onSpine ? width - 1 : width);
      if (onSpine) nodes.unshift(onSpine);
    }
  }
  if (reached) reached.next = steps;
  return best;
}

/** Puts the blocks from `from` on back where they stood, each that still fits there (room, pieces, weight, support). */
function putBack(problem: UnitProblem, state: PackState, blocks: readonly PlacedBlock[], from: number): void {
  for (let i = from; i < blocks.length; i++) {
    const { block: b, x, y, z } = blocks[i];
    if (!isFree(state, b, x, y, z) || !state.available(b, problem.remaining) || state.weight + b.weight > problem.spec.payload) continue;
    if (canStand(state, problem.spec, problem.items, b, x, y, z)) apply(problem, state, { block: b, x, y, z });
  }
}

/** The block's box at (x, y, z) lies within one maximal space (so overlaps nothing placed). */
function isFree(state: PackState, b: Block, x: number, y: number, z: number): boolean {
  for (const s of state.spaces) {
    if (s.x0 <= x && s.y0 <= y && s.z0 <= z && x + b.dx <= s.x1 && y + b.dy <= s.y1 && z + b.dz <= s.z1) return true;
  }
  return false;
}

/** The spine node's child: its next removed block put back where it stood. */
function spineChild(problem: UnitProblem, node: Scored, parent: number, spine: Spine): Scored {
  const b = spine.blocks[node.step];
  const state = node.state.clone();
  apply(problem, state, { block: b.block, x: b.x, y: b.y, z: b.z });
  return { state, score: spine.volume, pieces: node.pieces, parent, step: node.step + 1 };
}

/**
 * A node's children: the `width` best by the greedy's own score (`merit` under a support
 * rule, else `selectionScore`) among twice as many candidates (biggest first), so the beam
 * weighs the blocks the greedy would, not only the biggest. Under a support rule on many piece
 * heights, when no child fills the space's width exactly the first candidate that does takes the
 * last child's place; then, when no child fills its height exactly, the first that does takes
 * that place (so it may replace the width's): the narrow gaps beside blocks whose widths do not
 * add up to the Unit's are where 100 box types lose (5 s of CPU, full support, paired: generated
 * 70 + 100 types held out +0.22, 23 better / 10 worse; real BR12-BR15 +0.10, 12 / 9; 50 types
 * -0.13, 11 / 13: MEASUREMENTS.md, session 35).
 * Returns the greedy's own move too, which inherits the node's completion.
 */
export function childMoves(problem: UnitProblem, state: PackState, width: number): { moves: Move[]; own: Move | null } {
  const choices = greedyChoices(problem);
  const found = nextMoves(problem, state, choices > 1 ? Math.max(2 * width, choices) : width);
  if (found.length === 0) return { moves: found, own: null };
  const own = found[greedyPick(problem, state, found)];
  if (choices === 1 || found.length <= width) return { moves: found.slice(0, width), own };
  const score = scoreOf(problem);
  const ranked = found.map((m, i) => ({ m, i, v: score(problem, state, m) }));
  ranked.sort((a, b) => b.v - a.v || a.i - b.i);
  const moves = ranked.slice(0, width).map((r) => r.m);
  // Under a support rule on many piece heights: the last child's place to a block filling the
  // space's width exactly, then to one filling its height, when the merit left such blocks out.
  if (moves.length > 1 && !problem.spec.supportNone && problem.manyHeights(state.phase)) {
    for (const axis of EXACT_AXES) {
      if (moves.some((m) => exactIn(m, axis))) continue;
      const e = ranked.find((r) => exactIn(r.m, axis));
      if (e) moves[moves.length - 1] = e.m;
    }
  }
  return { moves, own };
}

/**
 * The state after the first `count` decisions of a complete plan made by `problem` from
 * `root`: each decision taken again through the same space order, so spaces, dead marks
 * and phase are those the search had there. Null if a decision is not found (another problem).
 */
export function replay(problem: UnitProblem, root: PackState, placed: readonly PlacedBlock[], count: number): PackState | null {
  const state = root.clone();
  const first = root.placed.length;
  for (let i = first; i < first + count; i++) {
    const p = placed[i];
    let m: Move | undefined;
    // Decisions are among a space's first few moves: scan further only when not found there.
    // (Asking again goes on from the same space: the ones skipped had no move at all.)
    for (const limit of [REPLAY_LIMIT, Infinity]) {
      m = nextMoves(problem, state, limit).find((c) => c.block === p.block && c.x === p.x && c.y === p.y && c.z === p.z);
      if (m) break;
    }
    if (!m) return null;
    apply(problem, state, m);
  }
  return state;
}

const REPLAY_LIMIT = 2 * WIDTHS[WIDTHS.length - 1];
