// What one equipment row can take: allowed orientations per item, pre-packed groups.
import type { Block, Item } from '../model.ts';
import type { Orientation, SolverEquipment } from '../types.ts';
import type { Ticker } from '../ticker.ts';
import { doorOrientations } from './blocks.ts';
import { placedSide } from '../orientation.ts';
import { packedGroupBlock } from './group-pack.ts';
import type { UnitSpec } from './state.ts';

export class EquipmentView {
  readonly spec: UnitSpec;
  readonly volume: number;
  private readonly orients: (Orientation[] | undefined)[] = [];
  private readonly groupBlocks = new Map<number, Block | null>();

  constructor(
    readonly equipment: SolverEquipment,
    readonly items: Item[],
    readonly groups: number[][],
    readonly counts: number[],
    supportNone: boolean,
    anchor: 'wall' | 'corner',
    readonly ticker: Ticker,
  ) {
    const e = equipment;
    const skipFaces = supportNone && items.every((it) => it.stackable && !it.fragile);
    this.spec = { L: e.innerLengthMm, W: e.innerWidthMm, H: e.innerHeightMm, payload: e.maxPayloadG, supportNone, anchor, order: anchor === 'wall' ? 'section' : 'volume', skipFaces };
    this.volume = e.innerLengthMm * e.innerWidthMm * e.innerHeightMm;
  }

  /** Orientations of the item that pass the door and fit inside. */
  orientationsOf = (i: number): Orientation[] => {
    let o = this.orients[i];
    if (!o) {
      const it = this.items[i];
      const e = this.equipment;
      o = doorOrientations(it, e.openings, e.doorWidthMm, e.doorHeightMm).filter(
        (r) => placedSide(it.l, it.w, it.h, r[0]) <= this.spec.L && placedSide(it.l, it.w, it.h, r[1]) <= this.spec.W && placedSide(it.l, it.w, it.h, r[2]) <= this.spec.H,
      );
      this.orients[i] = o;
    }
    return o;
  };

  /** A single piece of the item can be loaded into an empty Unit of this row. */
  takes(i: number): boolean {
    return this.items[i].weight <= this.spec.payload && this.orientationsOf(i).length > 0;
  }

  /** The group packed on its own into an empty Unit, as one rigid block (null: it does not fit). */
  groupBlock = (g: number): Block | null => {
    if (this.groupBlocks.has(g)) return this.groupBlocks.get(g)!;
    const block = this.packGroup(g);
    this.groupBlocks.set(g, block);
    return block;
  };

  private packGroup(g: number): Block | null {
    const members = this.groups[g].filter((i) => this.counts[i] > 0);
    if (members.length === 0 || !members.every((i) => this.takes(i))) return null;
    return packedGroupBlock(g, members, { ...this.spec, anchor: 'wall', order: 'section' }, this);
  }
}
