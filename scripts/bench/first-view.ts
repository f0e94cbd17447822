// The single-Unit benches' starting point: a Fleet for the input, its first equipment view, and
// the phases and smallest box side the fleet would plan that view with (read through its internals,
// which the solver does not export).
import type { Block } from '../../solver/model.ts';
import { Fleet } from '../../solver/pack/fleet.ts';
import type { Phase } from '../../solver/pack/problem.ts';
import { prepare } from '../../solver/prepare.ts';
import type { Ticker } from '../../solver/ticker.ts';
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
