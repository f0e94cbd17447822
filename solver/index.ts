// The load optimizer: solve(input) -> a complete multi-Unit plan. Pure and synchronous.
import { advise, type Advisories } from './advisories/index.ts';
import { buildPlacements, buildTotals, buildUnits, buildUnloaded } from './assemble.ts';
import { placementsByUnit } from './check/unit-geometry.ts';
import { unitBounds } from './lower-bound.ts';
import { namesOf } from './names.ts';
import { fewerUnits, lastUnitVolume } from './pack/fewer-units.ts';
import { phaseItemsFor } from './pack/fleet/phase-width.ts';
import { Fleet, type FleetPlan } from './pack/fleet.ts';
import { blockedPieces, fewerBlocked } from './pack/stop-split.ts';
import { prepare, type Prepared } from './prepare.ts';
import { Ticker } from './ticker.ts';
import type { Placement, PlanWarning, SolveHooks, SolveInput, SolveResult, UnitResult } from './types.ts';

export { SolveCancelledError } from './types.ts';

/** Share of the budget for the Unit-by-Unit re-plan when there are several Units. */
const REPLAN_SHARE = 0.75;
/**
 * Under this many ms per Unit the re-plan buys little (50 Units in 5 s) and gets only
 * SHORT_REPLAN_SHARE; the Unit count gets the rest (the multi-container problem 5, 55 Units in
 * the first plan: 52 -> 51; scale sea 5,000 pieces with 5 s of CPU: 54 -> 53). With several
 * Stops it gets nothing there: the other greedy plans of fewerUnits use the time better.
 */
const MIN_REPLAN_SLICE_MS = 100;
const SHORT_REPLAN_SHARE = 0.25;
/** Share of the budget for reordering the Units' slices when pieces stay stop-blocked (stop-slices.ts: 0.2-0.3 s for ten Units of 100-170 pieces). */
const SLICES_SHARE = 0.05;
/**
 * Time a Unit's slices need at least (ms): with less (sea 5,000 pieces, 52 Units: 5 ms each) the
 * step gained nothing (blocked 2,950 -> 3,017 over seeds 1-3) and the Stops stage lost the time.
 */
const MIN_SLICES_MS = 10;

/** Diagnostics only (scripts/bench/fewer-stages.ts): told when each stage ends and its plan's Units. Never set by the solver; it decides nothing. */
export const solveTrace: { fn: ((stage: string, units: number) => void) | null } = { fn: null };

export function solve(input: SolveInput, hooks: SolveHooks = {}): SolveResult {
  const ticker = new Ticker(hooks);
  const t0 = ticker.now();
  ticker.total = input.lines.reduce((a, l) => a + l.quantity, 0);
  ticker.setPhase('preparing');
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, ticker);

  ticker.setPhase('packing');
  const packStart = ticker.now();
  let plan = fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  const firstPlanMs = ticker.now() - t0;
  /** The first plan's packing alone: what planning the fleet again costs (fewer-units.ts). */
  const packMs = ticker.now() - packStart;
  let iterations = 1;
  solveTrace.fn?.('first plan', plan.units.length);

  const budget = Math.max(0, input.options.timeBudgetMs);
  /** Until when the Units' slices are reordered for the Stops (0: not at all). */
  let stopsUntil = 0;
  // Units as few as the lower bound and no piece stop-blocked: the search has nothing left to
  // gain, the time is returned.
  const bound = budget > 0 ? boundOfSameSizes(input) : 0;
  const settled = atBound(plan, bound) && blockedPieces(fleet, prep, plan) === 0;
  if (budget > 0 && !cannotImprove(plan) && !settled) {
    ticker.setPhase('improving');
    const end = ticker.now() + budget;
    // Several Units: most of the budget repacks Unit by Unit (wide phases need the time), the
    // rest goes to fewer Units; with several Stops half, as the last quarter goes to the Stops;
    // with many Units a quarter.
    const wanted = fleet.severalStops ? 0.5 : REPLAN_SHARE;
    const short = (budget * wanted) / plan.units.length < MIN_REPLAN_SLICE_MS;
    // Several Stops and short slices (scale cargo of 5,000 pieces): no beam re-plan, its time goes
    // to fewerUnits, which plans the fleet again greedily in other orders and phase widths. Such a
    // beam plan had 1-2 Units more than the first plan on 8 of 9 traced seeds (sea and road).
    if (!(short && fleet.severalStops)) {
      const deadline = plan.units.length > 1 ? ticker.now() + budget * (short ? SHORT_REPLAN_SHARE : wanted) : end;
      plan = replanned(fleet, prep, plan, deadline, ticker);
      iterations++;
    }
    solveTrace.fn?.('replan', plan.units.length);
    // Pieces stop-blocked: the last quarter goes to Stops without blocking (stop-split.ts).
    const stopsFrom = blockedPieces(fleet, prep, plan) > 0 ? end - budget / 4 : end;
    // The plan by Stops, whose first Units a plan of the Stops packed as one may keep (stop-hybrid.ts).
    const byStops = plan;
    const fewer = atBound(plan, bound) ? plan : fewerUnits(fleet, plan, stopsFrom, ticker, packMs);
    if (fewer !== plan) {
      iterations++;
      plan = fewer;
    }
    solveTrace.fn?.('fewer', plan.units.length);
    // Pieces still blocked: a share of the end for reordering the Units' slices (stop-slices.ts).
    const slicesAfford = (budget * SLICES_SHARE) / plan.units.length >= MIN_SLICES_MS;
    if (slicesAfford && blockedPieces(fleet, prep, plan) > 0) stopsUntil = end;
    const slicesFrom = end - (stopsUntil > 0 ? budget * SLICES_SHARE : 0);
    const unblocked = fewerBlocked(fleet, prep, plan, slicesFrom, ticker, (a, b) => compare(prep, a, b), firstPlanMs, byStops);
    if (unblocked !== plan) {
      iterations++;
      plan = unblocked;
    }
    solveTrace.fn?.('stops', plan.units.length);
  }

  const placements = buildPlacements(input, prep, plan, ticker, stopsUntil);
  const units = buildUnits(input, plan, placements);
  const unloaded = buildUnloaded(input, prep, plan, (i) => fleet.anyTakes(i));
  const totals = buildTotals(input, units, unloaded);

  ticker.setPhase('advising');
  const advisories = adviseByUnit(input, units, placements, ticker);
  const names = namesOf(input, units);
  const warnings: PlanWarning[] = [
    ...unloaded.map((u): PlanWarning => ({
      kind: 'unloaded',
      message: `${u.quantity} piece(s) of line ${names.line(u.cargoLineId)} not loaded: ${u.reason}`,
      cargoLineId: u.cargoLineId,
    })),
    ...advisories.cogWarnings,
  ];
  return {
    units, placements, totals, warnings, unloaded,
    axleWarnings: advisories.axleWarnings,
    stopWarnings: advisories.stopWarnings,
    securingWarnings: advisories.securingWarnings,
    stats: { elapsedMs: Math.round(ticker.now() - t0), firstPlanMs: Math.round(firstPlanMs), iterations },
  };
}

