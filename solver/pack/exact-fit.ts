// Blocks by exact extent: under a support rule the biggest blocks that fit a space often
// leave a strip beside or above them that no piece left fills (where rows from the two side
// walls meet, under the roof). The greedy also weighs the biggest block that fills the
// space's width or height exactly; these lists find it without scanning the whole phase.
// Without a support rule too (the selection score weighs it against the space's first 8
// blocks; 5 s of CPU, paired: real BR8-BR15 #1-3 93.47 -> 93.73, held out #4-6 93.39 -> 93.72).
import type { BlockFigures } from './problem.ts';

/** Per phase's figures: block indices (list order, biggest first) by dy and by dz. */
const byExtent = new WeakMap<BlockFigures, { y: Map<number, Int32Array>; z: Map<number, Int32Array> }>();

function indexOf(values: Float64Array): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let l = lists.get(v);
    if (!l) lists.set(v, (l = []));
    l.push(i);
  }
  const out = new Map<number, Int32Array>();
  for (const [v, l] of lists) out.set(v, Int32Array.from(l));
  return out;
}

const NONE = new Int32Array(0);

/** The indices of the phase's blocks exactly `extent` wide (y) or high (z), in list order. */
export function blocksOfExtent(f: BlockFigures, axis: 'y' | 'z', extent: number): Int32Array {
  let e = byExtent.get(f);
  if (!e) byExtent.set(f, (e = { y: indexOf(f.dy), z: indexOf(f.dz) }));
  return e[axis].get(extent) ?? NONE;
}
