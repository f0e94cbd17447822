import type { Db } from './connect.ts';
import { newId } from './ids.ts';
import { dimensionsOf, type EquipmentDimensions } from './equipment.ts';

export interface EquipmentType extends EquipmentDimensions {
  id: string;
  name: string;
  mode: 'sea' | 'road';
  category: string;
  builtIn: boolean;
}

export interface CargoLibraryItem {
  id: string;
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  groupKey: string | null;
  minSupportPermille: number | null;
  frictionSurface: string | null;
  rotation: string;
  stackable: boolean;
  fragile: boolean;
  builtIn: boolean;
  createdAt: Date;
}

export interface EquipmentFilter {
  query?: string;
  mode?: 'sea' | 'road';
  ids?: string[];
}

/** `%` and `_` in a search are literal characters, not patterns. */
function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function equipmentWhere(db: Db, organizationId: string, filter: EquipmentFilter) {
  return db`
    (organization_id is null or organization_id = ${organizationId})
    ${filter.query ? db`and name ilike ${containsPattern(filter.query)}` : db``}
    ${filter.mode ? db`and mode = ${filter.mode}` : db``}
    ${filter.ids ? db`and id = any(${filter.ids})` : db``}`;
}

/** Whether id is an item of the filtered list (a cursor must be one). */
export async function equipmentTypeInList(db: Db, organizationId: string, filter: EquipmentFilter, id: string): Promise<boolean> {
  const rows = await db`select 1 from equipment_types where ${equipmentWhere(db, organizationId, filter)} and id = ${id}`;
  return rows.length > 0;
}

/** Built-in types and the organization's own, by id. */
export async function listEquipmentTypes(
  db: Db,
  organizationId: string,
  filter: EquipmentFilter,
  after: string | null,
  limit: number,
): Promise<EquipmentType[]> {
  const rows = await db`
    select * from equipment_types where ${equipmentWhere(db, organizationId, filter)}
    ${after ? db`and id > ${after}` : db``}
    order by id limit ${limit}`;
  return rows.map(toEquipmentType);
}

function cargoWhere(db: Db, organizationId: string, query: string | undefined) {
  return db`organization_id = ${organizationId} ${query ? db`and name ilike ${containsPattern(query)}` : db``}`;
}

export async function cargoLibraryItemInList(db: Db, organizationId: string, query: string | undefined, id: string): Promise<boolean> {
  const rows = await db`select 1 from cargo_library_items where ${cargoWhere(db, organizationId, query)} and id = ${id}`;
  return rows.length > 0;
}

export async function listCargoLibrary(
  db: Db,
  organizationId: string,
  query: string | undefined,
  after: string | null,
  limit: number,
): Promise<CargoLibraryItem[]> {
  const rows = await db`
    select * from cargo_library_items where ${cargoWhere(db, organizationId, query)}
    ${after ? db`and id > ${after}` : db``}
    order by id limit ${limit}`;
  return rows.map(toCargoLibraryItem);
}

/** An organization's own Equipment Type (made in the app; the API only reads them). */
export async function createEquipmentType(
  db: Db,
  organizationId: string,
  input: EquipmentDimensions & { name: string; mode: 'sea' | 'road'; category: string },
): Promise<string> {
  const id = newId('eqt');
  await db`
    insert into equipment_types (id, organization_id, name, mode, category, inner_length_mm, inner_width_mm, inner_height_mm,
      door_width_mm, door_height_mm, openings, max_payload_g, tare_g, axle_profile)
    values (${id}, ${organizationId}, ${input.name}, ${input.mode}, ${input.category}, ${input.innerLengthMm}, ${input.innerWidthMm},
      ${input.innerHeightMm}, ${input.doorWidthMm}, ${input.doorHeightMm}, ${input.openings}, ${input.maxPayloadG}, ${input.tareG},
      ${input.axleProfile ? db.json(input.axleProfile as any) : null})`;
  return id;
}

/** An organization's Cargo Library item (made in the app; the API only reads them). */
export async function createCargoLibraryItem(
  db: Db,
  organizationId: string,
  input: Omit<CargoLibraryItem, 'id' | 'builtIn' | 'createdAt'>,
): Promise<string> {
  const id = newId('lib');
  await db`
    insert into cargo_library_items (id, organization_id, name, length_mm, width_mm, height_mm, weight_g, group_key,
      min_support_permille, friction_surface, rotation, stackable, fragile)
    values (${id}, ${organizationId}, ${input.name}, ${input.lengthMm}, ${input.widthMm}, ${input.heightMm}, ${input.weightG},
      ${input.groupKey}, ${input.minSupportPermille}, ${input.frictionSurface}, ${input.rotation}, ${input.stackable}, ${input.fragile})`;
  return id;
}

function toEquipmentType(r: any): EquipmentType {
  return { id: r.id, name: r.name, mode: r.mode, category: r.category, ...dimensionsOf(r), builtIn: r.organization_id === null };
}

function toCargoLibraryItem(r: any): CargoLibraryItem {
  return {
    id: r.id,
    name: r.name,
    lengthMm: r.length_mm,
    widthMm: r.width_mm,
    heightMm: r.height_mm,
    weightG: Number(r.weight_g),
    groupKey: r.group_key,
    minSupportPermille: r.min_support_permille,
    frictionSurface: r.friction_surface,
    rotation: r.rotation,
    stackable: r.stackable,
    fragile: r.fragile,
    builtIn: r.organization_id === null,
    createdAt: r.created_at,
  };
}
