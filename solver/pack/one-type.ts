// One box type: tubes of boxes running the whole length (or width) of the Unit, laid out
// over its cross-section, as a start the search completes (the door end, the side wall).
// The block search grows its plan from the wall and loses each stack's remainder at the
// door separately; tubes of several orientations side by side and on top of each other
// (a tube on a tube only as long as the one below) put a whole cross-section's mix of
// orientations down at once.
import type { Block, Item } from '../model.ts';
import { placedDims } from '../orientation.ts';
import type { Orientation } from '../types.ts';
import type { Phase } from './problem.ts';
import { stackLayout, sums } from './stack-layout.ts';
import { canStand, PackState, place, type UnitSpec } from './state.ts';

/** A grid of boxes of one orientation: n along the tube, `across` wide, `up` high. */
interface Grid {
  rotation: Orientation;
  /** Box extents along the tube, across it (horizontal) and up. */
  d: number;
  a: number;
  c: number;
  n: number;
  across: number;
  up: number;
}

/** A layout: grids at (u along the tube from the wall, s across, t up). */
export interface Layout {
  count: number;
  grids: { grid: Grid; u: number; s: number; t: number }[];
}

type Shape = { rotation: Orientation; d: number; a: number; c: number };

/**
 * A layout as the table keeps it (children by reference, flattened once at the end): a grid
 * with a layout on its top, two layouts side by side (`first` `cut` wide), or two sections
 * one behind the other (`first` `cut` long).
 */
interface Node {
  count: number;
  grid?: Grid;
  top?: Node;
  first?: Node;
  second?: Node;
  cut?: number;
  along?: boolean;
}

const EMPTY: Node = { count: 0 };

/** Layouts worked out per run at most (the table grows as widths * heights * lengths). */
const MAX_STATES = 400_000;
/**
 * Layout steps (grids and cuts weighed) per ms of the Unit's time: about what one core does.
 * Millimetre sides make nearly every width a cut and the table seconds long (boxes of 300 x
 * 200 x 150 mm in a 40' HC: 9 million steps, of 101 x 97 x 53 mm over 44 million), while the
 * BR0 instances (centimetres) need at most 5.1 million (#33) and most under 1 million. The
 * cap in steps, not time, keeps the same input giving the same plan.
 */
export const LAYOUT_STEPS_PER_MS = 9_000;

/**
 * The layout of most boxes in `width` x `height` x `length` (tubes along the length): the
 * length cut into sections (walls of different depths) by a knapsack, each section's
 * cross-section laid out by `crossSections`. Null when the tables would grow too big.
 */
function bestLayout(shapes: Shape[], width: number, height: number, length: number, work: { steps: number; max: number }, tick: () => void): Layout | null {
  const section = crossSections(shapes, width, height, length, work, tick);
  const lengths = sums(shapes.map((s) => s.d), length);
  if (lengths[lengths.length - 1] !== length) lengths.push(length);
  const best = new Map<number, Node>();
  for (const x of lengths) {
    let b = section(width, height, x);
    if (!b) return null;
    for (const x1 of lengths) {
      if (2 * x1 > x) break;
      if (x1 <= 0) continue;
      if (++work.steps >= work.max) return null;
      const rest = best.get(x - x1);
      const first = rest && section(width, height, x1);
      if (!rest || !first) continue;
      if (first.count + rest.count > b.count) b = { count: first.count + rest.count, first, second: rest, cut: x1, along: true };
    }
    best.set(x, b);
  }
  const root = best.get(length);
  if (!root) return null;
  const grids: Layout['grids'] = [];
  flatten(root, 0, 0, 0, grids);
  return { count: root.count, grids };
}

/** The node's grids at their offsets, in an order in which each stands on grids before it. */
function flatten(node: Node, u: number, s: number, t: number, out: Layout['grids']): void {
  if (node.grid) {
    out.push({ grid: node.grid, u, s, t });
    if (node.top) flatten(node.top, u, s, t + node.grid.up * node.grid.c, out);
  } else if (node.first && node.second) {
    flatten(node.first, u, s, t, out);
    if (node.along) flatten(node.second, u + node.cut!, s, t, out);
    else flatten(node.second, u, s + node.cut!, t, out);
  }
}

/**
 * The layout of most boxes over a cross-section `w` x `h` of tubes `len` long: either a grid
 * of one orientation on the floor of the rectangle (as wide as its boxes allow) with the
 * best layout on its top, as long as the grid's tubes; or the rectangle cut in two side by
 * side. Memoised; null once the table passes MAX_STATES or the work its cap.
 */
