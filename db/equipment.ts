import type { SolverEquipment } from '../solver/types.ts';
import type { Db } from './connect.ts';
import { newId } from './ids.ts';

/** The dimensions and payload a row copies from its Equipment Type. */
/** Dimensions, door, openings, payload and axles: what a row copies from its type. */
export type EquipmentDimensions = Omit<SolverEquipment, 'id' | 'equipmentTypeId' | 'name' | 'maxUnits'>;

/** A Load Plan's equipment row: exactly what the solver is offered. */
export type EquipmentRow = SolverEquipment;

export interface EquipmentTypeForRow extends EquipmentDimensions {
  id: string;
  name: string;
}

export async function listEquipmentRows(db: Db, loadPlanId: string): Promise<EquipmentRow[]> {
  const rows = await db`select * from equipment_rows where load_plan_id = ${loadPlanId} order by position, id`;
  return rows.map(toRow);
}

/** New rows go after this position. */
export async function lastEquipmentPosition(db: Db, loadPlanId: string): Promise<number> {
  const [row] = await db`select coalesce(max(position), 0)::int as last from equipment_rows where load_plan_id = ${loadPlanId}`;
  return row.last;
}

/** The types among ids that the organization may use (built in or its own). */
export async function findUsableEquipmentTypes(db: Db, organizationId: string, ids: string[]): Promise<EquipmentTypeForRow[]> {
  if (ids.length === 0) return [];
  const rows = await db`
    select * from equipment_types
    where id = any(${ids}) and (organization_id is null or organization_id = ${organizationId})`;
  return rows.map((r) => ({ id: r.id, name: r.name, ...dimensionsOf(r) }));
}

export async function deleteEquipmentRows(db: Db, loadPlanId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db`delete from equipment_rows where load_plan_id = ${loadPlanId} and id = any(${ids})`;
}

export async function setEquipmentRowMaxUnits(db: Db, rowId: string, maxUnits: number | null): Promise<void> {
  await db`update equipment_rows set max_units = ${maxUnits} where id = ${rowId}`;
}

/** A row that copies the type's dimensions, payload and axle profile. */
export async function insertEquipmentRow(
  db: Db,
  input: { loadPlanId: string; position: number; type: EquipmentTypeForRow; maxUnits: number | null },
): Promise<void> {
  const t = input.type;
  await db`
    insert into equipment_rows (id, load_plan_id, equipment_type_id, position, name, inner_length_mm, inner_width_mm,
      inner_height_mm, door_width_mm, door_height_mm, openings, max_payload_g, tare_g, axle_profile, max_units)
    values (${newId('eq')}, ${input.loadPlanId}, ${t.id}, ${input.position}, ${t.name}, ${t.innerLengthMm}, ${t.innerWidthMm},
      ${t.innerHeightMm}, ${t.doorWidthMm}, ${t.doorHeightMm}, ${t.openings}, ${t.maxPayloadG}, ${t.tareG},
      ${t.axleProfile ? db.json(t.axleProfile as any) : null}, ${input.maxUnits})`;
}

/** A row without a library type (imported, as the app does). */
export async function insertUntypedEquipmentRow(db: Db, loadPlanId: string, position: number, dims: EquipmentDimensions & { name: string }): Promise<string> {
  const id = newId('eq');
  await db`
    insert into equipment_rows (id, load_plan_id, equipment_type_id, position, name, inner_length_mm, inner_width_mm,
      inner_height_mm, door_width_mm, door_height_mm, openings, max_payload_g, tare_g, axle_profile, max_units)
    values (${id}, ${loadPlanId}, null, ${position}, ${dims.name}, ${dims.innerLengthMm}, ${dims.innerWidthMm},
      ${dims.innerHeightMm}, ${dims.doorWidthMm}, ${dims.doorHeightMm}, ${dims.openings}, ${dims.maxPayloadG}, ${dims.tareG},
      ${dims.axleProfile ? db.json(dims.axleProfile as any) : null}, null)`;
  return id;
}

export function dimensionsOf(r: any): EquipmentDimensions {
  return {
    innerLengthMm: r.inner_length_mm,
    innerWidthMm: r.inner_width_mm,
    innerHeightMm: r.inner_height_mm,
    doorWidthMm: r.door_width_mm,
    doorHeightMm: r.door_height_mm,
    openings: r.openings,
    maxPayloadG: Number(r.max_payload_g),
    tareG: Number(r.tare_g),
    axleProfile: r.axle_profile ?? null,
  };
}

function toRow(r: any): EquipmentRow {
  return { id: r.id, equipmentTypeId: r.equipment_type_id, name: r.name, ...dimensionsOf(r), maxUnits: r.max_units };
}
