// Multi-Unit planning: fill Unit by Unit, the best type first, the smallest type that
// takes the rest for the last one; fixed Units first.
import type { Block, Item } from '../model.ts';
import type { Prepared } from '../prepare.ts';
import type { Ticker } from '../ticker.ts';
import type { SolveInput } from '../types.ts';
import { EquipmentView } from './equipment-view.ts';
import { PhaseCuts } from './phase-lists.ts';
import { UnitProblem, type Phase } from './problem.ts';
import type { GeneralBlockOptions } from './general-blocks.ts';
import { improveUnit } from './improve.ts';
import { LAYOUT_STEPS_PER_MS, oneTypeItem, startLayout, tubeStart, type Layout } from './one-type.ts';
import { greedy } from './search.ts';
import { PackState, placeFixed, type UnitSpec } from './state.ts';
import { stopGuard } from './stop-guard.ts';
import { tightGroupBlock, type GroupPacking } from './fleet/group-block.ts';
import { carriersFirst } from './fleet/carrier-pairs.ts';
import { boundSlice } from './fleet/bound-slices.ts';
import { generalBlocksFor } from './fleet/general-time.ts';
import { orderKey, type EntryOrder } from './fleet/orders.ts';

/** Greedy policies the improvement tries (each with and without general blocks). */
const POLICIES: Pick<UnitSpec, 'anchor' | 'order'>[] = [
  { anchor: 'corner', order: 'volume' },
  { anchor: 'wall', order: 'section' },
  { anchor: 'wall', order: 'volume' },
];
/** Share of a one-type Unit's improvement time for the search from its tube layout (one-type.ts). */
const START_SHARE = 0.1;
/** Most of a one-type Unit's improvement time the tube layout may take, in its steps (one-type.ts). */
const LAYOUT_SHARE = 0.15;
const GENERAL: GeneralBlockOptions = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };

export interface PlannedUnit {
  index: number;
  view: EquipmentView;
  state: PackState;
  fixedUnit: number;
}

export interface FleetPlan {
  units: PlannedUnit[];
  /** Pieces per item left unloaded. */
  left: number[];
  groupsLeft: Set<number>;
  /** Why packing stopped with cargo left: no Unit could be opened, or nothing more fits. */
  stoppedBy: 'done' | 'unit-limit' | 'no-fit';
}

interface Entry {
  group: number;
  item: number;
  rank: number;
  volume: number;
}

export interface FleetMode {
  beam: boolean;
  /** Beam search only: time per Unit (ms), and when all improvement stops. */
  sliceMs: number;
  deadline: number;
  /** Keep every Unit free of `stop-blocked` while packing (see stop-guard.ts). */
  stopGuard?: boolean;
  /** Item types per phase (default PHASE_ITEMS): more choice per Unit where there is time for it. */
  phaseItems?: number;
  /** A re-plan: the Units of the plan it improves on, over which `sliceMs` was shared evenly. */
  evenOver?: number;
  /** Greedy plans only: the blocks' order within a Unit (default the row's: by cross-section; fleet/orders.ts). */
  blockOrder?: UnitSpec['order'];
  /** Beam search only: asked of the best plan after the greedies and after each beam; true ends the search (stop-split.ts). */
  abandon?: (best: PackState) => boolean;
}

/** What fleets packing one cargo in different orders share: the rows and their groups' blocks. */
interface SharedRows {
  views: EquipmentView[];
  groupBlocks: Map<EquipmentView, (g: number) => Block | null>;
}

export class Fleet {
  readonly views: EquipmentView[];
  private readonly entries: Entry[];
  private readonly maxTotal: number;
  private readonly seed: number;
  readonly severalStops: boolean;
  /** Per item: 0 not yet known, 1 some row takes it, 2 none does. */
  private readonly takesAny: Uint8Array;
  /** Per row: its cargo cut into phases once, and the phases' block lists kept across Units. */
  private readonly cuts: PhaseCuts;