function crossSections(
  shapes: Shape[], width: number, height: number, length: number, work: { steps: number; max: number }, tick: () => void,
): (w: number, h: number, len: number) => Node | null {
  const cuts = sums(shapes.map((s) => s.a), width);
  const depths = [...new Set(shapes.map((s) => s.d))];
  const memo = new Map<number, Node>();
  const solve = (w: number, h: number, fullLength: number): Node | null => {
    // The layout depends on the length only through the boxes each depth fits in it.
    let len = 0;
    for (const d of depths) len = Math.max(len, d * Math.floor(fullLength / d));
    const key = (w * (height + 1) + h) * (length + 1) + len;
    const known = memo.get(key);
    if (known) return known;
    if (memo.size >= MAX_STATES || work.steps >= work.max) return null;
    let best = EMPTY;
    for (const s of shapes) {
      if (s.a > w || s.c > h || s.d > len) continue;
      const across = Math.floor(w / s.a);
      const n = Math.floor(len / s.d);
      for (let up = 1; up * s.c <= h; up++) {
        work.steps++;
        const top = solve(across * s.a, h - up * s.c, n * s.d);
        if (!top) return null;
        const count = across * up * n + top.count;
        if (count > best.count) best = { count, grid: { rotation: s.rotation, d: s.d, a: s.a, c: s.c, n, across, up }, top };
      }
    }
    for (const w1 of cuts) {
      if (2 * w1 > w) break;
      if (w1 <= 0) continue;
      work.steps++;
      const first = solve(w1, h, len);
      const second = first && solve(w - w1, h, len);
      if (!first || !second) return null;
      if (first.count + second.count > best.count) best = { count: first.count + second.count, first, second, cut: w1, along: false };
    }
    memo.set(key, best);
    // Hundreds of thousands of layouts take up to a second: cancellation and progress keep moving.
    if ((memo.size & 255) === 0) tick();
    return best;
  };
  return solve;
}

/**
 * The layout of most boxes of the item: stacks over a floor plan (stack-layout.ts), or where
 * that table would pass its size or `maxSteps`, tubes along the Unit's length (across the
 * width the table took 3-5 times the time and held more on one BR0 instance in 100, by 2
 * boxes). Null when neither finishes within `maxSteps` or the layout holds nothing.
 */
export function startLayout(item: Item, orientations: Orientation[], spec: UnitSpec, maxSteps = Infinity, tick: () => void = () => {}): Layout | null {
  const shapes = orientations.map((rotation) => {
    const [x, y, z] = placedDims(item.l, item.w, item.h, rotation);
    return { rotation, d: x, a: y, c: z };
  });
  const work = { steps: 0, max: maxSteps };
  // Stacks over a floor plan (stack-layout.ts) hold the tube layouts and more; the tube table
  // only where the stack table would pass its size or the cap (small boxes: BR0 #2, #33).
  const stacks = stackLayout(shapes.map((s) => ({ rotation: s.rotation, fx: s.d, fy: s.a, c: s.c })), spec.L, spec.W, spec.H, work, tick);
  const layout = stacks ?? bestLayout(shapes, spec.W, spec.H, spec.L, work, tick);
  return layout && layout.count > 0 ? layout : null;
}

/**
 * A start for the search: the layout's tubes placed into `root` (an empty Unit), at most
 * `count` boxes, each grid only where it stands (a grid cut short by the count leaves the
 * grids on it out). Null when nothing is placed.
 */
export function tubeStart(item: Item, layout: Layout, spec: UnitSpec, items: Item[], root: PackState, count: number, minDim: number): PackState | null {
  const state = root.clone();
  let left = Math.min(count, Math.floor(spec.payload / Math.max(item.weight, 1e-9)));
  for (const { grid, u: x, s: y, t: z } of layout.grids) {
    const n = Math.min(grid.n, Math.floor(left / (grid.across * grid.up)));
    if (n <= 0) continue;
    const block = gridBlock(item, grid, n);
    if (x + block.dx > spec.L || y + block.dy > spec.W || z + block.dz > spec.H) continue;
    if (!canStand(state, spec, items, block, x, y, z)) continue;
    place(state, spec, items, block, x, y, z, minDim);
    left -= block.count;
  }
  return state.placed.length > 0 ? state : null;
}

/** The grid as a block of identical boxes (n along the tube, the Unit's length). */
function gridBlock(item: Item, grid: Grid, n: number): Block {
  const count = n * grid.across * grid.up;
  return {
    dx: grid.d * n, dy: grid.a * grid.across, dz: grid.c * grid.up, volume: item.volume * count, weight: item.weight * count,
    item: item.index, rotation: grid.rotation, nx: n, ny: grid.across, nz: grid.up, count, group: -1, pieces: null,
    parts: undefined, need: undefined, flat: undefined, fullSupport: undefined,
  };
}

/**
 * The one box type of a Unit's cargo that a tube layout may start (stackable, not fragile,
 * no keep-together groups, the Unit still empty); null otherwise. The layout stands fully
 * supported, so it is a start under any support rule.
 */
export function oneTypeItem(items: Item[], phases: Phase[], remaining: ArrayLike<number>, root: PackState): Item | null {
  if (root.placed.length > 0) return null;
  const kinds = new Set(phases.flatMap((p) => p.items));
  if (kinds.size !== 1 || phases.some((p) => p.groups.length > 0)) return null;
  const item = items[[...kinds][0]];
  return item.stackable && !item.fragile && remaining[item.index] > 0 ? item : null;
}
