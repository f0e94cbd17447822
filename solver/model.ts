// Internal data of the packing engine (not part of the contract in types.ts).
import type { Orientation } from './types.ts';

/** One cargo line as the engine sees it: a box type with a count still to place. */
export interface Item {
  index: number;
  lineIndex: number;
  lineId: string;
  l: number;
  w: number;
  h: number;
  volume: number;
  weight: number;
  orientations: Orientation[];
  stackable: boolean;
  fragile: boolean;
  stop: number | null;
  /** 0 = no Stop (packed first, deepest), then Stop 99 .. Stop 1 (packed last, nearest the door). */
  phaseRank: number;
  supportPermille: number;
  group: number;
}

/** A piece inside a composite (keep-together group) block, relative to the block's corner. */
export interface BlockPiece {
  item: number;
  rotation: Orientation;
  x: number;
  y: number;
  z: number;
  dx: number;
  dy: number;
  dz: number;
}

/** A sub-block of a general block, relative to its corner. */
export interface BlockPart {
  block: Block;
  x: number;
  y: number;
  z: number;
}

/**
 * A block: nx*ny*nz identical pieces in one orientation (`item` >= 0); a general block of
 * two or more such blocks (`parts`, `need`); or a pre-packed keep-together group
 * (`pieces`, `group` >= 0).
 */
export interface Block {
  dx: number;
  dy: number;
  dz: number;
  volume: number;
  weight: number;
  item: number;
  rotation: Orientation;
  nx: number;
  ny: number;
  nz: number;
  count: number;
  group: number;
  pieces: BlockPiece[] | null;
  parts?: BlockPart[];
  /** General blocks: pieces used per item. */
  need?: [number, number][];
  /** The whole top face is at dz (anything may stand anywhere on it). */
  flat?: boolean;
  /**
   * General blocks: the rectangle of the top (x0, y0, x1, y1, at dz) anything may stand on
   * (its packing area), null when none; unset: the whole top when `flat` is not false.
   */
  area?: [number, number, number, number] | null;
  /** Cached: every piece needs its whole base supported. */
  fullSupport?: boolean;
}

/** A maximal empty cuboid; `dead` = the phase in which no block fitted it (-1 = live). */
export interface Space {
  x0: number;
  y0: number;
  z0: number;
  x1: number;
  y1: number;
  z1: number;
  dead: number;
}

/** A top face that other pieces can stand on. Fragile pieces get one each (weight tracking). */
export interface Support {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  z: number;
  noStack: boolean;
  fragile: boolean;
  /** Fragile only: what it may carry (its own weight) and the fragile supports directly below. */
  cap: number;
  below: number[] | null;
}

export interface PlacedBlock {
  block: Block;
  x: number;
  y: number;
  z: number;
}

/** A piece fixed by the caller, already expanded (position, extents, item). */
export interface FixedPiece {
  item: number;
  pieceIndex: number;
  rotation: Orientation;
  x: number;
  y: number;
  z: number;
  dx: number;
  dy: number;
  dz: number;
  locked: boolean;
  manual: boolean;
}