  /**
   * `order`: what goes first within a Stop (fleet/orders.ts); `rows`: another order's rows and their group blocks, shared;
   * `stopsMerged`: the Stops packed as one (fleet/orders.ts `OTHER_PLANS`).
   */
  constructor(private readonly input: SolveInput, private readonly prep: Prepared, private readonly ticker: Ticker, order: EntryOrder = 'volume', rows?: SharedRows, stopsMerged = false) {
    const supportNone = input.options.supportRule === 'none';
    const stops = new Set(prep.items.map((i) => i.phaseRank));
    // Wall building (front wall to door) for the first plan and whenever there are
    // several Stops (later Stops then end up nearer the door); corner-first packing is
    // only tried as an improvement for single-Stop loads.
    this.severalStops = stops.size > 1;
    this.views = rows?.views ?? input.equipment.map((e) => new EquipmentView(e, prep.items, prep.groups, prep.counts, supportNone, 'wall', ticker));
    this.seed = (input.options.seed >>> 0) % 100_003 + 1;
    this.maxTotal = Math.min(input.options.maxUnitsTotal ?? 500, 500);
    // Non-stackable pieces next to the carriers they fit on, so both fall into one phase (fleet/carrier-pairs.ts).
    const height = Math.max(...input.equipment.map((e) => e.innerHeightMm));
    this.entries = carriersFirst(sortedEntries(prep, order, stopsMerged), prep.items, prep.counts, height);
    this.cuts = new PhaseCuts(this.entries);
    this.takesAny = new Uint8Array(prep.items.length);
    this.groupBlocks = rows?.groupBlocks ?? new Map();
  }

  /** Can any row take this item at all (one piece into an empty Unit)? */
  anyTakes(i: number): boolean {
    let t = this.takesAny[i];
    if (t === 0) this.takesAny[i] = t = this.rowTakes(i) ? 1 : 2;
    return t === 1;
  }

  // Apart from `anyTakes` so its closure is made only here (a closure over `i` would cost
  // every call of anyTakes an allocation: it runs for every item per Unit).
  private rowTakes(i: number): boolean {
    return this.views.some((v) => v.takes(i));
  }

  /** Some row takes the group (plain loop: this runs for every group per Unit). */
  private groupFits(g: number): boolean {
    for (const v of this.views) if (v.groupBlock(g)) return true;
    return false;
  }

  /** The same cargo and rows packed in another order (the rows' views and group blocks shared). */
  reordered(order: EntryOrder, stopsMerged = false): Fleet {
    return new Fleet(this.input, this.prep, this.ticker, order, { views: this.views, groupBlocks: this.groupBlocks }, stopsMerged);
  }

