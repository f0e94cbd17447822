// A keep-together group's block turned a quarter about the vertical axis: the group goes into
// a Unit as one rigid block, and in one orientation a 1000 x 1632 mm group did not go into a
// 2394 x 1550 mm door-end gap it fits turned (sea 5,000 pieces, seed 5). The search is offered
// both; a state takes a group once whichever it places (state.ts `available`).
import type { Block } from '../model.ts';
import { quarterTurned } from '../orientation.ts';
import type { Orientation } from '../types.ts';

/** Per orientations-of function (one per row), per group block: its turned copy (null: none). */
const cache = new WeakMap<(item: number) => Orientation[], WeakMap<Block, Block | null>>();

/**
 * The group block turned a quarter (its y becomes x, its x runs back along y), or null when some
 * member may not stand turned (the item's allowed orientations in this row) or the footprint is
 * square (the same box: no other place it could go).
 */
function turnedGroupBlock(b: Block, orientationsOf: (item: number) => Orientation[]): Block | null {
  let byBlock = cache.get(orientationsOf);
  if (!byBlock) cache.set(orientationsOf, (byBlock = new WeakMap()));
  let turned = byBlock.get(b);
  if (turned === undefined) byBlock.set(b, (turned = turnedCopy(b, orientationsOf)));
  return turned;
}

function turnedCopy(b: Block, orientationsOf: (item: number) => Orientation[]): Block | null {
  if (!b.pieces || b.dx === b.dy) return null;
  for (const q of b.pieces) if (!orientationsOf(q.item).includes(quarterTurned(q.rotation))) return null;
  // A quarter turn: the piece's y becomes x, and x runs the other way along the new y.
  const pieces = b.pieces.map((q) => ({ ...q, rotation: quarterTurned(q.rotation), x: q.y, y: b.dx - q.x - q.dx, dx: q.dy, dy: q.dx }));
  return { ...b, dx: b.dy, dy: b.dx, pieces, flat: undefined, fullSupport: undefined };
}

/** The group's blocks to offer in an L x W Unit: the block and, where its members may turn and it fits, the block turned. */
export function groupBlocksOf(b: Block | null, orientationsOf: (item: number) => Orientation[], L: number, W: number): Block[] {
  if (!b) return [];
  const t = turnedGroupBlock(b, orientationsOf);
  return t && t.dx <= L && t.dy <= W ? [b, t] : [b];
}
