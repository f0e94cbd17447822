// Step numbering of the Share Link pages.
//
// A plan's loading steps are numbered 1..N across the whole plan: Unit by Unit in
// ascending unit index, and inside a Unit in ascending `loadingStep`. Placements that
// share a Unit and a `loadingStep` form one step (the solver gives every piece its own
// step, so normally one piece per step). `/share/:token/steps/:n` uses this number, and so
// do the report's step column and the CSV.
import type { Placement, SolveResult } from '../solver/types.ts';

export interface LoadingStep {
  /** 1-based, plan-wide. */
  number: number;
  unitIndex: number;
  /** The placements' own `loadingStep` (per Unit). */
  loadingStep: number;
  /** 1-based position of this step inside its Unit, and how many steps the Unit has. */
  numberInUnit: number;
  stepsInUnit: number;
  placements: Placement[];
}

type Placed = Pick<SolveResult, 'placements'>;

/** The placements sorted Unit by Unit, then by loadingStep; ties keep their given order. */
export function placementsInLoadingOrder(result: Placed): Placement[] {
  return result.placements
    .map((placement, i) => ({ placement, i }))
    .sort(
      (a, b) =>
        a.placement.unitIndex - b.placement.unitIndex ||
        a.placement.loadingStep - b.placement.loadingStep ||
        a.i - b.i,
    )
    .map(({ placement }) => placement);
}

export function loadingSteps(result: Placed): LoadingStep[] {
  const steps: LoadingStep[] = [];
  for (const placement of placementsInLoadingOrder(result)) {
    const last = steps[steps.length - 1];
    if (last && last.unitIndex === placement.unitIndex && last.loadingStep === placement.loadingStep) {
      last.placements.push(placement);
    } else {
      const numberInUnit = last && last.unitIndex === placement.unitIndex ? last.numberInUnit + 1 : 1;
      steps.push({
        number: steps.length + 1,
        unitIndex: placement.unitIndex,
        loadingStep: placement.loadingStep,
        numberInUnit,
        stepsInUnit: 0,
        placements: [placement],
      });
    }
  }
  const perUnit = new Map<number, number>();
  for (const step of steps) perUnit.set(step.unitIndex, step.numberInUnit);
  for (const step of steps) step.stepsInUnit = perUnit.get(step.unitIndex) ?? 0;
  return steps;
}

/** The plan-wide step number of every placement, keyed by `stepKey`. */
export function stepNumbers(steps: LoadingStep[]): Map<string, number> {
  return new Map(steps.map((step) => [stepKey(step.unitIndex, step.loadingStep), step.number]));
}

export function stepKey(unitIndex: number, loadingStep: number): string {
  return `${unitIndex}:${loadingStep}`;
}