/** The fleet planned again Unit by Unit with beam searches until `deadline`; the better of the two plans. */
function replanned(fleet: Fleet, prep: Prepared, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan {
  const slice = (deadline - ticker.now()) / Math.max(1, plan.units.length);
  // Several Units: wider phases where each has the time (see phaseItemsFor).
  const phaseItems = plan.units.length > 1 ? phaseItemsFor(slice) : undefined;
  const better = fleet.plan({ beam: true, sliceMs: slice, deadline, phaseItems, evenOver: plan.units.length });
  solveTrace.fn?.('beam plan', better.units.length);
  // At the same Unit count the plan with less in its last Unit: less for fewerUnits to move.
  const order = compare(prep, better, plan) || lastUnitVolume(better) - lastUnitVolume(plan);
  return order < 0 ? better : plan;
}

/** The advisories, one Unit at a time so progress and cancellation keep moving on big plans. */
function adviseByUnit(input: SolveInput, units: UnitResult[], placements: Placement[], ticker: Ticker): Advisories {
  const out: Advisories = { cogWarnings: [], axleWarnings: [], stopWarnings: [], securingWarnings: [] };
  const byUnit = placementsByUnit(placements);
  ticker.processed = 0;
  for (const u of units) {
    ticker.poll();
    const a = advise(input, [u], byUnit.get(u.index) ?? []);
    out.cogWarnings.push(...a.cogWarnings);
    out.axleWarnings.push(...a.axleWarnings);
    out.stopWarnings.push(...a.stopWarnings);
    out.securingWarnings.push(...a.securingWarnings);
    ticker.processed += u.pieces;
  }
  return out;
}

/** Everything loaded into at most one Unit: nothing left to gain. */
function cannotImprove(plan: FleetPlan): boolean {
  return plan.left.every((n) => n === 0) && plan.units.length <= 1;
}

/**
 * The lower bound on the Units when all Unit types are of one size (0 otherwise: a plan at the
 * bound might still use smaller equipment).
 */
function boundOfSameSizes(input: SolveInput): number {
  const sizes = new Set(input.equipment.map((e) => e.innerLengthMm * e.innerWidthMm * e.innerHeightMm));
  if (sizes.size !== 1) return 0;
  // without the dual feasible functions: they cost seconds on large cargo, outside the budget
  return unitBounds(input.lines, input.equipment, input.options.supportRule === 'none', { dff: false }).bound;
}

/** Everything loaded into as few Units as the bound: none fewer exists. */
function atBound(plan: FleetPlan, bound: number): boolean {
  return plan.units.length <= bound && plan.groupsLeft.size === 0 && plan.left.every((n) => n === 0);
}

/** Negative when plan a is better: less volume Unloaded, fewer Units, less equipment volume. */
function compare(prep: Prepared, a: FleetPlan, b: FleetPlan): number {
  const leftVolume = (p: FleetPlan) => p.left.reduce((s, n, i) => s + n * prep.items[i].volume, 0);
  const eqVolume = (p: FleetPlan) => p.units.reduce((s, u) => s + u.view.volume, 0);
  return leftVolume(a) - leftVolume(b) || a.units.length - b.units.length || eqVolume(a) - eqVolume(b);
}
