// The packing state of one Unit and the hard-rule checks for putting a block into it.
import type { Block, FixedPiece, Item, PlacedBlock, Space, Support } from '../model.ts';
import { carveSpaces, newOwner, type KeyedSpace } from './spaces.ts';
import { copyInts } from './int-slab.ts';

export interface UnitSpec {
  L: number;
  W: number;
  H: number;
  payload: number;
  /** Benchmarks only: pieces may float. */
  supportNone: boolean;
  /** `wall`: fill from the front wall first (Stops); `corner`: nearest container corner (Parreño). */
  anchor: 'wall' | 'corner';
  /** Block preference: biggest first, or largest cross-section first (wall building). */
  order: 'volume' | 'section';
  /**
   * No rule reads the top faces (no support rule, every piece stackable and not fragile), so
   * none are kept: on such cargo keeping them cost 7 % of a search.
   */
  skipFaces?: boolean;
}

const NONE: readonly number[] = [];

/** A free slot's key in `PackState.faceTable` (no top face lies below the floor). */
const EMPTY = -1;
/** The face table's first size in slots (a clone's first write copies twice this many entries; T100 holds about 41 heights). */
const MIN_SLOTS = 64;

/** A face table of `slots` free slots (a copy of one made once per size: built by pushes, each would leave garbage). */
function emptyTable(slots: number): unknown[] {
  let blank = blankTables.get(slots);
  if (!blank) {
    blank = [];
    for (let k = 0; k < slots; k++) blank.push(EMPTY, NONE);
    blankTables.set(slots, blank);
  }
  return blank.slice();
}

/** Free face tables by their slots (never changed: `emptyTable` hands out copies). */
const blankTables = new Map<number, unknown[]>();

/** The first slot to probe for height z (Fibonacci hashing; a fractional height hashes as its whole part). */
function slotOf(z: number, shift: number): number {
  return Math.imul(z | 0, 0x9e3779b1) >>> shift;
}

/** A new list: `list` and then i (lists in the face table are shared by clones, so never changed). */
function withIndex(list: readonly number[], i: number): number[] {
  // Literals for the short lists (most: 1.4 faces a height on T100): exactly as long, where a push would leave room for 16 more.
  if (list.length === 1) return [list[0], i];
  if (list.length === 2) return [list[0], list[1], i];
  const out = list.slice();
  out.push(i);
  return out;
}

export class PackState {
  spaces: Space[];
  supports: Support[] = [];
  /** Weight each fragile support already carries (parallel to `supports`). */
  carried: number[] = [];
  placed: PlacedBlock[] = [];
  /** Bottom faces above the floor: a piece put in later under one of them carries it. */
  bottoms: Support[] = [];
  /** Pieces placed per item. */
  used: Int32Array;
  groupsUsed: number[] = [];
  weight = 0;
  volume = 0;
  phase = 0;
  placedAtPhaseStart = 0;
  idlePhases = 0;

  /**
   * The scan's pieces-left bits of one block list (fit-bits.ts `aliveBits`), for the list's
   * bitsets `aliveOf` under problem `aliveFor`, counting the first `aliveAt` placed blocks.
   */
  alive: Int32Array | null = null;
  aliveOf: object | null = null;
  aliveFor: object | null = null;
  aliveAt = 0;
  /** `alive` is shared with a clone (copied before it changes: most clones never scan). */
  aliveShared = false;

  /** The stamp of the spaces this state alone holds (spaces.ts `KeyedSpace.owner`; both sides of a clone get new ones). */
  owner = newOwner();

  /**
   * Indices of `supports` per height, ascending: an open-addressing table of heights laid out as
   * `[z, list, z, list, ...]` (`EMPTY` keys where free). A list is never changed in place (an add
   * makes a new one), so a clone shares every list and copies only the table, on its first write.
   */
  private faceTable: unknown[] = emptyTable(MIN_SLOTS);
  /** Heights in `faceTable`, and the shift that maps a height's hash to a slot (32 - log2 slots). */
  private faceHeights = 0;
  private faceShift = 32 - Math.log2(MIN_SLOTS);
  /** `faceTable` is shared with a clone (copied before it changes). */
  private faceShared = false;

