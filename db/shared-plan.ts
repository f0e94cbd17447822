// A Load Plan's stored result as a Share Link page shows it: the geometry and figures are
// the stored result with its own revision and solve time; names (plan, Project, cargo
// lines, equipment) are read as they are now.
import type { Placement, SolveResult } from '../solver/types.ts';
import type { Db } from './connect.ts';
import { toPlacement } from './load-plans.ts';

export interface SharedEquipment {
  id: string;
  name: string;
  innerLengthMm: number;
  innerWidthMm: number;
  innerHeightMm: number;
  maxPayloadG: number;
}

export interface SharedCargoLine {
  id: string;
  name: string;
  stop: number | null;
  /** One piece's weight. */
  weightG: number;
}

/** A Stop of the Project with its name. */
export interface SharedStop {
  stop: number;
  name: string;
}

export interface SharedPlanView {
  planName: string;
  projectName: string;
  /** RFC 3339. */
  solvedAt: string;
  revision: number;
  /** false hides step pages, step images and the loading-step column (Share Link rule 2). */
  showLoadingSteps: boolean;
  equipment: SharedEquipment[];
  cargoLines: SharedCargoLine[];
  /** The Project's Stops, for their names. */
  stops: SharedStop[];
  result: Omit<SolveResult, 'stats'>;
}

/** Whether the plan has a stored result to share. */
export async function hasStoredResult(db: Db, loadPlanId: string): Promise<boolean> {
  const [row] = await db`select 1 from load_plan_results where load_plan_id = ${loadPlanId}`;
  return Boolean(row);
}

/** The view of a plan's stored result, or null when it has none. */
export async function readSharedPlan(db: Db, loadPlanId: string, showLoadingSteps: boolean): Promise<SharedPlanView | null> {
  const [head] = await db`
    select lp.name as plan_name, p.name as project_name, p.id as project_id, p.stops as project_stops, r.*
    from load_plans lp
    join projects p on p.id = lp.project_id
    join load_plan_results r on r.load_plan_id = lp.id
    where lp.id = ${loadPlanId}`;
  if (!head) return null;
  const placements = (await db`select * from placements where load_plan_id = ${loadPlanId}`).map(toPlacement);
  const [equipment, cargoLines] = await Promise.all([
    readEquipment(db, loadPlanId),
    readCargoLines(db, head.project_id, linesNamed(placements, head.unloaded)),
  ]);
  return {
    planName: head.plan_name,
    projectName: head.project_name,
    solvedAt: (head.solved_at as Date).toISOString(),
    revision: head.revision,
    showLoadingSteps,
    equipment,
    cargoLines,
    stops: head.project_stops ?? [],
    result: {
      units: head.units,
      placements,
      totals: head.totals,
      warnings: head.warnings,
      unloaded: head.unloaded,
      axleWarnings: head.axle_warnings ?? [],
      stopWarnings: head.stop_warnings ?? [],
      securingWarnings: head.securing_warnings ?? [],
    },
  };
}

/** Only the lines the result mentions: a page need not carry a 10,000-line Project. */
function linesNamed(placements: Placement[], unloaded: { cargoLineId: string }[]): string[] {
  return [...new Set([...placements.map((p) => p.cargoLineId), ...unloaded.map((u) => u.cargoLineId)])];
}

async function readCargoLines(db: Db, projectId: string, ids: string[]): Promise<SharedCargoLine[]> {
  if (ids.length === 0) return [];
  const rows = await db`
    select id, name, stop, weight_g from cargo_lines where project_id = ${projectId} and id = any(${ids}) order by position`;
  return rows.map((r) => ({ id: r.id, name: r.name, stop: r.stop, weightG: Number(r.weight_g) }));
}

async function readEquipment(db: Db, loadPlanId: string): Promise<SharedEquipment[]> {
  const rows = await db`select * from equipment_rows where load_plan_id = ${loadPlanId} order by position`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    innerLengthMm: r.inner_length_mm,
    innerWidthMm: r.inner_width_mm,
    innerHeightMm: r.inner_height_mm,
    maxPayloadG: Number(r.max_payload_g),
  }));
}

