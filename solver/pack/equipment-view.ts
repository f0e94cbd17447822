// What one equipment row can take: allowed orientations per item, pre-packed groups.
import type { Block, BlockPiece, Item } from '../model.ts';
import type { Orientation, SolverEquipment } from '../types.ts';
import type { Ticker } from '../ticker.ts';
import { doorOrientations } from './blocks.ts';
import { UnitProblem } from './problem.ts';
import { greedy } from './search.ts';
import { PackState, type UnitSpec } from './state.ts';
import { expandPlaced } from './expand.ts';
import { placedDims } from '../orientation.ts';

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
    this.spec = { L: e.innerLengthMm, W: e.innerWidthMm, H: e.innerHeightMm, payload: e.maxPayloadG, supportNone, anchor, order: anchor === 'wall' ? 'section' : 'volume' };
    this.volume = e.innerLengthMm * e.innerWidthMm * e.innerHeightMm;
  }

  /** Orientations of the item that pass the door and fit inside. */
  orientationsOf = (i: number): Orientation[] => {
    let o = this.orients[i];
    if (!o) {
      const it = this.items[i];
      const e = this.equipment;
      o = doorOrientations(it, e.openings, e.doorWidthMm, e.doorHeightMm).filter((r) => {
        const [a, b, c] = placedDims(it.l, it.w, it.h, r);
        return a <= this.spec.L && b <= this.spec.W && c <= this.spec.H;
      });
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
    const minDim = Math.min(...members.map((i) => Math.min(this.items[i].l, this.items[i].w, this.items[i].h)));
    const spec: UnitSpec = { ...this.spec, anchor: 'wall', order: 'section' };
    const problem = new UnitProblem(spec, this.items, this.counts, [{ items: members, groups: [] }], this.orientationsOf, () => null, minDim, this.ticker);
    const state = greedy(problem, new PackState(spec, this.items.length));
    const placed = members.every((i) => state.used[i] === this.counts[i]);
    if (!placed) return null;
    const pieces: BlockPiece[] = state.placed.flatMap((pb) => expandPlaced(pb));
    let dx = 0, dy = 0, dz = 0;
    for (const p of pieces) {
      dx = Math.max(dx, p.x + p.dx);
      dy = Math.max(dy, p.y + p.dy);
      dz = Math.max(dz, p.z + p.dz);
    }
    return { dx, dy, dz, volume: state.volume, weight: state.weight, item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: pieces.length, group: g, pieces, parts: undefined, need: undefined, flat: undefined, fullSupport: undefined };
  }
}