  plan(mode: FleetMode): FleetPlan {
    const { prep, ticker } = this;
    const left = prep.counts.slice();
    const groupsLeft = new Set<number>();
    prep.groups.forEach((members, g) => {
      if (members.some((i) => left[i] > 0)) groupsLeft.add(g);
    });
    const units: PlannedUnit[] = [];
    const usedPerRow = new Map<number, number>();
    const takenIndices = new Set(prep.fixedUnits.map((f) => f.unitIndex));
    const commit = (u: PlannedUnit) => {
      u.state.used.forEach((n, i) => (left[i] -= n));
      for (const g of u.state.groupsUsed) {
        groupsLeft.delete(g);
        for (const i of prep.groups[g]) left[i] = 0;
      }
      units.push(u);
      usedPerRow.set(this.views.indexOf(u.view), (usedPerRow.get(this.views.indexOf(u.view)) ?? 0) + 1);
      ticker.processed = prep.fixedUnits.reduce((a, f) => a + f.pieces.length, 0) + prep.counts.reduce((a, c, i) => a + c - left[i], 0);
    };

    prep.fixedUnits.forEach((fu, k) => {
      const view = this.views[this.input.equipment.indexOf(fu.equipment)];
      const minDim = this.minDim(left);
      const root = new PackState(view.spec, prep.items.length);
      for (const p of [...fu.pieces].sort((a, b) => a.z - b.z)) placeFixed(root, prep.items, p, minDim);
      const state = this.fill(view, root, left, groupsLeft, mode);
      commit({ index: fu.unitIndex, view, state, fixedUnit: k });
    });

    let nextIndex = 0;
    let stoppedBy: FleetPlan['stoppedBy'] = 'done';
    // The Units the even share of the re-plan's time was made for (fleet/bound-slices.ts). With
    // several Stops the share stays even: a last Unit there holds a Stop's rest, not a few per cent.
    const evenUnits = mode.beam && !this.severalStops ? (mode.evenOver ?? 0) : 0;
    while (this.hasLoadable(left, groupsLeft)) {
      ticker.poll();
      const rows = this.views.map((_, r) => r).filter((r) => {
        const max = this.views[r].equipment.maxUnits;
        return max == null || (usedPerRow.get(r) ?? 0) < max;
      });
      if (rows.length === 0 || units.length >= this.maxTotal) {
        stoppedBy = 'unit-limit';
        break;
      }
      const chosen = this.openUnit(rows, left, groupsLeft, this.sliced(mode, left, groupsLeft, evenUnits - units.length));
      if (!chosen) {
        stoppedBy = 'no-fit';
        break;
      }
      while (takenIndices.has(nextIndex)) nextIndex++;
      takenIndices.add(nextIndex);
      commit({ index: nextIndex, view: chosen.view, state: chosen.state, fixedUnit: -1 });
    }
    return { units, left, groupsLeft, stoppedBy };
  }

  /** An improving mode with the next Unit's time shared over the Units the cargo left needs (fleet/bound-slices.ts). */
  private sliced(mode: FleetMode, left: number[], groupsLeft: Set<number>, evenUnitsLeft: number): FleetMode {
    if (evenUnitsLeft <= 0) return mode;
    const biggest = Math.max(...this.views.map((v) => v.volume));
    const sliceMs = boundSlice(mode.sliceMs, mode.deadline - this.ticker.now(), evenUnitsLeft, this.remainder(left, groupsLeft).volume, biggest);
    return { ...mode, sliceMs };
  }

  /** Items and groups, biggest first (Stops aside). */
  byVolume(): { item: number; group: number }[] {
    return [...this.entries].sort((a, b) => b.volume - a.volume || a.item - b.item || a.group - b.group);
  }

  get itemCount(): number {
    return this.prep.items.length;
  }

  get items(): Item[] {
    return this.prep.items;
  }

  /** Pieces per item in all. */
  get counts(): number[] {
    return this.prep.counts;
  }

  groupMembers(g: number): number[] {
    return this.prep.groups[g];
  }

  /**
   * Packs the given cargo into at most `maxUnits` new Units beside the `kept` ones (row
   * limits count them); null when it does not all go.
   */
  packNew(cargo: number[], groups: Set<number>, kept: PlannedUnit[], maxUnits: number, mode: FleetMode): PlannedUnit[] | null {
    const left = cargo.slice();
    const groupsLeft = new Set(groups);
    const used = new Map<number, number>();
    for (const u of kept) used.set(this.views.indexOf(u.view), (used.get(this.views.indexOf(u.view)) ?? 0) + 1);
    const out: PlannedUnit[] = [];
    while (this.hasLoadable(left, groupsLeft)) {
      if (out.length >= maxUnits || kept.length + out.length >= this.maxTotal) return null;
      this.ticker.poll();
      const rows = this.views.map((_, r) => r).filter((r) => {
        const max = this.views[r].equipment.maxUnits;
        return max == null || (used.get(r) ?? 0) < max;
      });
      const chosen = rows.length > 0 ? this.openUnit(rows, left, groupsLeft, mode) : null;
      if (!chosen) return null;
      chosen.state.used.forEach((n, i) => (left[i] -= n));
      for (const g of chosen.state.groupsUsed) {
        groupsLeft.delete(g);
        for (const i of this.prep.groups[g]) left[i] = 0;
      }
      const r = this.views.indexOf(chosen.view);
      used.set(r, (used.get(r) ?? 0) + 1);
      out.push({ index: -1, view: chosen.view, state: chosen.state, fixedUnit: -1 });
    }
    return out;
  }