  /** `used`: a zeroed buffer of `itemCount` to take instead of a new one (the caller zeroes it again after). */
  constructor(spec: UnitSpec, itemCount: number, used?: Int32Array) {
    this.used = used ?? new Int32Array(itemCount);
    const whole: KeyedSpace = { x0: 0, y0: 0, z0: 0, x1: spec.L, y1: spec.W, z1: spec.H, dead: -1, key: 0, keyLow: 0, keyOf: -1, owner: this.owner };
    this.spaces = [whole];
  }

  clone(): PackState {
    const c = Object.create(PackState.prototype) as PackState;
    c.spaces = this.spaces.slice();
    c.supports = this.supports.slice();
    c.carried = this.carried.slice();
    c.faceTable = this.faceTable;
    c.faceHeights = this.faceHeights;
    c.faceShift = this.faceShift;
    c.faceShared = this.faceShared = true;
    c.placed = this.placed.slice();
    c.bottoms = this.bottoms.slice();
    c.used = copyInts(this.used);
    c.groupsUsed = this.groupsUsed.slice();
    c.weight = this.weight;
    c.volume = this.volume;
    c.phase = this.phase;
    c.placedAtPhaseStart = this.placedAtPhaseStart;
    c.idlePhases = this.idlePhases;
    c.alive = this.alive;
    c.aliveOf = this.aliveOf;
    c.aliveFor = this.aliveFor;
    c.aliveAt = this.aliveAt;
    c.aliveShared = this.aliveShared = this.alive !== null;
    c.owner = newOwner();
    this.owner = newOwner();
    return c;
  }

  /** Indices of the top faces at height z, ascending. */
  supportsAt(z: number): readonly number[] {
    const table = this.faceTable;
    const mask = (table.length >> 1) - 1;
    for (let h = slotOf(z, this.faceShift); ; h = (h + 1) & mask) {
      const key = table[2 * h];
      if (key === z) return table[2 * h + 1] as number[];
      if (key === EMPTY) return NONE;
    }
  }

  /** Adds a top face (and its fragile load, none yet). */
  addSupport(f: Support): void {
    if (this.faceShared) {
      this.faceTable = this.faceTable.slice();
      this.faceShared = false;
    }
    const i = this.supports.length;
    const table = this.faceTable;
    const mask = (table.length >> 1) - 1;
    for (let h = slotOf(f.z, this.faceShift); ; h = (h + 1) & mask) {
      const key = table[2 * h];
      if (key === f.z) {
        table[2 * h + 1] = withIndex(table[2 * h + 1] as number[], i);
        break;
      }
      if (key === EMPTY) {
        table[2 * h] = f.z;
        table[2 * h + 1] = [i];
        if (2 * ++this.faceHeights > mask + 1) this.growFaces();
        break;
      }
    }
    this.supports.push(f);
    this.carried.push(0);
  }

  /** The face table at twice its slots (kept at most half full, so a probe ends soon). */
  private growFaces(): void {
    const old = this.faceTable;
    const table = emptyTable(old.length);
    const mask = (table.length >> 1) - 1;
    this.faceShift--;
    for (let k = 0; k < old.length; k += 2) {
      const z = old[k];
      if (z === EMPTY) continue;
      let h = slotOf(z as number, this.faceShift);
      while (table[2 * h] !== EMPTY) h = (h + 1) & mask;
      table[2 * h] = z;
      table[2 * h + 1] = old[k + 1];
    }
    this.faceTable = table;
  }

  available(block: Block, remaining: ArrayLike<number>): boolean {
    if (block.group >= 0) return !this.groupsUsed.includes(block.group);
    const need = block.need;
    if (need) {
      // Indexed, not destructured: this runs for every mixed block a scan reaches.
      for (let k = 0; k < need.length; k++) {
        const pair = need[k];
        if (this.used[pair[0]] + pair[1] > remaining[pair[0]]) return false;
      }
      return true;
    }
    return this.used[block.item] + block.count <= remaining[block.item];
  }
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0);
}

function area(s: { x0: number; y0: number; x1: number; y1: number }, x0: number, y0: number, x1: number, y1: number): number {
  const ox = overlap(s.x0, s.x1, x0, x1);
  if (ox <= 0) return 0;
  const oy = overlap(s.y0, s.y1, y0, y1);
  return oy <= 0 ? 0 : ox * oy;
}

