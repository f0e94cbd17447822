// Column blocks: one block of one line standing on a block of another line, together
// nearly filling their box. Cargo of many small lines (1-3 pallets each) otherwise covers
// the floor with single pallets whose headroom no other pallet fits; a column pairs a
// short pallet with a taller one (a non-stackable piece may go on top).
import type { Block, Item } from '../model.ts';
import type { UnitSpec } from './state.ts';
import { platformBlocks } from './platform-blocks.ts';

/** Least share of the column's box the two blocks fill. */
const MIN_FILL = 0.9;
/** Bounds the work per phase (pairs checked, columns kept). */
const MAX_PAIRS = 40_000;
const MAX_COLUMNS = 600;

/** The columns of a phase: pairs of single layers, then crates on platforms (see platform-blocks.ts). */
export function columnBlocks(simple: Block[], items: Item[], counts: ArrayLike<number>, spec: UnitSpec): Block[] {
  const out = pairColumns(simple, items, counts, spec);
  const platforms = platformBlocks(simple, items, counts, spec, (a, b) => column(a, b, items));
  if (platforms.length === 0) return out;
  // A platform column may be a pair already (the same cached object).
  const known = new Set(out);
  for (const c of platforms) if (!known.has(c)) out.push(c);
  return out;
}

/**
 * Columns of `upper` on `lower`, upper inside lower's footprint at its corner (so wholly
 * supported). The lower block carries (stackable, not fragile); the upper one is not fragile.
 */
function pairColumns(simple: Block[], items: Item[], counts: ArrayLike<number>, spec: UnitSpec): Block[] {
  // Single layers only (a stack of one line is a simple block already), tall enough that
  // two of them reach well up the Unit.
  const plain = simple.filter((b) => b.group < 0 && !b.pieces && !b.parts && b.nz === 1 && 4 * b.dz >= spec.H && !items[b.item].fragile);
  const lowers = plain.filter((b) => items[b.item].stackable);
  // A lower block that some non-stackable piece can top carries only such pieces: its top is
  // kept for what nothing may stand on, which otherwise ends on the floor (mixed sea cargo,
  // 1,000 pieces: 4.1 of 12 Units' floors under non-stackable pieces).
  const anyNotStackable = plain.some((b) => !items[b.item].stackable);
  // A column must reach higher than the lower line's own stack (lines of many pieces
  // stack with themselves; columns are for the short lines).
  const ownStack = (b: Block) => Math.min(counts[b.item], Math.floor(spec.H / b.dz)) * b.dz;
  // The pair loop runs tens of thousands of times per phase: the upper candidates' figures
  // in flat arrays, and per run of one line's blocks their extremes, so a lower block skips
  // a line none of whose blocks can pair with it (pairs still count in order, as visited).
  const n = plain.length;
  const dx = new Float64Array(n), dy = new Float64Array(n), dz = new Float64Array(n), vol = new Float64Array(n);
  const item = new Int32Array(n);
  const enough = new Uint8Array(n);
  const runs: Run[] = [];
  for (let k = 0; k < n; k++) {
    const b = plain[k];
    dx[k] = b.dx; dy[k] = b.dy; dz[k] = b.dz; vol[k] = b.volume; item[k] = b.item;
    enough[k] = b.count > counts[b.item] ? 0 : 1;
    let r = runs[runs.length - 1];
    if (!r || r.item !== b.item) runs.push((r = { item: b.item, start: k, end: k, minDx: Infinity, minDy: Infinity, minDz: Infinity, maxDz: 0, maxVol: 0 }));
    r.end = k + 1;
    r.minDx = Math.min(r.minDx, b.dx); r.minDy = Math.min(r.minDy, b.dy); r.minDz = Math.min(r.minDz, b.dz);
    r.maxDz = Math.max(r.maxDz, b.dz); r.maxVol = Math.max(r.maxVol, b.volume);
  }
  const H = spec.H;
  /** Some non-stackable upper candidate makes a column on lower block `a`. */
  const notStackableTops = (a: Block, own: number, area: number): boolean => {
    for (const r of runs) {
      if (items[r.item].stackable || r.item === a.item || r.minDx > a.dx || r.minDy > a.dy || a.dz + r.minDz > H || a.dz + r.maxDz <= own) continue;
      for (let k = r.start; k < r.end; k++) {
        if (dx[k] > a.dx || dy[k] > a.dy || enough[k] === 0) continue;
        const h = a.dz + dz[k];
        if (h <= H && h > own && a.volume + vol[k] >= area * h) return true;
      }
    }
    return false;
  };
  const out: Block[] = [];
  let pairs = 0;
  for (const a of lowers) {
    if (out.length >= MAX_COLUMNS || pairs >= MAX_PAIRS) break;
    // The pairs of this row past the limit are never visited.
    const limit = Math.min(n, MAX_PAIRS - pairs);
    pairs += n;
    // A lower block beyond its line's count pairs with nothing.
    if (a.count > counts[a.item]) continue;
    const ai = a.item, ax = a.dx, ay = a.dy, az = a.dz, av = a.volume;
    const own = ownStack(a);
    const area = MIN_FILL * ax * ay;
    const onlyNotStackable = anyNotStackable && notStackableTops(a, own, area);
    for (const r of runs) {
      if (r.start >= limit) break;
      if (r.item === ai || (onlyNotStackable && items[r.item].stackable) || r.minDx > ax || r.minDy > ay || az + r.minDz > H || az + r.maxDz <= own || av + r.maxVol < area * (az + r.minDz)) continue;
      const end = Math.min(r.end, limit);
      for (let k = r.start; k < end; k++) {
        if (dx[k] > ax || dy[k] > ay) continue;
        const h = az + dz[k];
        if (h > H || h <= own || av + vol[k] < area * h || enough[k] === 0) continue;
        out.push(column(a, plain[k], items));
        if (out.length >= MAX_COLUMNS) return out;
      }
    }
  }
  return out;
}

/** A run of consecutive upper candidates of one line, with their extremes. */
interface Run {
  item: number;
  start: number;
  end: number;
  minDx: number;
  minDy: number;
  minDz: number;
  maxDz: number;
  maxVol: number;
}

/** Columns made so far, by lower and upper block: the same pairs recur phase after phase. */
const made = new WeakMap<Block, Map<Block, Block>>();

function column(a: Block, b: Block, items: Item[]): Block {
  let byUpper = made.get(a);
  if (!byUpper) made.set(a, (byUpper = new Map()));
  let c = byUpper.get(b);
  if (!c) byUpper.set(b, (c = newColumn(a, b, items)));
  return c;
}

function newColumn(a: Block, b: Block, items: Item[]): Block {
  return {
    dx: a.dx, dy: a.dy, dz: a.dz + b.dz, volume: a.volume + b.volume, weight: a.weight + b.weight,
    item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: a.count + b.count, group: -1, pieces: null,
    parts: [{ block: a, x: 0, y: 0, z: 0 }, { block: b, x: 0, y: 0, z: a.dz }],
    need: [[a.item, a.count], [b.item, b.count]].sort((p, q) => p[0] - q[0]) as [number, number][],
    flat: b.dx === a.dx && b.dy === a.dy && items[b.item].stackable,
    fullSupport: undefined,
  };
}
