// Column blocks: one block of one line standing on a block of another line, together
// nearly filling their box. Cargo of many small lines (1-3 pallets each) otherwise covers
// the floor with single pallets whose headroom no other pallet fits; a column pairs a
// short pallet with a taller one (a non-stackable piece may go on top).
import type { Block, BlockPart, Item } from '../model.ts';
import type { UnitSpec } from './state.ts';
import { platformBlocks } from './platform-blocks.ts';

/** Least share of the column's box the two blocks fill. */
const MIN_FILL = 0.9;
/**
 * Bounds the work per phase (pairs checked, columns kept). The lower blocks are visited in the
 * phase's order, so a bound that binds leaves the phase's later (smaller) lines without columns:
 * at 5,000 pieces 600 columns were reached in 81 of 582 phase lists (sea, seed 7), after 80-190 of 100-570 lower
 * blocks. Four times the bounds, first plans at 5,000 pieces seeds 1-28: sea 1,480 -> 1,470 Units,
 * road 1,402 -> 1,395, 1,000 pieces about level; 20,000 pieces the same Units with 13-17 % more CPU to
 * the first plan (sea 3.75 -> 4.38 s, road 3.79 -> 4.27 s on a loaded machine).
 */
const MAX_PAIRS = 160_000;
const MAX_COLUMNS = 2_400;

/**
 * The columns of a phase: pairs of single layers, then crates on platforms (see platform-blocks.ts).
 * `simple`: the phase's simple blocks, its first `n` (a scratch list may hold more).
 */
export function columnBlocks(simple: Block[], items: Item[], counts: ArrayLike<number>, spec: UnitSpec, n = simple.length): Block[] {
  const out = pairColumns(simple, n, items, counts, spec);
  const platforms = platformBlocks(simple, n, items, counts, spec, (a, b) => column(a, b, items));
  if (platforms.length === 0) return out;
  // A platform column may be a pair already (the same cached object, among its lower's pairs).
  const pairs = out.length;
  for (const c of platforms) if (!pairedAlready(out, pairs, c)) out.push(c);
  return out;
}

/** Where each lower block's pairs begin in the last pairColumns' list (they are contiguous). */
const pairsFrom = new Map<Block, number>();

function pairedAlready(out: Block[], pairs: number, c: Block): boolean {
  const lower = c.parts![0].block;
  const from = pairsFrom.get(lower);
  if (from === undefined) return false;
  for (let i = from; i < pairs && out[i].parts![0].block === lower; i++) if (out[i] === c) return true;
  return false;
}

/**
 * Columns of `upper` on `lower`, upper inside lower's footprint at its corner (so wholly
 * supported). The lower block carries (stackable, not fragile); the upper one is not fragile.
 */
