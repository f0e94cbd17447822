// A given-up door end rebuilt as explicit carrier columns. The greedy refill pairs lines into
// columns only within one phase (one Stop, one size band), so a near miss's pallets nothing may
// stand on and the given-up stackable pallets they would fit on stay side by side on the floor.
// Here every piece of the door end (given up or left over) is stacked where it fits inside the
// footprint of the piece below under the roof (wholly supported), the columns' footprints are
// packed on the free floor from the kept blocks to the door, and what does not fit is left over.
import type { Block, Item, PlacedBlock } from '../../model.ts';
import type { Orientation } from '../../types.ts';
import { placedDims, quarterTurned } from '../../orientation.ts';
import type { EquipmentView } from '../equipment-view.ts';
import type { Fleet } from '../fleet.ts';
import { place, type PackState } from '../state.ts';

/** One piece of a column (or a keep-together group's rigid block), as placed: extents and offset in the column. */
interface Layer {
  item: number;
  rotation: Orientation;
  dx: number;
  dy: number;
  dz: number;
  z: number;
  /** A keep-together group's block (stands on the floor, carries nothing). */
  group: Block | null;
}

export interface Column {
  layers: Layer[];
  height: number;
  /** May anything stand on the top layer. */
  open: boolean;
  weight: number;
  volume: number;
}

/** Something to stack: a piece of an item or a group's block. */
interface Part {
  item: number;
  group: Block | null;
}

/**
 * Columns of `left` pieces per item plus the given-up `given` blocks' (their groups whole), each
 * column's layers inside the one below.
 */
export function columnsOf(fleet: Fleet, view: EquipmentView, given: PlacedBlock[], left: number[]): Column[] {
  const parts: Part[] = [];
  const addBlock = (b: Block) => {
    if (b.group >= 0) parts.push({ item: -1, group: b });
    else if (b.parts) for (const p of b.parts) addBlock(p.block);
    else for (let k = 0; k < b.count; k++) parts.push({ item: b.item, group: null });
  };
  for (const p of given) addBlock(p.block);
  left.forEach((n, i) => {
    for (let k = 0; k < n; k++) parts.push({ item: i, group: null });
  });
  const H = view.spec.H;
  const items = fleet.items;
  const area = (p: Part) => (p.group ? p.group.dx * p.group.dy : items[p.item].l * items[p.item].w);
  const carries = (it: Item) => it.stackable && !it.fragile;
  // Biggest footprints first (they are the bases), carriers before what they carry, taller first.
  parts.sort((a, b) => area(b) - area(a) || Number(b.group === null && carries(items[b.item])) - Number(a.group === null && carries(items[a.item])) || heightOf(b, items) - heightOf(a, items));
  const columns: Column[] = [];
  for (const p of parts) {
    if (p.group) {
      columns.push({ layers: [{ item: -1, rotation: 'LWH', dx: p.group.dx, dy: p.group.dy, dz: p.group.dz, z: 0, group: p.group }], height: p.group.dz, open: false, weight: p.group.weight, volume: p.group.volume });
      continue;
    }
    const it = items[p.item];
    const dims = view.orientationsOf(p.item).map((r) => ({ r, d: placedDims(it.l, it.w, it.h, r) }));
    if (dims.length === 0) continue;
    // On top of the column whose top layer it fills best (least footprint to spare, then least height).
    let best: { c: Column; r: Orientation; d: [number, number, number]; slack: number; room: number } | null = null;
    for (const c of columns) {
      if (!c.open) continue;
      const top = c.layers[c.layers.length - 1];
      for (const { r, d } of dims) {
        if (d[0] > top.dx || d[1] > top.dy || c.height + d[2] > H) continue;
        const slack = top.dx * top.dy - d[0] * d[1];
        const room = H - c.height - d[2];
        if (!best || slack < best.slack || (slack === best.slack && room < best.room)) best = { c, r, d, slack, room };
      }
    }
    if (best) {
      best.c.layers.push({ item: p.item, rotation: best.r, dx: best.d[0], dy: best.d[1], dz: best.d[2], z: best.c.height, group: null });
      best.c.height += best.d[2];
      best.c.open = carries(it);
      best.c.weight += it.weight;
      best.c.volume += it.volume;
      continue;
    }
    // A new column, standing in its lowest orientation (the most room over it).
    const { r, d } = dims.reduce((a, b) => (b.d[2] < a.d[2] ? b : a));
    columns.push({ layers: [{ item: p.item, rotation: r, dx: d[0], dy: d[1], dz: d[2], z: 0, group: null }], height: d[2], open: carries(it), weight: it.weight, volume: it.volume });
  }
  return columns;
}

function heightOf(p: Part, items: Item[]): number {
  return p.group ? p.group.dz : items[p.item].h;
}

/** Whether every layer of the column may be turned a quarter (groups are not). */
function turnable(c: Column, view: EquipmentView): boolean {
  return c.layers.every((l) => !l.group && view.orientationsOf(l.item).includes(quarterTurned(l.rotation)));
}

