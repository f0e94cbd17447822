// The single-Unit benches' starting point: a Fleet for the input, its first equipment view, and
// the phases and smallest box side the fleet would plan that view with (read through its internals,
// which the solver does not export).
import type { Block } from '../../solver/model.ts';
import { Fleet } from '../../solver/pack/fleet.ts';
import type { GeneralBlockOptions } from '../../solver/pack/general-blocks.ts';
import { UnitProblem, type Phase } from '../../solver/pack/problem.ts';
import type { UnitSpec } from '../../solver/pack/state.ts';
import { prepare } from '../../solver/prepare.ts';
import { improveUnit } from '../../solver/pack/improve.ts';
import { PackState } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { SolveInput } from '../../solver/types.ts';

type FleetInternals = {
  phasesFor(v: unknown, left: number[], g: Set<number>): Phase[];
  minDimOf(p: Phase[]): number;
  groupBlockOf(v: unknown): (g: number) => Block | null;
};

export function firstView(input: SolveInput, ticker: Ticker) {
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, ticker);
  const internals = fleet as unknown as FleetInternals;
  const view = fleet.views[0];
  const left = prep.counts.slice();
  const phases = internals.phasesFor(view, left, new Set());
  return { prep, fleet, view, left, phases, minDim: internals.minDimOf(phases), groupBlock: internals.groupBlockOf(view) };
}

/** The general-block options and packing policies the fleet plans a single Unit's variants with. */
const GENERAL: GeneralBlockOptions = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };
const POLICIES: Pick<UnitSpec, 'anchor' | 'order'>[] = [
  { anchor: 'corner', order: 'volume' }, { anchor: 'wall', order: 'section' }, { anchor: 'wall', order: 'volume' },
];

/**
 * `firstView` and the single Unit's variants as `improveUnit` takes them: each policy with and
 * without general blocks, then column blocks; `make(k, noise)` builds variant k's problem.
 */
export function unitVariants(input: SolveInput, ticker: Ticker) {
  const first = firstView(input, ticker);
  const { prep, view, left, phases, minDim, groupBlock } = first;
  const shared = new Map<string, Block[]>();
  const variants = POLICIES.flatMap((p) => [GENERAL, null].map((general) => ({ spec: { ...view.spec, ...p }, general, columns: false })));
  variants.push({ spec: { ...view.spec, anchor: 'wall', order: 'section' }, general: null, columns: true });
  const make = (k: number, noise: number) => {
    const v = variants[k];
    return new UnitProblem(v.spec, prep.items, left, phases, view.orientationsOf, groupBlock, minDim, ticker, v.general, noise, shared, v.columns, !v.columns);
  };
  return { ...first, count: variants.length, make };
}

/** `unitVariants` and the single Unit's improved plan on a virtual clock (0.01 ms a clock read: the same plan every run). */
export function virtualBest(input: SolveInput, seconds: number) {
  let reads = 0;
  const ticker = new Ticker({ now: () => reads++ * 0.01 });
  const variants = unitVariants(input, ticker);
  const { prep, view, count, make } = variants;
  const best = improveUnit(make, count, new PackState(view.spec, prep.items.length), ticker.now() + seconds * 1000, ticker, 1);
  return { ...variants, best };
}