  /** The next Unit: the smallest row that takes all the rest, else the row of most capacity. */
  openUnit(rows: number[], left: number[], groupsLeft: Set<number>, mode: FleetMode): { view: EquipmentView; state: PackState } | null {
    const { volume, weight } = this.remainder(left, groupsLeft);
    const fitsAll = rows
      .map((r) => this.views[r])
      .filter((v) => v.volume >= volume && v.spec.payload >= weight)
      .sort((a, b) => a.volume - b.volume || a.spec.payload - b.spec.payload);
    for (const view of fitsAll.slice(0, 3)) {
      const state = this.fill(view, new PackState(view.spec, this.prep.items.length), left, groupsLeft, { beam: false, sliceMs: 0, deadline: 0, stopGuard: mode.stopGuard, blockOrder: mode.blockOrder });
      if (state.volume >= volume) return { view, state };
    }
    const density = weight > 0 ? volume / weight : Infinity;
    const ranked = rows
      .map((r) => this.views[r])
      .sort((a, b) => capacity(b, density) - capacity(a, density) || a.volume - b.volume);
    for (const view of ranked) {
      const state = this.fill(view, new PackState(view.spec, this.prep.items.length), left, groupsLeft, mode);
      if (state.placed.length > 0) return { view, state };
    }
    return null;
  }

  /**
   * Fills a Unit from `root` with the cargo left. `remaining` (default `left`) is what the
   * search may count up to per item: topping up a loaded Unit passes left + already placed.
   */
  fill(view: EquipmentView, root: PackState, left: number[], groupsLeft: Set<number>, mode: FleetMode, remaining: number[] = left): PackState {
    const phases = this.phasesFor(view, left, groupsLeft, mode.phaseItems);
    if (phases.length === 0) return root;
    const minDim = this.minDimOf(phases);
    const shared = new Map<string, Block[]>();
    const admits = mode.stopGuard ? stopGuard(this.prep.items, view.equipment.openings) : null;
    const make = (spec: UnitSpec, general: GeneralBlockOptions | null, noise: number, columns: boolean) => {
      const problem = new UnitProblem(spec, this.prep.items, remaining, phases, view.orientationsOf, this.groupBlockOf(view), minDim, this.ticker, general, noise, shared, columns, !columns);
      problem.admits = admits;
      return problem;
    };
    const deadline = Math.min(this.ticker.now() + mode.sliceMs, mode.deadline);
    // Out of time (or first plan): the plain greedy.
    // The first plan stacks short lines into columns (many small lines over many Units).
    if (!mode.beam || this.ticker.now() >= deadline) {
      const spec = mode.blockOrder && mode.blockOrder !== view.spec.order ? { ...view.spec, order: mode.blockOrder } : view.spec;
      return greedy(make(spec, null, 0, true), root);
    }
    // Improvement: several greedy policies, each with and without general blocks.
    const policies: Pick<UnitSpec, 'anchor' | 'order'>[] = this.severalStops
      ? [{ anchor: 'wall', order: 'section' }, { anchor: 'wall', order: 'volume' }]
      : POLICIES;
    // General blocks take up to a few hundred ms to build: only worth it with time to use them (fleet/general-time.ts).
    const withGeneral = generalBlocksFor(deadline - this.ticker.now());
    const variants = policies.flatMap((p) => [
      ...(withGeneral ? [{ spec: { ...view.spec, ...p }, general: GENERAL, columns: false }] : []),
      { spec: { ...view.spec, ...p }, general: null, columns: false },
    ]);
    // Column blocks as one more variant (the first plan's policy): best of both by volume.
    variants.push({ spec: { ...view.spec, anchor: 'wall', order: 'section' }, general: null, columns: true });
    // Every variant's greedy first, then the beam-search time to the best of them.
    const problemOf = (k: number, noise: number) => make(variants[k].spec, variants[k].general, noise, variants[k].columns);
    // One box type: a tube layout (one-type.ts) as a start too, on a share of the time first
    // (with the time general blocks need: a layout may take a second).
    const start = withGeneral ? this.tubeStartOf(view, root, phases, remaining, minDim, deadline) : null;
    const started = start && improveUnit(problemOf, variants.length, start, this.ticker.now() + START_SHARE * (deadline - this.ticker.now()), this.ticker, this.seed);
    const state = improveUnit(problemOf, variants.length, root, deadline, this.ticker, this.seed, mode.abandon);
    return started && started.volume > state.volume ? started : state;
  }