function pairColumns(simple: Block[], nSimple: number, items: Item[], counts: ArrayLike<number>, spec: UnitSpec): Block[] {
  // Single layers only (a stack of one line is a simple block already), tall enough that
  // two of them reach well up the Unit.
  const plain: Block[] = [];
  for (let k = 0; k < nSimple; k++) {
    const b = simple[k];
    if (b.group < 0 && !b.pieces && !b.parts && b.nz === 1 && 4 * b.dz >= spec.H && !items[b.item].fragile) plain.push(b);
  }
  // The pair loop runs tens of thousands of times per phase: the upper candidates' figures
  // in flat arrays, and per run of one line's blocks their extremes, so a lower block skips
  // a line none of whose blocks can pair with it (pairs still count in order, as visited).
  // The arrays are scratch kept across calls (a big fleet pairs 1,500 phases).
  const n = plain.length;
  const f = figuresFor(n);
  const { dx, dy, dz, vol, enough, stackable } = f;
  let runs = 0;
  // A lower block that some non-stackable piece can top carries only such pieces: its top is
  // kept for what nothing may stand on, which otherwise ends on the floor (mixed sea cargo,
  // 1,000 pieces: 4.1 of 12 Units' floors under non-stackable pieces).
  let anyNotStackable = false;
  for (let k = 0; k < n; k++) {
    const b = plain[k];
    dx[k] = b.dx; dy[k] = b.dy; dz[k] = b.dz; vol[k] = b.volume;
    enough[k] = b.count > counts[b.item] ? 0 : 1;
    const st = items[b.item].stackable;
    stackable[k] = st ? 1 : 0;
    if (!st) anyNotStackable = true;
    let r = runs - 1;
    if (r < 0 || f.runItem[r] !== b.item) {
      r = runs++;
      f.runItem[r] = b.item; f.runStart[r] = k; f.runStackable[r] = stackable[k];
      f.runMinDx[r] = Infinity; f.runMinDy[r] = Infinity; f.runMinDz[r] = Infinity; f.runMaxDz[r] = 0; f.runMaxVol[r] = 0;
    }
    f.runEnd[r] = k + 1;
    f.runMinDx[r] = Math.min(f.runMinDx[r], b.dx); f.runMinDy[r] = Math.min(f.runMinDy[r], b.dy); f.runMinDz[r] = Math.min(f.runMinDz[r], b.dz);
    f.runMaxDz[r] = Math.max(f.runMaxDz[r], b.dz); f.runMaxVol[r] = Math.max(f.runMaxVol[r], b.volume);
  }
  const { runItem, runStart, runEnd, runStackable, runMinDx, runMinDy, runMinDz, runMaxDz, runMaxVol } = f;
  const H = spec.H;
  // A lower block that some non-stackable piece can top carries only such pieces (its top is kept
  // for what nothing may stand on); its line is a carrier and goes on top of no other line either.
  const reserved = anyNotStackable ? reservedCarriers(f, plain, n, runs, counts, H) : null;
  // The runs a lower block may pair with, in order: a carrier's only the non-stackable ones, any
  // other's all but the carriers' (the same pairs as testing every run, fewer runs visited).
  const { open, tops } = runLists(f, runs, reserved);
  const out: Block[] = [];
  pairsFrom.clear();
  let pairs = 0;
  for (let ak = 0; ak < n; ak++) {
    // The lower blocks: the stackable single layers, in order.
    if (stackable[ak] === 0) continue;
    if (out.length >= MAX_COLUMNS || pairs >= MAX_PAIRS) break;
    // The pairs of this row past the limit are never visited.
    const limit = Math.min(n, MAX_PAIRS - pairs);
    pairs += n;
    const a = plain[ak];
    // A lower block beyond its line's count pairs with nothing.
    if (a.count > counts[a.item]) continue;
    const ai = a.item, ax = a.dx, ay = a.dy, az = a.dz, av = a.volume;
    const own = ownStack(a, counts, H);
    const area = MIN_FILL * ax * ay;
    const onlyNotStackable = reserved !== null && reserved.block[ak] === 1;
    let byUpper: Map<Block, Block> | undefined;
    const list = onlyNotStackable ? tops : open;
    for (let j = 0; j < list.length; j++) {
      const r = list[j];
      if (runStart[r] >= limit) break;
      if (runItem[r] === ai || runMinDx[r] > ax || runMinDy[r] > ay || az + runMinDz[r] > H || az + runMaxDz[r] <= own || av + runMaxVol[r] < area * (az + runMinDz[r])) continue;
      const end = Math.min(runEnd[r], limit);
      for (let k = runStart[r]; k < end; k++) {
        if (dx[k] > ax || dy[k] > ay) continue;
        const h = az + dz[k];
        if (h > H || h <= own || av + vol[k] < area * h || enough[k] === 0) continue;
        if (byUpper === undefined) {
          byUpper = columnsOn(a);
          pairsFrom.set(a, out.length);
        }
        out.push(columnIn(byUpper, a, plain[k], items));
        if (out.length >= MAX_COLUMNS) return out;
      }
    }
  }
  return out;
}

/** The runs open to an ordinary lower block (all but the carriers' stackable ones) and the non-stackable runs, in order (scratch). */
function runLists(f: PairFigures, runs: number, reserved: { run: Uint8Array } | null): { open: Int32Array; tops: Int32Array } {
  if (openRuns.length < runs) {
    openRuns = new Int32Array(2 * runs);
    topRuns = new Int32Array(2 * runs);
  }
  let o = 0, t = 0;
  for (let r = 0; r < runs; r++) {
    if (f.runStackable[r] === 0) topRuns[t++] = r;
    if (f.runStackable[r] === 0 || reserved === null || reserved.run[r] === 0) openRuns[o++] = r;
  }
  return { open: openRuns.subarray(0, o), tops: topRuns.subarray(0, t) };
}

let openRuns = new Int32Array(256);
let topRuns = new Int32Array(256);

/**
 * A column must reach higher than the lower line's own stack (lines of many pieces stack with
 * themselves; columns are for the short lines).
 */
function ownStack(a: Block, counts: ArrayLike<number>, H: number): number {
  return Math.min(counts[a.item], Math.floor(H / a.dz)) * a.dz;
}

/**
 * The stackable single layers some non-stackable block of the phase (with its pieces left) makes a
 * column on (`block`, by index in the pair loop's list), and the runs of one line holding such a
 * layer (`run`): the carriers.
 */
