// Blocks by exact extent: under a support rule the biggest blocks that fit a space often
// leave a strip beside or above them that no piece left fills (where rows from the two side
// walls meet, under the roof). The greedy also weighs the biggest block that fills the
// space's width or height exactly; these lists find it without scanning the whole phase.
// Without a support rule too (the selection score weighs it against the space's first 8
// blocks; 5 s of CPU, paired: real BR8-BR15 #1-3 93.47 -> 93.73, held out #4-6 93.39 -> 93.72).
import type { BlockFigures } from './problem.ts';

/**
 * Per phase's figures: block indices (list order, biggest first) by dy and by dz, each list
 * made when first asked for. A big fleet's first plan asks about 4 extents of a list (7,400
 * lists at 20,000 pieces): indexing every extent of every list cost more than the scans.
 */
const byExtent = new WeakMap<BlockFigures, { y: Map<number, Int32Array>; z: Map<number, Int32Array> }>();

/** The indices whose value is `v`, ascending. */
function indicesOf(values: Float64Array, v: number): Int32Array {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === v) n++;
  if (n === 0) return NONE;
  const out = new Int32Array(n);
  for (let i = 0, k = 0; k < n; i++) if (values[i] === v) out[k++] = i;
  return out;
}

const NONE = new Int32Array(0);

let lastFigures: BlockFigures | null = null;
let lastLists: { y: Map<number, Int32Array>; z: Map<number, Int32Array> } | undefined;

/** The indices of the phase's blocks exactly `extent` wide (y) or high (z), in list order. */
export function blocksOfExtent(f: BlockFigures, axis: 'y' | 'z', extent: number): Int32Array {
  // The last figures asked about first (a scan asks twice, and scans follow on one list).
  let e = f === lastFigures ? lastLists : byExtent.get(f);
  if (!e) byExtent.set(f, (e = { y: new Map(), z: new Map() }));
  lastFigures = f;
  lastLists = e;
  const lists = e[axis];
  let list = lists.get(extent);
  if (!list) lists.set(extent, (list = indicesOf(axis === 'y' ? f.dy : f.dz, extent)));
  return list;
}
