// A keep-together group packed on its own into one box, as a rigid block: what a row
// offers for the group (`equipment-view.ts`) and each box the tightening tries (`fleet/group-block.ts`).
import type { Block, BlockPiece, Item } from '../model.ts';
import type { Orientation } from '../types.ts';
import type { Ticker } from '../ticker.ts';
import { expandPlaced } from './expand.ts';
import { UnitProblem } from './problem.ts';
import { greedy } from './search.ts';
import { PackState, type UnitSpec } from './state.ts';

/** The cargo a group's members come from. */
export interface GroupCargo {
  items: Item[];
  counts: number[];
  orientationsOf: (item: number) => Orientation[];
  ticker: Ticker;
}

/**
 * One pieces-used buffer for every group packing (thousands of them at 20,000 pieces, each
 * state sized for all the items: allocating them cost 7 % of a big fleet's first plan).
 */
let scratchUsed = new Int32Array(0);

function zeroedUsed(itemCount: number): Int32Array {
  if (scratchUsed.length !== itemCount) scratchUsed = new Int32Array(itemCount);
  return scratchUsed;
}

/**
 * The members packed (greedy) into a Unit of `spec`, as one block; null when not all go.
 * `shared`: the block lists of packings into the same box by other policies (UnitProblem.shared);
 * `columns`: column blocks too (a stackable member carrying one nothing may stand on).
 */
export function packedGroupBlock(g: number, members: number[], spec: UnitSpec, c: GroupCargo, shared?: Map<string, Block[]>, columns = false): Block | null {
  const minDim = Math.min(...members.map((i) => Math.min(c.items[i].l, c.items[i].w, c.items[i].h)));
  const problem = new UnitProblem(spec, c.items, c.counts, [{ items: members, groups: [] }], c.orientationsOf, () => null, minDim, c.ticker, null, 0, shared, columns);
  problem.scratchFigures = true;
  const used = zeroedUsed(c.items.length);
  let state: PackState;
  let all: boolean;
  try {
    state = greedy(problem, new PackState(spec, c.items.length, used));
    all = members.every((i) => used[i] === c.counts[i]);
  } finally {
    // Only members are placed: zeroing them leaves the buffer clean for the next packing (also when cancelled).
    for (const i of members) used[i] = 0;
  }
  if (!all) return null;
  const placed: BlockPiece[] = state.placed.flatMap((pb) => expandPlaced(pb));
  // The box starts at the pieces (the greedy may leave a strip at a wall).
  const x0 = Math.min(...placed.map((q) => q.x)), y0 = Math.min(...placed.map((q) => q.y));
  const pieces = placed.map((q) => ({ ...q, x: q.x - x0, y: q.y - y0 }));
  let dx = 0, dy = 0, dz = 0;
  for (const q of pieces) {
    dx = Math.max(dx, q.x + q.dx);
    dy = Math.max(dy, q.y + q.dy);
    dz = Math.max(dz, q.z + q.dz);
  }
  return { dx, dy, dz, volume: state.volume, weight: state.weight, item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: pieces.length, group: g, pieces, parts: undefined, need: undefined, flat: undefined, fullSupport: undefined };
}