/**
 * Can the block stand at (x, y, z)? Checks support (area share per piece), nothing on
 * non-stackable pieces, only fragile on fragile and the fragile weight limit. The block
 * must already fit the space; payload is checked by the caller.
 */
export function canStand(state: PackState, spec: UnitSpec, items: Item[], block: Block, x: number, y: number, z: number): boolean {
  const x1 = x + block.dx;
  const y1 = y + block.dy;
  // Under an overhang: what is already above would stand on a piece that may carry nothing (or only so much).
  if (someCarryLittle(items) && carriesLittle(items, block)) {
    const top = z + block.dz;
    const bottoms = state.bottoms;
    for (let k = 0; k < bottoms.length; k++) if (bottoms[k].z === top && area(bottoms[k], x, y, x1, y1) > 0) return false;
  }
  if (z === 0) return true;
  // The touching faces in a scratch list (this runs for every move a scan finds).
  const at = state.supportsAt(z);
  if (touchScratch.length < at.length) touchScratch = new Int32Array(2 * at.length);
  const touch = touchScratch;
  let nTouch = 0;
  let anyFragile = false;
  let covered = 0;
  const sup = state.supports;
  for (let k = 0; k < at.length; k++) {
    const i = at[k];
    const s = sup[i];
    const a = area(s, x, y, x1, y1);
    if (a <= 0) continue;
    if (s.noStack) return false;
    if (s.fragile) {
      if (!allFragile(items, block)) return false;
      anyFragile = true;
    }
    touch[nTouch++] = i;
    covered += a;
  }
  if (!spec.supportNone && covered < block.dx * block.dy && !piecesSupported(state, items, block, x, y, z, touch, nTouch)) return false;
  if (anyFragile && !fragileLoadOk(state, items, block, x, y, Array.from(touch.subarray(0, nTouch)))) return false;
  return true;
}

/** canStand's touching faces (the first of them are the call's). */
let touchScratch = new Int32Array(64);

/**
 * Some item of the list may not be stacked on or is fragile (else no block carries little): BR
 * cargo has none, and walking a general block's parts for it cost 2-3 % of a search there.
 * Cached per list (the last one asked and a weak map; lists are not changed once made).
 */
function someCarryLittle(items: Item[]): boolean {
  if (items === lastItems && items.length === lastLength) return lastLittle;
  const known = littleByItems.get(items);
  const fresh = known === undefined || known.length !== items.length;
  const little = fresh ? items.some((it) => !it.stackable || it.fragile) : known.little;
  if (fresh) littleByItems.set(items, { length: items.length, little });
  lastItems = items;
  lastLength = items.length;
  lastLittle = little;
  return little;
}

const littleByItems = new WeakMap<Item[], { length: number; little: boolean }>();
let lastItems: Item[] | null = null, lastLength = -1, lastLittle = true;

/** The block holds a non-stackable or fragile piece. */
function carriesLittle(items: Item[], block: Block): boolean {
  // Plain loops: this runs for every move a scan finds (a closure per call cost 2 % of a search).
  if (block.pieces) {
    for (const p of block.pieces) if (!items[p.item].stackable || items[p.item].fragile) return true;
    return false;
  }
  if (block.parts) {
    for (const p of block.parts) if (carriesLittle(items, p.block)) return true;
    return false;
  }
  return !items[block.item].stackable || items[block.item].fragile;
}

function allFragile(items: Item[], block: Block): boolean {
  if (block.pieces) return block.pieces.every((p) => items[p.item].fragile);
  return !block.parts && items[block.item].fragile;
}

/** Each bottom piece of the block rests on at least its line's share of its base. */
function piecesSupported(state: PackState, items: Item[], block: Block, x: number, y: number, z: number, touch: Int32Array, nTouch: number): boolean {
  if (block.pieces) {
    for (const p of block.pieces) {
      if (p.z === 0 && !restsOn(state, touch, nTouch, x + p.x, y + p.y, p.dx, p.dy, items[p.item].supportPermille)) return false;
    }
    return true;
  }
  if (block.parts) {
    for (const p of block.parts) {
      if (p.z === 0 && !piecesSupported(state, items, p.block, x + p.x, y + p.y, z, touch, nTouch)) return false;
    }
    return true;
  }
  const pdx = block.dx / block.nx;
  const pdy = block.dy / block.ny;
  const permille = items[block.item].supportPermille;
  for (let ix = 0; ix < block.nx; ix++) {
    for (let iy = 0; iy < block.ny; iy++) {
      if (!restsOn(state, touch, nTouch, x + ix * pdx, y + iy * pdy, pdx, pdy, permille)) return false;
    }
  }
  return true;
}

