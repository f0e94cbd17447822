import type { Db } from './connect.ts';
import type { ClaimWrite } from './idempotency.ts';
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

type NewProject = { organizationId: string; name: string; transportMode: 'sea' | 'road'; stops: Stop[]; cap?: number | null };

/**
 * Inserts a Project. With `cap`, the transaction's commit refuses it when the organization
 * would then hold more than `cap` Projects (checked in the server at commit, under the
 * organization's cap lock: see migration 006); projectsCapAtCommit recognizes the refusal.
 */
export async function createProject(db: Db, input: NewProject): Promise<Project> {
  const project = newProject(input);
  await db`
    with cap as (select set_config('loadplan.projects_cap', ${capSetting(input)}, true))
    insert into projects (id, organization_id, name, transport_mode, stops, created_at, updated_at)
    select ${project.id}, ${project.organizationId}, ${project.name}, ${project.transportMode}, ${db.json(project.stops as any)}, ${project.createdAt}, ${project.updatedAt}
    from cap`;
  return project;
}

/** The plan cap as the commit-time check reads it (migration 006): empty for none. */
function capSetting(input: NewProject): string {
  return input.cap == null ? '' : String(input.cap);
}

/** A new Project as it will read once inserted: its id and times are chosen here. */
function newProject(input: NewProject): Project {
  const at = new Date();
  return {
    id: newId('prj'),
    organizationId: input.organizationId,
    name: input.name,
    transportMode: input.transportMode,
    // the key order jsonb reads back, so a read of the Project gives the same text
    stops: input.stops.map((s) => ({ name: s.name, stop: s.stop })),
    cargoLineCount: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A Project's insert for the Idempotency-Key's statement (see ClaimWrite): the Project as it
 * will read once committed (id and times chosen here) and its insert, made only when the
 * claim got the key. The cap is noted for the check at the commit (migration 006).
 */
export function projectInsertOnClaim(db: Db, input: NewProject): { project: Project; insert: ClaimWrite } {
  const project = newProject(input);
  const insert = db`
    insert into projects (id, organization_id, name, transport_mode, stops, created_at, updated_at)
    select ${project.id}, ${project.organizationId}, ${project.name}, ${project.transportMode}, ${db.json(project.stops as any)}, ${project.createdAt}, ${project.updatedAt}
    from claimed, (select set_config('loadplan.projects_cap', ${capSetting(input)}, true)) as cap`;
  return { project, insert };
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
