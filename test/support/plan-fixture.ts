// Projects, Load Plans, equipment rows, cargo lines and placements made straight in SQL,
// so Calculate tests do not depend on the data routes.
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';

export interface LineSpec {
  name?: string;
  quantity?: number;
  lengthMm?: number;
  widthMm?: number;
  heightMm?: number;
  weightG?: number;
  groupKey?: string | null;
  rotation?: 'free' | 'upright' | 'fixed';
}

export interface EquipmentSpec {
  name?: string;
  innerLengthMm?: number;
  innerWidthMm?: number;
  innerHeightMm?: number;
  maxPayloadG?: number;
  maxUnits?: number | null;
}

export interface TestPlan {
  projectId: string;
  loadPlanId: string;
  lineIds: string[];
  equipmentIds: string[];
}

/** A 20' container: 5898 x 2352 x 2393 mm, 28.2 t payload. */
export const TWENTY_FOOT: EquipmentSpec = { name: "20' container", innerLengthMm: 5898, innerWidthMm: 2352, innerHeightMm: 2393, maxPayloadG: 28_200_000 };
export const PALLET: LineSpec = { name: 'pallet', quantity: 10, lengthMm: 1200, widthMm: 800, heightMm: 1000, weightG: 200_000, rotation: 'upright' };

export async function createPlan(
  db: Db,
  organizationId: string,
  options: { lines?: LineSpec[]; equipment?: EquipmentSpec[] } = {},
): Promise<TestPlan> {
  const projectId = newId('prj');
  const loadPlanId = newId('lp');
  await db`insert into projects (id, organization_id, name, transport_mode) values (${projectId}, ${organizationId}, 'test project', 'sea')`;
  await db`insert into load_plans (id, organization_id, project_id, name) values (${loadPlanId}, ${organizationId}, ${projectId}, 'test plan')`;
  const equipmentIds: string[] = [];
  for (const [i, e] of (options.equipment ?? [TWENTY_FOOT]).entries()) equipmentIds.push(await addEquipment(db, loadPlanId, e, i));
  const lineIds = await addLines(db, organizationId, projectId, options.lines ?? [PALLET]);
  return { projectId, loadPlanId, lineIds, equipmentIds };
}

export async function addEquipment(db: Db, loadPlanId: string, spec: EquipmentSpec, position = 0): Promise<string> {
  const e = { ...TWENTY_FOOT, ...spec };
  const id = newId('eq');
  await db`
    insert into equipment_rows (id, load_plan_id, position, name, inner_length_mm, inner_width_mm, inner_height_mm,
      door_width_mm, door_height_mm, openings, max_payload_g, tare_g, max_units)
    values (${id}, ${loadPlanId}, ${position}, ${e.name!}, ${e.innerLengthMm!}, ${e.innerWidthMm!}, ${e.innerHeightMm!},
      ${e.innerWidthMm!}, ${e.innerHeightMm!}, ${['rear']}, ${e.maxPayloadG!}, 2000000, ${e.maxUnits ?? null})`;
  return id;
}

/** Lines in bulk (one statement per 1,000). */
export async function addLines(db: Db, organizationId: string, projectId: string, specs: LineSpec[]): Promise<string[]> {
  const [{ start }] = await db`select coalesce(max(position), 0) + 1 as start from cargo_lines where project_id = ${projectId}`;
  const rows = specs.map((spec, i) => {
    const l = { ...PALLET, ...spec };
    return {
      id: newId('cl'), organization_id: organizationId, project_id: projectId, position: Number(start) + i,
      name: l.name!, quantity: l.quantity!, length_mm: l.lengthMm!, width_mm: l.widthMm!, height_mm: l.heightMm!,
      weight_g: l.weightG!, group_key: l.groupKey ?? null, rotation: l.rotation!, stackable: true, fragile: false,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db`insert into cargo_lines ${db(rows.slice(i, i + 1000))}`;
  return rows.map((r) => r.id);
}

export interface PlacementSpec {
  cargoLineId: string;
  pieceIndex: number;
  unitIndex?: number;
  equipmentId: string;
  xMm: number;
  yMm: number;
  zMm: number;
  lengthMm?: number;
  widthMm?: number;
  heightMm?: number;
  locked?: boolean;
  manual?: boolean;
}

/** A placement as the app would store it (as given: rotation LWH). */
export async function addPlacement(db: Db, loadPlanId: string, p: PlacementSpec): Promise<void> {
  await db`
    insert into placements (load_plan_id, unit_index, equipment_id, cargo_line_id, piece_index, x_mm, y_mm, z_mm,
      length_mm, width_mm, height_mm, rotation, loading_step, locked, manual)
    values (${loadPlanId}, ${p.unitIndex ?? 0}, ${p.equipmentId}, ${p.cargoLineId}, ${p.pieceIndex}, ${p.xMm}, ${p.yMm}, ${p.zMm},
      ${p.lengthMm ?? 1200}, ${p.widthMm ?? 800}, ${p.heightMm ?? 1000}, 'LWH', 1, ${p.locked ?? false}, ${p.manual ?? false})`;
}

export async function planRevision(db: Db, loadPlanId: string): Promise<number> {
  const [row] = await db`select revision from load_plans where id = ${loadPlanId}`;
  return row.revision;
}
