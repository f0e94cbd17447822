// Reads a Load Plan into the solver's input: its equipment rows, the cargo lines of its
// Project with its Stop names, the placements a Calculate must keep, and the plan's
// securing settings.
import { orientationsFor } from '../solver/orientation.ts';
import type {
  FixedPlacement, Orientation, RotationRule, SecuringSettings, SolveInput, SolveOptions, SolverCargoLine, SolverEquipment,
} from '../solver/types.ts';
import type { Db } from './connect.ts';
import { listEquipmentRows } from './equipment.ts';

export interface PlanHeader {
  id: string;
  organizationId: string;
  projectId: string;
  revision: number;
}

export interface PlanSolveInput {
  plan: PlanHeader;
  input: SolveInput;
  /** Unlocked manual placements on the plan (a Calculate replaces them only when asked). */
  unlockedManualCount: number;
}

export async function readPlanHeader(db: Db, loadPlanId: string, organizationId?: string): Promise<PlanHeader | null> {
  const [row] = await db`
    select id, organization_id, project_id, revision from load_plans
    where id = ${loadPlanId} ${organizationId ? db`and organization_id = ${organizationId}` : db``}`;
  return row ? { id: row.id, organizationId: row.organization_id, projectId: row.project_id, revision: row.revision } : null;
}

export async function readSolveInput(
  db: Db,
  loadPlanId: string,
  options: SolveOptions,
  replaceUnlockedManual = false,
): Promise<PlanSolveInput | null> {
  const [plan] = await db`
    select lp.id, lp.organization_id, lp.project_id, lp.revision, lp.securing, p.stops
    from load_plans lp join projects p on p.id = lp.project_id
    where lp.id = ${loadPlanId}`;
  if (!plan) return null;
  const [equipment, lines, kept] = [
    await listEquipmentRows(db, loadPlanId),
    await readCargoLines(db, plan.project_id),
    await readKeptPlacements(db, loadPlanId),
  ];
  const fixed = kept.filter((p) => p.locked || !replaceUnlockedManual);
  return {
    plan: { id: plan.id, organizationId: plan.organization_id, projectId: plan.project_id, revision: plan.revision },
    input: { equipment, lines, fixed, securing: securingOf(plan.securing), options, stops: plan.stops ?? [] },
    unlockedManualCount: kept.filter((p) => !p.locked).length,
  };
}

async function readCargoLines(db: Db, projectId: string): Promise<SolverCargoLine[]> {
  const rows = await db`select * from cargo_lines where project_id = ${projectId} order by position`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    quantity: r.quantity,
    lengthMm: r.length_mm,
    widthMm: r.width_mm,
    heightMm: r.height_mm,
    weightG: Number(r.weight_g),
    orientations: orientationsFor(r.rotation as RotationRule),
    stackable: r.stackable,
    fragile: r.fragile,
    groupKey: r.group_key,
    stop: r.stop,
    minSupportPermille: r.min_support_permille ?? 1000,
    frictionSurface: r.friction_surface,
  }));
}

/** Locked and manual placements: the ones a Calculate keeps. */
async function readKeptPlacements(db: Db, loadPlanId: string): Promise<FixedPlacement[]> {
  const rows = await db`
    select * from placements where load_plan_id = ${loadPlanId} and (locked or manual)
    order by unit_index, loading_step`;
  return rows.map((r) => ({
    unitIndex: r.unit_index,
    equipmentId: r.equipment_id,
    cargoLineId: r.cargo_line_id,
    pieceIndex: r.piece_index,
    xMm: r.x_mm,
    yMm: r.y_mm,
    zMm: r.z_mm,
    rotation: r.rotation as Orientation,
    locked: r.locked,
    manual: r.manual,
  }));
}

function securingOf(value: { legs: SecuringSettings['legs']; frictionPermille?: number } | null): SecuringSettings | null {
  if (!value || !Array.isArray(value.legs) || value.legs.length === 0) return null;
  return { legs: value.legs, frictionPermille: value.frictionPermille ?? null };
}
