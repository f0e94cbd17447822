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

type NewProject = { organizationId: string; name: string; transportMode: 'sea' | 'road'; stops: Stop[]; cap?: number | null };

/**
 * Inserts a Project. With `cap`, the transaction's commit refuses it when the organization
 * would then hold more than `cap` Projects (checked in the server at commit, under the
 * organization's cap lock: see migration 006); projectsCapAtCommit recognizes the refusal.
 */
export async function createProject(db: Db, input: NewProject): Promise<Project> {
  const { project, written } = sendProjectInsert(db, input);
  await written;
  return project;
}

/**
 * Sends a Project's insert and returns the Project at once, as it will read once committed:
 * its id and times are chosen here, so a response can be built and sent on (e.g. stored with
 * the Idempotency-Key) before the insert's answer. `written` settles with the insert.
 */
export function sendProjectInsert(db: Db, input: NewProject): { project: Project; written: Promise<void> } {
  const at = new Date();
  const project: Project = {
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
  const written = db`
    with cap as (select set_config('loadplan.projects_cap', ${input.cap == null ? '' : String(input.cap)}, true))
    insert into projects (id, organization_id, name, transport_mode, stops, created_at, updated_at)
    select ${project.id}, ${project.organizationId}, ${project.name}, ${project.transportMode}, ${db.json(project.stops as any)}, ${at}, ${at} from cap`
    .then(() => undefined);
  return { project, written };
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
