import type { SolveInput } from '../types.ts';
import { buildContext, type CheckedResult, type CheckContext, type Violation } from './context.ts';
import { checkDoorOpenings } from './rules/door-openings.ts';
import { checkFixedPlacements } from './rules/fixed-placements.ts';
import { checkInsideUnit } from './rules/inside-unit.ts';
import { checkKeepTogether } from './rules/keep-together.ts';
import { checkLoadingSteps } from './rules/loading-steps.ts';
import { checkNoOverlap } from './rules/no-overlap.ts';
import { checkOrientation } from './rules/orientation.ts';
import { checkPayload } from './rules/payload.ts';
import { checkPieceAccounting } from './rules/piece-accounting.ts';
import { checkReferences } from './rules/references.ts';
import { checkFragile, checkNotStackable } from './rules/stacking.ts';
import { checkSupport } from './rules/support.ts';
import { checkUnitLimits } from './rules/unit-limits.ts';

export type { Violation } from './context.ts';

/** Each hard rule of solver.md, as an independent check. */
const RULES: ((ctx: CheckContext) => Violation[])[] = [
  checkReferences,
  checkPieceAccounting,
  checkInsideUnit,
  checkNoOverlap,
  checkOrientation,
  checkSupport,
  checkNotStackable,
  checkFragile,
  checkPayload,
  checkKeepTogether,
  checkFixedPlacements,
  checkUnitLimits,
  checkDoorOpenings,
  checkLoadingSteps,
];

/**
 * Proves every hard rule for every placement of a plan; an empty list means the plan is
 * valid. Independent of the packing engine: it trusts nothing but the input.
 */
export function checkPlan(input: SolveInput, result: CheckedResult): Violation[] {
  const ctx = buildContext(input, result);
  return RULES.flatMap((rule) => rule(ctx));
}