/** The rectangle lies on the touching top faces with at least `permille` of its area. */
function restsOn(state: PackState, touch: Int32Array, nTouch: number, px: number, py: number, dx: number, dy: number, permille: number): boolean {
  let got = 0;
  for (let k = 0; k < nTouch; k++) got += area(state.supports[touch[k]], px, py, px + dx, py + dy);
  return got * 1000 >= permille * dx * dy;
}

/** Fragile supports reachable downwards (through fragile pieces only) from those under the rectangle. */
function fragileBelow(state: PackState, candidates: number[], x0: number, y0: number, x1: number, y1: number): number[] {
  const sup = state.supports;
  const seen = new Set<number>();
  const stack: number[] = [];
  for (const i of candidates) if (sup[i].fragile && area(sup[i], x0, y0, x1, y1) > 0) stack.push(i);
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (seen.has(i)) continue;
    seen.add(i);
    for (const j of sup[i].below ?? []) stack.push(j);
  }
  return [...seen];
}

/** Each fragile piece below carries no more than its own weight, counting everything above at full weight. */
function fragileLoadOk(state: PackState, items: Item[], block: Block, x: number, y: number, touch: number[]): boolean {
  const adds = new Map<number, number>();
  const addColumn = (x0: number, y0: number, x1: number, y1: number, w: number) => {
    for (const i of fragileBelow(state, touch, x0, y0, x1, y1)) adds.set(i, (adds.get(i) ?? 0) + w);
  };
  if (block.pieces) {
    // Conservative for pre-packed groups: the whole group on every fragile piece it touches.
    addColumn(x, y, x + block.dx, y + block.dy, block.weight);
  } else {
    const pdx = block.dx / block.nx;
    const pdy = block.dy / block.ny;
    const w = items[block.item].weight * block.nz;
    for (let ix = 0; ix < block.nx; ix++) {
      for (let iy = 0; iy < block.ny; iy++) addColumn(x + ix * pdx, y + iy * pdy, x + (ix + 1) * pdx, y + (iy + 1) * pdy, w);
    }
  }
  for (const [i, w] of adds) if (state.carried[i] + w > state.supports[i].cap) return false;
  return true;
}

/** Puts the block at (x, y, z): updates spaces, top faces, fragile loads, counts. */
export function place(state: PackState, spec: UnitSpec, items: Item[], block: Block, x: number, y: number, z: number, minDim: number): void {
  // New top faces may make a space that failed before usable again (carving revives it).
  state.spaces = carveSpaces(state.spaces, x, y, z, x + block.dx, y + block.dy, z + block.dz, minDim, spec.supportNone ? -1 : z + block.dz, state.owner);
  if (block.pieces) {
    const order = block.pieces.slice().sort((a, b) => a.z - b.z);
    for (const p of order) {
      if (!spec.skipFaces) addPieceTop(state, items[p.item], x + p.x, y + p.y, z + p.z, p.dx, p.dy, p.dz);
    }
    state.groupsUsed.push(block.group);
  } else {
    placeTops(state, spec, items, block, x, y, z);
  }
  if (z > 0 && !spec.skipFaces) state.bottoms.push({ x0: x, y0: y, x1: x + block.dx, y1: y + block.dy, z, noStack: false, fragile: false, cap: 0, below: null });
  state.weight += block.weight;
  state.volume += block.volume;
  state.placed.push({ block, x, y, z });
}

/** Top faces and counts of a block of identical pieces (or of each part of a general block). */
function placeTops(state: PackState, spec: UnitSpec, items: Item[], block: Block, x: number, y: number, z: number): void {
  if (block.parts) {
    for (const p of block.parts) placeTops(state, spec, items, p.block, x + p.x, y + p.y, z + p.z);
    return;
  }
  state.used[block.item] += block.count;
  if (spec.skipFaces) return;
  const item = items[block.item];
  if (item.fragile) {
    const pdx = block.dx / block.nx;
    const pdy = block.dy / block.ny;
    const pdz = block.dz / block.nz;
    for (let iz = 0; iz < block.nz; iz++) {
      for (let ix = 0; ix < block.nx; ix++) {
        for (let iy = 0; iy < block.ny; iy++) addPieceTop(state, item, x + ix * pdx, y + iy * pdy, z + iz * pdz, pdx, pdy, pdz);
      }
    }
  } else {
    state.addSupport({ x0: x, y0: y, x1: x + block.dx, y1: y + block.dy, z: z + block.dz, noStack: !item.stackable, fragile: false, cap: 0, below: null });
  }
}