function reservedCarriers(f: PairFigures, plain: Block[], n: number, runs: number, counts: ArrayLike<number>, H: number): { block: Uint8Array; run: Uint8Array } {
  const { dx, dy, dz, vol, enough, stackable, runItem, runStart, runEnd, runStackable, runMinDx, runMinDy, runMinDz, runMaxDz } = f;
  const block = new Uint8Array(n), run = new Uint8Array(runs);
  let r0 = 0;
  for (let ak = 0; ak < n; ak++) {
    while (runEnd[r0] <= ak) r0++;
    if (stackable[ak] === 0 || enough[ak] === 0) continue;
    const ai = plain[ak].item, ax = dx[ak], ay = dy[ak], az = dz[ak], av = vol[ak];
    const own = ownStack(plain[ak], counts, H);
    const area = MIN_FILL * ax * ay;
    for (let r = 0; r < runs && block[ak] === 0; r++) {
      if (runStackable[r] === 1 || runItem[r] === ai || runMinDx[r] > ax || runMinDy[r] > ay || az + runMinDz[r] > H || az + runMaxDz[r] <= own) continue;
      for (let k = runStart[r]; k < runEnd[r]; k++) {
        if (dx[k] > ax || dy[k] > ay || enough[k] === 0) continue;
        const h = az + dz[k];
        if (h <= H && h > own && av + vol[k] >= area * h) {
          block[ak] = 1;
          run[r0] = 1;
          break;
        }
      }
    }
  }
  return { block, run };
}

/** The pair loop's figures per upper candidate and per run of one line's blocks (scratch, grown as needed). */
interface PairFigures {
  dx: Float64Array;
  dy: Float64Array;
  dz: Float64Array;
  vol: Float64Array;
  enough: Uint8Array;
  stackable: Uint8Array;
  runItem: Int32Array;
  runStart: Int32Array;
  runEnd: Int32Array;
  runStackable: Uint8Array;
  runMinDx: Float64Array;
  runMinDy: Float64Array;
  runMinDz: Float64Array;
  runMaxDz: Float64Array;
  runMaxVol: Float64Array;
}

let scratch: PairFigures | null = null;

function figuresFor(n: number): PairFigures {
  if (scratch && scratch.dx.length >= n) return scratch;
  const size = Math.max(n, 2 * (scratch?.dx.length ?? 64));
  const float = () => new Float64Array(size), int = () => new Int32Array(size), byte = () => new Uint8Array(size);
  scratch = {
    dx: float(), dy: float(), dz: float(), vol: float(), enough: byte(), stackable: byte(),
    runItem: int(), runStart: int(), runEnd: int(), runStackable: byte(),
    runMinDx: float(), runMinDy: float(), runMinDz: float(), runMaxDz: float(), runMaxVol: float(),
  };
  return scratch;
}

/** Columns made so far, by lower and upper block: the same pairs recur phase after phase. */
const made = new WeakMap<Block, Map<Block, Block>>();

function column(a: Block, b: Block, items: Item[]): Block {
  return columnIn(columnsOn(a), a, b, items);
}

/** The column of `b` on `a` from `a`'s columns made so far (made now if new). */
function columnIn(byUpper: Map<Block, Block>, a: Block, b: Block, items: Item[]): Block {
  let c = byUpper.get(b);
  if (!c) byUpper.set(b, (c = newColumn(a, b, items)));
  return c;
}

function columnsOn(a: Block): Map<Block, Block> {
  let byUpper = made.get(a);
  if (!byUpper) made.set(a, (byUpper = new Map()));
  return byUpper;
}

function newColumn(a: Block, b: Block, items: Item[]): Block {
  const lower = partsOf(a), upper = partsOf(b);
  return {
    dx: a.dx, dy: a.dy, dz: a.dz + b.dz, volume: a.volume + b.volume, weight: a.weight + b.weight,
    item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: a.count + b.count, group: -1, pieces: null,
    parts: [lower.foot, { block: b, x: 0, y: 0, z: a.dz }],
    // By item (the two lines differ).
    need: a.item < b.item ? [lower.need, upper.need] : [upper.need, lower.need],
    flat: b.dx === a.dx && b.dy === a.dy && items[b.item].stackable,
    fullSupport: undefined,
  };
}

/**
 * What every column made of a block shares (read only): its pieces (item, count) and its part
 * at a column's foot. A third less memory per column (227 K columns at 20,000 pieces).
 */
function partsOf(b: Block): { need: [number, number]; foot: BlockPart } {
  let p = shared.get(b);
  if (!p) shared.set(b, (p = { need: [b.item, b.count], foot: { block: b, x: 0, y: 0, z: 0 } }));
  return p;
}

const shared = new WeakMap<Block, { need: [number, number]; foot: BlockPart }>();
