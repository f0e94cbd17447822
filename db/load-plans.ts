import type { Placement as SolverPlacement } from '../solver/types.ts';
import type { Db } from './connect.ts';
import { newId } from './ids.ts';
import { listEquipmentRows, type EquipmentRow } from './equipment.ts';

export interface LoadPlanHeader {
  id: string;
  projectId: string;
  name: string;
  revision: number;
  stale: boolean;
  solvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredResult {
  units: unknown[];
  placements: Placement[];
  totals: unknown;
  warnings: unknown[];
  unloaded: unknown[];
  securingWarnings: unknown[];
  axleWarnings: unknown[];
  stopWarnings: unknown[];
}

/** A stored placement: the solver's, plus the equipment row of its Unit. */
export interface Placement extends SolverPlacement {
  equipmentId: string;
}

export interface LoadPlan extends LoadPlanHeader {
  equipment: EquipmentRow[];
  securing: unknown | null;
  result: StoredResult | null;
}

export async function createLoadPlan(db: Db, input: { organizationId: string; projectId: string; name: string }): Promise<LoadPlanHeader> {
  const [row] = await db`
    insert into load_plans (id, organization_id, project_id, name)
    values (${newId('lp')}, ${input.organizationId}, ${input.projectId}, ${input.name})
    returning *`;
  return toHeader(row);
}

/** Headers of a Project's plans, oldest first. */
export async function listLoadPlanHeaders(db: Db, projectId: string): Promise<LoadPlanHeader[]> {
  const rows = await db`select * from load_plans where project_id = ${projectId} order by created_at, id`;
  return rows.map(toHeader);
}

export async function getLoadPlanHeader(db: Db, organizationId: string, id: string): Promise<LoadPlanHeader | null> {
  const [row] = await db`select * from load_plans where id = ${id} and organization_id = ${organizationId}`;
  return row ? toHeader(row) : null;
}

/** Locks the plan row until the transaction ends, so concurrent changes serialize. */
export async function lockLoadPlan(db: Db, organizationId: string, id: string): Promise<LoadPlanHeader | null> {
  const [row] = await db`select * from load_plans where id = ${id} and organization_id = ${organizationId} for update`;
  return row ? toHeader(row) : null;
}

/**
 * A change to the plan: a new revision. A change to cargo, equipment or securing also makes
 * a stored result stale; a change to the placements themselves (locks, manual moves) does not.
 */
export async function bumpRevision(db: Db, loadPlanId: string, options: { staleResult: boolean } = { staleResult: true }): Promise<number | null> {
  const [row] = await db`
    update load_plans set revision = revision + 1, updated_at = now(),
      stale = stale or (${options.staleResult} and exists (select 1 from load_plan_results r where r.load_plan_id = load_plans.id))
    where id = ${loadPlanId} returning revision`;
  return row?.revision ?? null;
}

/** Importing cargo changes every Load Plan of the Project. */
export async function bumpProjectPlans(db: Db, projectId: string): Promise<void> {
  await db`
    update load_plans set revision = revision + 1, updated_at = now(),
      stale = stale or exists (select 1 from load_plan_results r where r.load_plan_id = load_plans.id)
    where project_id = ${projectId}`;
}

export async function getLoadPlan(db: Db, organizationId: string, id: string): Promise<LoadPlan | null> {
  const [row] = await db`select * from load_plans where id = ${id} and organization_id = ${organizationId}`;
  if (!row) return null;
  const [equipment, result] = await Promise.all([listEquipmentRows(db, id), getStoredResult(db, id)]);
  return { ...toHeader(row), equipment, securing: row.securing ?? null, result };
}

async function getStoredResult(db: Db, loadPlanId: string): Promise<StoredResult | null> {
  const [row] = await db`select * from load_plan_results where load_plan_id = ${loadPlanId}`;
  if (!row) return null;
  const placements = await db`
    select * from placements where load_plan_id = ${loadPlanId}
    order by unit_index, loading_step, cargo_line_id, piece_index`;
  return {
    units: row.units,
    placements: placements.map(toPlacement),
    totals: row.totals,
    warnings: row.warnings,
    unloaded: row.unloaded,
    securingWarnings: row.securing_warnings ?? [],
    axleWarnings: row.axle_warnings ?? [],
    stopWarnings: row.stop_warnings ?? [],
  };
}

/** A placements row as the API and the share page read it. */
export function toPlacement(r: any): Placement {
  return {
    unitIndex: r.unit_index,
    equipmentId: r.equipment_id,
    cargoLineId: r.cargo_line_id,
    pieceIndex: r.piece_index,
    xMm: r.x_mm,
    yMm: r.y_mm,
    zMm: r.z_mm,
    lengthMm: r.length_mm,
    widthMm: r.width_mm,
    heightMm: r.height_mm,
    rotation: r.rotation,
    loadingStep: r.loading_step,
    stop: r.stop,
    locked: r.locked,
    manual: r.manual,
  };
}

function toHeader(row: any): LoadPlanHeader {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    revision: row.revision,
    stale: row.stale,
    solvedAt: row.solved_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