/** A column where the floor packing put it: its corner, turned a quarter or not. */
export interface PackedColumn {
  c: Column;
  x: number;
  y: number;
  turned: boolean;
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Column footprints packed on the floor rectangle `floor` (maximal free rectangles, each column
 * where it lies nearest the front wall, then the side wall). The columns placed, with their corner
 * and whether turned; the others are left out.
 */
export function floorPacked(columns: Column[], floor: Rect, view: EquipmentView): PackedColumn[] {
  let free: Rect[] = [floor];
  const out: PackedColumn[] = [];
  for (const c of columns) {
    const base = c.layers[0];
    const ways: [number, number, boolean][] = [[base.dx, base.dy, false]];
    if (base.dx !== base.dy && turnable(c, view)) ways.push([base.dy, base.dx, true]);
    let best: { x: number; y: number; dx: number; dy: number; turned: boolean } | null = null;
    for (const f of free) {
      for (const [dx, dy, t] of ways) {
        if (f.x1 - f.x0 < dx || f.y1 - f.y0 < dy) continue;
        if (!best || f.x0 < best.x || (f.x0 === best.x && f.y0 < best.y)) best = { x: f.x0, y: f.y0, dx, dy, turned: t };
      }
    }
    if (!best) continue;
    out.push({ c, x: best.x, y: best.y, turned: best.turned });
    free = carved(free, { x0: best.x, y0: best.y, x1: best.x + best.dx, y1: best.y + best.dy });
  }
  return out;
}

/** The maximal free rectangles once `r` is taken (split, then those inside another dropped). */
function carved(free: Rect[], r: Rect): Rect[] {
  const next: Rect[] = [];
  for (const f of free) {
    if (f.x1 <= r.x0 || r.x1 <= f.x0 || f.y1 <= r.y0 || r.y1 <= f.y0) {
      next.push(f);
      continue;
    }
    if (r.x0 > f.x0) next.push({ ...f, x1: r.x0 });
    if (r.x1 < f.x1) next.push({ ...f, x0: r.x1 });
    if (r.y0 > f.y0) next.push({ ...f, y1: r.y0 });
    if (r.y1 < f.y1) next.push({ ...f, y0: r.y1 });
  }
  const inside = (a: Rect, b: Rect) => b.x0 <= a.x0 && b.y0 <= a.y0 && a.x1 <= b.x1 && a.y1 <= b.y1;
  // Of two equal rectangles the first stays.
  return next.filter((a, i) => !next.some((b, j) => j !== i && inside(a, b) && (j < i || !inside(b, a))));
}

/** A block of one piece of `item` in `rotation` with extents dx, dy, dz. */
function pieceBlock(item: Item, rotation: Orientation, dx: number, dy: number, dz: number): Block {
  return { dx, dy, dz, volume: item.volume, weight: item.weight, item: item.index, rotation, nx: 1, ny: 1, nz: 1, count: 1, group: -1, pieces: null, parts: undefined, need: undefined, flat: undefined, fullSupport: undefined };
}

/** Places the packed columns into `state` (layers at the column's corner, turned as packed) while the payload allows. */
function placeColumns(fleet: Fleet, view: EquipmentView, state: PackState, packed: PackedColumn[], minDim: number): void {
  for (const { c, x, y, turned: t } of packed) {
    if (state.weight + c.weight > view.spec.payload) continue;
    for (const l of c.layers) {
      const block = l.group ?? (t ? pieceBlock(fleet.items[l.item], quarterTurned(l.rotation), l.dy, l.dx, l.dz) : pieceBlock(fleet.items[l.item], l.rotation, l.dx, l.dy, l.dz));
      place(state, view.spec, fleet.items, block, x, y, l.z, minDim);
    }
  }
}

/**
 * The door end past the `kept` blocks laid out as columns of the `given` blocks' pieces and `left`'s,
 * biggest footprints first, on the floor from the kept blocks to the door: the columns, that floor
 * and the columns it holds.
 */
export function doorEndPacking(fleet: Fleet, view: EquipmentView, kept: PlacedBlock[], given: PlacedBlock[], left: number[]): { columns: Column[]; floor: Rect; packed: PackedColumn[] } {
  const columns = columnsOf(fleet, view, given, left);
  const base = (c: Column) => c.layers[0].dx * c.layers[0].dy;
  columns.sort((a, b) => base(b) - base(a) || b.height - a.height);
  const x0 = kept.reduce((m, p) => Math.max(m, p.x + p.block.dx), 0);
  const floor = { x0, y0: 0, x1: view.spec.L, y1: view.spec.W };
  return { columns, floor, packed: floorPacked(columns, floor, view) };
}

/**
 * `root` (the `kept` blocks of a Unit of `view`) with the door end past them refilled as columns of
 * the `given` blocks' pieces and `left`'s, biggest footprints first; what does not fit stays out.
 */
export function doorEndColumns(fleet: Fleet, view: EquipmentView, root: PackState, kept: PlacedBlock[], given: PlacedBlock[], left: number[], minDim: number): PackState {
  const state = root.clone();
  placeColumns(fleet, view, state, doorEndPacking(fleet, view, kept, given, left).packed, minDim);
  return state;
}
