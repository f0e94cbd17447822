import type { Db } from './connect.ts';
import { newId } from './ids.ts';

export interface Stop {
  stop: number;
  name: string;
}

export interface Project {
  id: string;
  organizationId: string;
  name: string;
  transportMode: 'sea' | 'road';
  stops: Stop[];
  cargoLineCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The SQLSTATE the Project cap's commit-time check raises (migration 006); its detail is the cap. */
const PROJECTS_CAP_REACHED = 'LP409';

/**
 * Inserts a Project. With `cap`, the transaction's commit refuses it when the organization
 * would then hold more than `cap` Projects (checked in the server at commit, under the
 * organization's cap lock: see migration 006); projectsCapAtCommit recognizes the refusal.
 */
export async function createProject(
  db: Db,
  input: { organizationId: string; name: string; transportMode: 'sea' | 'road'; stops: Stop[]; cap?: number | null },
): Promise<Project> {
  const [row] = await db`
    with cap as (select set_config('loadplan.projects_cap', ${input.cap == null ? '' : String(input.cap)}, true))
    insert into projects (id, organization_id, name, transport_mode, stops)
    select ${newId('prj')}, ${input.organizationId}, ${input.name}, ${input.transportMode}, ${db.json(input.stops as any)} from cap
    returning *, 0 as cargo_line_count`;
  return toProject(row);
}

/** The cap when `err` is the commit-time refusal of a Project over the cap, else null. */
export function projectsCapAtCommit(err: unknown): number | null {
  const e = err as { code?: string; detail?: string };
  return e?.code === PROJECTS_CAP_REACHED ? Number(e.detail) : null;
}

/** A Project of the organization, or null (another organization's id reads as unknown). */
export async function getProject(db: Db, organizationId: string, id: string): Promise<Project | null> {
  const [row] = await db`
    select p.*, (select count(*) from cargo_lines c where c.project_id = p.id)::int as cargo_line_count
    from projects p where p.id = ${id} and p.organization_id = ${organizationId}`;
  return row ? toProject(row) : null;
}

/** Locks the Project row for the transaction: imports into one Project run one at a time. */
export async function lockProject(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db`select id from projects where id = ${id} and organization_id = ${organizationId} for update`;
  return rows.length > 0;
}

function toProject(row: any): Project {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    transportMode: row.transport_mode,
    stops: row.stops,
    cargoLineCount: Number(row.cargo_line_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