  /**
   * The tube start of an empty Unit whose cargo is one box type, or null (see one-type.ts). The
   * layout is worked out once per row and item, within LAYOUT_SHARE of the time to `deadline`.
   */
  private tubeStartOf(view: EquipmentView, root: PackState, phases: Phase[], remaining: number[], minDim: number, deadline: number): PackState | null {
    const item = oneTypeItem(this.prep.items, phases, remaining, root);
    if (!item) return null;
    let byItem = this.startLayouts.get(view);
    if (!byItem) this.startLayouts.set(view, (byItem = new Map()));
    if (!byItem.has(item.index)) {
      const maxSteps = Math.floor(LAYOUT_STEPS_PER_MS * LAYOUT_SHARE * (deadline - this.ticker.now()));
      byItem.set(item.index, startLayout(item, view.orientationsOf(item.index), view.spec, maxSteps, () => this.ticker.tick()));
    }
    const layout = byItem.get(item.index);
    return layout ? tubeStart(item, layout, view.spec, this.prep.items, root, remaining[item.index], minDim) : null;
  }

  private readonly startLayouts = new Map<EquipmentView, Map<number, Layout | null>>();

  /** Per row: its groups as the tightest rigid blocks found (see fleet/group-block.ts). */
  private groupBlockOf(view: EquipmentView): (g: number) => Block | null {
    let of = this.groupBlocks.get(view);
    if (of) return of;
    const blocks = new Map<number, Block | null>();
    const packing: GroupPacking = { spec: view.spec, items: this.prep.items, counts: this.prep.counts, orientationsOf: view.orientationsOf, ticker: this.ticker };
    of = (g: number) => {
      let b = blocks.get(g);
      if (b === undefined) {
        b = tightGroupBlock(g, this.prep.groups[g].filter((i) => this.prep.counts[i] > 0), view.groupBlock(g), packing);
        blocks.set(g, b);
      }
      return b;
    };
    this.groupBlocks.set(view, of);
    return of;
  }

  private readonly groupBlocks: Map<EquipmentView, (g: number) => Block | null>;

  /** The cargo this row can take, in packing order, cut into phases (see phase-lists.ts). */
  private phasesFor(view: EquipmentView, left: number[], groupsLeft: Set<number>, phaseItems?: number): Phase[] {
    return this.cuts.phasesFor(view, left, groupsLeft, phaseItems);
  }

  private minDimOf(phases: Phase[]): number {
    let m = Infinity;
    // Each item's smallest side read from a flat array (this runs over all the cargo left per Unit).
    const side = (this.minSide ??= Float64Array.from(this.prep.items, (it) => Math.min(it.l, it.w, it.h)));
    for (const p of phases) {
      const items = p.items;
      for (let k = 0; k < items.length; k++) if (side[items[k]] < m) m = side[items[k]];
      for (const g of p.groups) for (const i of this.prep.groups[g]) if (side[i] < m) m = side[i];
    }
    return m === Infinity ? 1 : m;
  }

  private minSide: Float64Array | null = null;

  private minDim(left: number[]): number {
    let m = Infinity;
    this.prep.items.forEach((it, i) => {
      if (left[i] > 0) m = Math.min(m, it.l, it.w, it.h);
    });
    return m === Infinity ? 1 : m;
  }