/** Adds one piece's top face; a fragile piece also passes its weight to the fragile pieces below it. */
function addPieceTop(state: PackState, item: Item, x: number, y: number, z: number, dx: number, dy: number, dz: number): void {
  const sup = state.supports;
  const under: number[] = [];
  if (z > 0) for (const i of state.supportsAt(z)) if (sup[i].fragile && area(sup[i], x, y, x + dx, y + dy) > 0) under.push(i);
  for (const i of fragileBelow(state, under, x, y, x + dx, y + dy)) state.carried[i] += item.weight;
  state.addSupport({
    x0: x, y0: y, x1: x + dx, y1: y + dy, z: z + dz,
    noStack: !item.stackable, fragile: item.fragile, cap: item.weight, below: item.fragile ? under : null,
  });
}

/** Puts a caller-fixed piece in as an obstacle and support (kept exactly where it is). */
export function placeFixed(state: PackState, items: Item[], f: FixedPiece, minDim: number): void {
  state.spaces = carveSpaces(state.spaces, f.x, f.y, f.z, f.x + f.dx, f.y + f.dy, f.z + f.dz, minDim, -1, state.owner);
  addPieceTop(state, items[f.item], f.x, f.y, f.z, f.dx, f.dy, f.dz);
  if (f.z > 0) state.bottoms.push({ x0: f.x, y0: f.y, x1: f.x + f.dx, y1: f.y + f.dy, z: f.z, noStack: false, fragile: false, cap: 0, below: null });
  state.weight += items[f.item].weight;
  state.volume += f.dx * f.dy * f.dz;
}

/**
 * How far the top faces at height z reach from a corner without a gap, along x and along
 * y (dirX/dirY: +1 to grow from a low corner, -1 from a high one). A block needing its
 * whole base supported cannot be longer or wider than this. The pair is reused by the next call.
 */
export function supportedReach(state: PackState, z: number, px: number, py: number, dirX: number, dirY: number): [number, number] {
  const sup = state.supports;
  const atZ = state.supportsAt(z);
  const probeY = py + 0.5 * dirY;
  let x = px;
  for (let i = faceAt(sup, atZ, x + 0.5 * dirX, probeY); i >= 0; i = faceAt(sup, atZ, x + 0.5 * dirX, probeY)) x = dirX > 0 ? sup[i].x1 : sup[i].x0;
  const probeX = px + 0.5 * dirX;
  let y = py;
  for (let i = faceAt(sup, atZ, probeX, y + 0.5 * dirY); i >= 0; i = faceAt(sup, atZ, probeX, y + 0.5 * dirY)) y = dirY > 0 ? sup[i].y1 : sup[i].y0;
  reachOut[0] = Math.abs(x - px);
  reachOut[1] = Math.abs(y - py);
  return reachOut;
}

/** `supportedReach`'s answer, reused (a caller reads it at once: this runs for every anchor of a scan). */
const reachOut: [number, number] = [0, 0];

/** The first of the faces `atZ` whose inside holds the point, or -1. */
function faceAt(sup: Support[], atZ: readonly number[], qx: number, qy: number): number {
  for (const i of atZ) {
    const s = sup[i];
    if (s.x0 < qx && qx < s.x1 && s.y0 < qy && qy < s.y1) return i;
  }
  return -1;
}

/** Every piece of the block needs its whole base supported (so it may not overhang). */
export function needsFullSupport(items: Item[], block: Block): boolean {
  if (block.fullSupport !== undefined) return block.fullSupport;
  let full: boolean;
  if (block.pieces) full = block.pieces.every((p) => items[p.item].supportPermille >= 1000);
  else if (block.parts) full = block.parts.every((p) => needsFullSupport(items, p.block));
  else full = items[block.item].supportPermille >= 1000;
  block.fullSupport = full;
  return full;
}
