// A keep-together group goes into a Unit as one rigid block: nothing else may use the
// room inside its bounding box. Packed into an empty Unit of the row, a group of a few
// crates and pallets spreads along the length and over the width (wall building puts pieces
// at both side walls): a pallet and two cartons took 800 x 2352 mm of floor, three crates
// and three pallets 5.5 m of a 40' container, a third of the Unit for 8 m3 of cargo; at
// 5,000 pieces the groups' boxes held 288 m3 for 125 m3 of cargo. Here the group is packed
// again into shorter, then narrower boxes, and narrower, then shorter ones (bisection, two
// greedy policies each), and the box that takes the least room is kept (157 m3 there).
// The room a box takes is its volume and, over the part of its top nothing may stand on,
// the room up to the roof as well: a group of pallets nothing may stand on, packed flat into
// the least volume, took a floor its stacked packing would have spared (mixed sea and road
// cargo: four pallets on 4.8 m2 where three floor places hold them). A group with a stackable
// member and one nothing may stand on is also packed with column blocks (a crate on two of
// the group's pallets).
import type { Block } from '../../model.ts';
import { packedGroupBlock, type GroupCargo } from '../group-pack.ts';
import type { UnitSpec } from '../state.ts';

/** Halvings per side of the box at most (4 lost a Unit at 5,000 pieces; ~1.5 ms a group in all). */
const SIDE_STEPS = 6;
/** A box taking at most 1 / this of room per cargo volume is kept as it is; a side known to within this many mm is not bisected further. */
const TIGHT_ENOUGH = 0.9;
const CLOSE_ENOUGH = 25;

export interface GroupPacking extends GroupCargo {
  spec: UnitSpec;
}

/**
 * The group as one block in the box of least room (see groupRoom) of those tried, or `loose`
 * (its packing into an empty Unit of the row) when none takes less; null when the row cannot
 * take the group.
 */
export function tightGroupBlock(g: number, members: number[], loose: Block | null, p: GroupPacking): Block | null {
  if (!loose) return null;
  const tighter = (a: Block, b: Block) => lessRoom(a, b, p);
  // A stackable member may carry one nothing may stand on: columns are packed too.
  const columns = members.some((i) => !p.items[i].stackable) && members.some((i) => p.items[i].stackable && !p.items[i].fragile);
  if (columns) {
    const c = packedColumns(g, members, p.spec.L, p.spec.W, p);
    if (c && tighter(c, loose)) loose = c;
  }
  if (loose.volume >= TIGHT_ENOUGH * groupRoom(loose, p)) return loose;
  // No box narrower than the biggest piece's smallest side holds it.
  const lo = Math.max(...members.map((i) => Math.min(p.items[i].l, p.items[i].w, p.items[i].h))) - 1;
  // The two orders revisit boxes (a quarter of the packings at 20,000 pieces): each box is packed once.
  const boxes = new Map<string, Block | null>();
  const within = (L: number, W: number) => {
    const key = `${L}x${W}`;
    let found = boxes.get(key);
    if (found === undefined) boxes.set(key, (found = packedWithin(g, members, L, W, p, columns)));
    return found;
  };
  // The other side stays that of the block the bisection starts from.
  const byLength = (b: Block) => bisected(b, lo, (x) => x.dx, (L) => within(L, b.dy), tighter);
  const byWidth = (b: Block) => bisected(b, lo, (x) => x.dy, (W) => within(b.dx, W), tighter);
  // Shorter then narrower, and narrower then shorter: the two turn a pallet either way.
  const a = byWidth(byLength(loose));
  const b = byLength(byWidth(loose));
  return tighter(b, a) ? b : a;
}

/**
 * The block of least room found by bisecting one side of the box between `from` and the start block's
 * extent along it (`pack(side)` packs within that side; null when not all go).
 */
function bisected(start: Block, from: number, extent: (b: Block) => number, pack: (side: number) => Block | null, tighter: (a: Block, b: Block) => boolean): Block {
  let best = start;
  let lo = from, hi = extent(start);
  for (let step = 0; step < SIDE_STEPS && hi - lo > CLOSE_ENOUGH; step++) {
    const side = Math.floor((lo + hi) / 2);
    const found = pack(side);
    if (!found) {
      lo = side;
      continue;
    }
    hi = extent(found);
    if (tighter(found, best)) best = found;
  }
  return best;
}

/**
 * Greedy policies tried per box: big pieces first lets the ones nothing may stand on go on
 * top. (Corner-first was the tightest on 6 of 229 boxes at 5,000 pieces: not worth its time.)
 */
const POLICIES: Pick<UnitSpec, 'anchor' | 'order'>[] = [
  { anchor: 'wall', order: 'section' },
  { anchor: 'wall', order: 'volume' },
];

/**
 * The room a box takes from a Unit: its volume, and over the part of its top that carries
 * nothing (no top face of a stackable, not fragile piece at the box's top) the room up to the roof.
 */
export function groupRoom(b: Block, p: GroupPacking): number {
  let carrying = 0;
  for (const q of b.pieces ?? []) {
    const it = p.items[q.item];
    if (q.z + q.dz === b.dz && it.stackable && !it.fragile) carrying += q.dx * q.dy;
  }
  return b.dx * b.dy * b.dz + Math.max(0, b.dx * b.dy - carrying) * Math.max(0, p.spec.H - b.dz);
}

/** Less room taken (see groupRoom), then less floor, then narrower (more of a Unit's width left beside it). */
function lessRoom(a: Block, b: Block, p: GroupPacking): boolean {
  const ra = groupRoom(a, p), rb = groupRoom(b, p);
  if (ra !== rb) return ra < rb;
  const fa = a.dx * a.dy, fb = b.dx * b.dy;
  return fa < fb || (fa === fb && a.dy < b.dy);
}

/** The members packed into an L x W box of the row's height, the least room of the policies; null when not all go. */
function packedWithin(g: number, members: number[], L: number, W: number, p: GroupPacking, columns: boolean): Block | null {
  let found: Block | null = null;
  // The policies' problems differ only in order: the box's block list is built once.
  const shared = new Map<string, Block[]>();
  for (const policy of POLICIES) {
    const block = packedGroupBlock(g, members, { ...p.spec, L, W, ...policy }, p, shared);
    if (block && (!found || lessRoom(block, found, p))) found = block;
  }
  if (columns) {
    const block = packedColumns(g, members, L, W, p);
    if (block && (!found || lessRoom(block, found, p))) found = block;
  }
  return found;
}

/**
 * The members packed with column blocks (a stackable member's layer carrying one nothing may
 * stand on, see column-blocks.ts) into an L x W box of the row's height, the least room of the
 * policies; null when not all go.
 */
function packedColumns(g: number, members: number[], L: number, W: number, p: GroupPacking): Block | null {
  let found: Block | null = null;
  const shared = new Map<string, Block[]>();
  for (const policy of POLICIES) {
    const block = packedGroupBlock(g, members, { ...p.spec, L, W, ...policy }, p, shared, true);
    if (block && (!found || lessRoom(block, found, p))) found = block;
  }
  return found;
}