  private hasLoadable(left: number[], groupsLeft: Set<number>): boolean {
    for (const e of this.entries) {
      if (e.group >= 0 ? groupsLeft.has(e.group) && this.groupFits(e.group) : left[e.item] > 0 && this.anyTakes(e.item)) return true;
    }
    return false;
  }

  private remainder(left: number[], groupsLeft: Set<number>): { volume: number; weight: number } {
    // Flat figures (runs over every entry per Unit); the sums go in the same order as ever.
    const f = (this.flat ??= this.flatFigures());
    const { counts, groups } = this.prep;
    // Summed in the result itself, nothing read or written after the loop: V8 enters this loop in
    // code compiled mid-loop on the first call, which left every later call for the interpreter
    // at the first property access after the loop (207 times at 20,000 pieces).
    const sums = { volume: 0, weight: 0 };
    for (let k = 0; k < f.entry.length; k++) {
      const e = f.entry[k];
      if (e < 0) {
        const g = -e - 1;
        if (!groupsLeft.has(g)) continue;
        // A group goes whole: its members' full counts (a repack's cargo has them at 0 per
        // item, the group set carrying them: fewer-units.ts cargoOf).
        for (const i of groups[g]) {
          sums.volume += f.volume[i] * counts[i];
          sums.weight += f.weight[i] * counts[i];
        }
      } else if (left[e] > 0 && this.anyTakes(e)) {
        sums.volume += f.volume[e] * left[e];
        sums.weight += f.weight[e] * left[e];
      }
    }
    return sums;
  }

  private flat: { entry: Int32Array; volume: Float64Array; weight: Float64Array } | null = null;

  /** Entries as item index, or -(group + 1); per item its volume and weight. */
  private flatFigures(): { entry: Int32Array; volume: Float64Array; weight: Float64Array } {
    const items = this.prep.items;
    return {
      entry: Int32Array.from(this.entries, (e) => (e.group >= 0 ? -e.group - 1 : e.item)),
      volume: Float64Array.from(items, (it) => it.volume),
      weight: Float64Array.from(items, (it) => it.weight),
    };
  }

}

/**
 * Share of a Unit's volume mixed cargo actually fills (pallets of mixed heights, full
 * support, pieces nothing may stand on). Payload binds only when the cargo is dense enough
 * to reach it at this fill: otherwise the roomier row (e.g. 40' high cube over 40') wins.
 */
const EXPECTED_FILL = 0.7;

/** How much of this cargo mix a Unit can hold, in volume (weight-limited for dense cargo). */
function capacity(view: EquipmentView, volumePerGram: number): number {
  return Math.min(EXPECTED_FILL * view.volume, view.spec.payload * volumePerGram);
}

/**
 * Items and groups in packing order: no-Stop first, then Stop 99 .. 1; within a Stop by
 * `order` (fleet/orders.ts), then bigger first (carriers aside). `stopsMerged`: all in one run.
 */
function sortedEntries(prep: Prepared, order: EntryOrder, stopsMerged = false): Entry[] {
  const items: Item[] = prep.items;
  const out: (Entry & { key: number })[] = [];
  for (const it of items) {
    if (it.group < 0) out.push({ group: -1, item: it.index, rank: stopsMerged ? 0 : it.phaseRank, volume: it.volume, key: orderKey(order, items, [{ item: it.index, count: 1 }]) });
  }
  prep.groups.forEach((members, g) => {
    out.push({
      group: g, item: -1,
      rank: stopsMerged ? 0 : Math.min(...members.map((i) => items[i].phaseRank)),
      volume: members.reduce((a, i) => a + items[i].volume * prep.counts[i], 0),
      key: orderKey(order, items, members.map((i) => ({ item: i, count: prep.counts[i] }))),
    });
  });
  out.sort((a, b) => a.rank - b.rank || a.key - b.key || b.volume - a.volume || a.item - b.item || a.group - b.group);
  return out.map(({ group, item, rank, volume }) => ({ group, item, rank, volume }));
}
