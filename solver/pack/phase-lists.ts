// The phases a row's Units are filled from (its cargo cut by Stop and size, once) and the
// sorted block lists of those phases, kept across the Units of a fleet.
import type { Block, Item } from '../model.ts';
import type { EquipmentView } from './equipment-view.ts';
import type { Phase, PhaseIndex } from './problem.ts';

/** Item types per phase: enough choice for good blocks, few enough to stay fast at scale. */
export const PHASE_ITEMS = 40;
/**
 * Items (or groups) per piece of a row's fixed cut: a phase is one or more of them, merged
 * until it holds at least PHASE_ITEMS (at most PHASE_ITEMS + CUT_ITEMS - 1) as cargo runs out.
 */
const CUT_ITEMS = PHASE_ITEMS / 2;

/** An item (group -1) or a keep-together group (item -1) in packing order. */
export interface CutEntry {
  group: number;
  item: number;
  /** Item.phaseRank: 0 = no Stop, then Stop 99 .. 1. */
  rank: number;
}

interface CutPiece {
  rank: number;
  entries: CutEntry[];
}

/**
 * Per row: its cargo cut into pieces once, and per phase (the cut's pieces merged) the block
 * lists kept across Units (`Phase.memo`).
 */
export class PhaseCuts {
  private readonly cuts = new Map<EquipmentView, CutPiece[]>();
  private readonly memos = new Map<EquipmentView, Map<string, Map<string, PhaseIndex>>>();

  /** `entries`: every item and group in packing order (no-Stop first, then Stop 99 .. 1; bigger first). */
  constructor(private readonly entries: readonly CutEntry[]) {}

  /**
   * The cargo this row can take, in packing order, cut into phases by Stop and size. The
   * cut is made once per row (`cutOf`) and only thinned as cargo runs out, a thinned phase
   * taking in its neighbours of the same Stop until it holds PHASE_ITEMS again: the phases of
   * Unit after Unit stay the same, so their block lists are kept (`Phase.memo`) instead of
   * built again per Unit.
   */
  phasesFor(view: EquipmentView, left: ArrayLike<number>, groupsLeft: Set<number>): Phase[] {
    const cut = this.cutOf(view);
    const phases: Phase[] = [];
    const keys: string[] = [];
    let current: Phase | null = null;
    let rank = -1;
    for (let s = 0; s < cut.length; s++) {
      const items: number[] = [], groups: number[] = [];
      for (const e of cut[s].entries) {
        if (e.group >= 0) {
          if (groupsLeft.has(e.group)) groups.push(e.group);
        } else if (left[e.item] > 0) items.push(e.item);
      }
      const n = items.length + groups.length;
      if (n === 0) continue;
      if (current && cut[s].rank === rank && current.items.length + current.groups.length < PHASE_ITEMS) {
        current.items.push(...items);
        current.groups.push(...groups);
        keys[keys.length - 1] += `+${s}`;
        continue;
      }
      current = { items, groups };
      rank = cut[s].rank;
      phases.push(current);
      keys.push(`${s}`);
    }
    let memos = this.memos.get(view);
    if (!memos) this.memos.set(view, (memos = new Map()));
    for (let p = 0; p < phases.length; p++) {
      let memo = memos.get(keys[p]);
      if (!memo) memos.set(keys[p], (memo = new Map()));
      phases[p].memo = memo;
    }
    return phases;
  }

  /** All the cargo this row can take, in packing order, cut into pieces by Stop and size. */
  private cutOf(view: EquipmentView): CutPiece[] {
    let cut = this.cuts.get(view);
    if (cut) return cut;
    cut = [];
    let current: CutPiece | null = null;
    for (const e of this.entries) {
      if (e.group >= 0 ? !view.groupBlock(e.group) : !view.takes(e.item)) continue;
      if (!current || e.rank !== current.rank || current.entries.length >= CUT_ITEMS) {
        current = { rank: e.rank, entries: [] };
        cut.push(current);
      }
      current.entries.push(e);
    }
    this.cuts.set(view, cut);
    return cut;
  }
}
