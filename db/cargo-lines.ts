import type { Db } from './connect.ts';
import { newId } from './ids.ts';

/** An import line with the defaults already filled (as the contract parsed it). */
export interface CargoLineInput {
  name: string;
  quantity: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  groupKey?: string | null;
  stop?: number | null;
  minSupportPermille?: number | null;
  frictionSurface?: string | null;
  rotation: string;
  stackable: boolean;
  fragile: boolean;
  sourceLibraryItemId?: string | null;
}

export interface CargoLine {
  id: string;
  name: string;
  quantity: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  groupKey: string | null;
  stop: number | null;
  minSupportPermille: number | null;
  frictionSurface: string | null;
  rotation: string;
  stackable: boolean;
  fragile: boolean;
  revision: number;
  sourceLibraryItemId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Appends lines after the Project's last grid position in one statement (one JSON
 * parameter: 5,000 lines would pass Postgres's 65,535 bind-parameter limit as a VALUES
 * list). The caller holds the Project row lock, so positions cannot collide.
 */
export async function appendCargoLines(db: Db, organizationId: string, projectId: string, lines: CargoLineInput[]): Promise<number> {
  const [{ last }] = await db`select coalesce(max(position), 0)::bigint as last from cargo_lines where project_id = ${projectId}`;
  const rows = lines.map((l, i) => ({
    id: newId('cl'),
    position: Number(last) + i + 1,
    name: l.name,
    quantity: l.quantity,
    length_mm: l.lengthMm,
    width_mm: l.widthMm,
    height_mm: l.heightMm,
    weight_g: l.weightG,
    group_key: l.groupKey ?? null,
    stop: l.stop ?? null,
    min_support_permille: l.minSupportPermille ?? null,
    friction_surface: l.frictionSurface ?? null,
    rotation: l.rotation,
    stackable: l.stackable,
    fragile: l.fragile,
    source_library_item_id: l.sourceLibraryItemId ?? null,
  }));
  const result = await db`
    insert into cargo_lines (id, organization_id, project_id, position, name, quantity, length_mm, width_mm, height_mm,
      weight_g, group_key, stop, min_support_permille, friction_surface, rotation, stackable, fragile, source_library_item_id)
    select x.id, ${organizationId}, ${projectId}, x.position, x.name, x.quantity, x.length_mm, x.width_mm, x.height_mm,
      x.weight_g, x.group_key, x.stop, x.min_support_permille, x.friction_surface, x.rotation, x.stackable, x.fragile,
      x.source_library_item_id
    from jsonb_to_recordset(${db.json(rows as any)}::jsonb) as x(id text, position bigint, name text, quantity integer,
      length_mm integer, width_mm integer, height_mm integer, weight_g bigint, group_key text, stop integer,
      min_support_permille integer, friction_surface text, rotation text, stackable boolean, fragile boolean,
      source_library_item_id text)`;
  return result.count;
}

export async function countCargoLines(db: Db, projectId: string): Promise<number> {
  const [row] = await db`select count(*)::int as n from cargo_lines where project_id = ${projectId}`;
  return row.n;
}

/** The grid position of a line of the Project, or null when the id is not one of its lines. */
export async function cargoLinePosition(db: Db, projectId: string, id: string): Promise<number | null> {
  const [row] = await db`select position from cargo_lines where project_id = ${projectId} and id = ${id}`;
  return row ? Number(row.position) : null;
}

/** Up to limit lines after the grid position (0 = from the start), in grid order. */
export async function listCargoLinesAfter(db: Db, projectId: string, afterPosition: number, limit: number): Promise<CargoLine[]> {
  const rows = await db`
    select * from cargo_lines where project_id = ${projectId} and position > ${afterPosition}
    order by position limit ${limit}`;
  return rows.map(toCargoLine);
}

function toCargoLine(r: any): CargoLine {
  return {
    id: r.id,
    name: r.name,
    quantity: r.quantity,
    lengthMm: r.length_mm,
    widthMm: r.width_mm,
    heightMm: r.height_mm,
    weightG: Number(r.weight_g),
    groupKey: r.group_key,
    stop: r.stop,
    minSupportPermille: r.min_support_permille,
    frictionSurface: r.friction_surface,
    rotation: r.rotation,
    stackable: r.stackable,
    fragile: r.fragile,
    revision: r.revision,
    sourceLibraryItemId: r.source_library_item_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
