// Calculate runs: enqueue, progress, terminal states, and the one event each run ends with.
import type { Db } from './connect.ts';
import { newId } from './ids.ts';

export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled' | 'timed_out';
export const ACTIVE: RunStatus[] = ['queued', 'running'];

export interface CalculateRun {
  id: string;
  organizationId: string;
  loadPlanId: string;
  source: 'api' | 'app';
  status: RunStatus;
  expectedRevision: number;
  replaceUnlockedManual: boolean;
  phase: string | null;
  processedItems: number;
  totalItems: number;
  cancelRequested: boolean;
  failureCode: string | null;
  revision: number | null;
  solvedAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

function toRun(r: any): CalculateRun {
  return {
    id: r.id,
    organizationId: r.organization_id,
    loadPlanId: r.load_plan_id,
    source: r.source,
    status: r.status,
    expectedRevision: r.expected_revision,
    replaceUnlockedManual: r.replace_unlocked_manual,
    phase: r.phase,
    processedItems: r.processed_items,
    totalItems: r.total_items,
    cancelRequested: r.cancel_requested,
    failureCode: r.failure_code,
    revision: r.revision,
    solvedAt: r.solved_at,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export interface NewRun {
  organizationId: string;
  loadPlanId: string;
  source: 'api' | 'app';
  apiKeyId: string | null;
  expectedRevision: number;
  replaceUnlockedManual: boolean;
}

/** Inserts a queued run; null when the plan already has one queued or running (unique index). */
export async function insertRun(db: Db, run: NewRun): Promise<CalculateRun | null> {
  const [row] = await db`
    insert into calculate_runs (id, organization_id, load_plan_id, source, api_key_id, status, expected_revision, replace_unlocked_manual, phase)
    values (${newId('calc')}, ${run.organizationId}, ${run.loadPlanId}, ${run.source}, ${run.apiKeyId}, 'queued',
            ${run.expectedRevision}, ${run.replaceUnlockedManual}, 'queued')
    on conflict (load_plan_id) where status in ('queued', 'running') do nothing
    returning *`;
  return row ? toRun(row) : null;
}

export async function getRun(db: Db, id: string, organizationId?: string): Promise<CalculateRun | null> {
  const [row] = await db`
    select * from calculate_runs where id = ${id} ${organizationId ? db`and organization_id = ${organizationId}` : db``}`;
  return row ? toRun(row) : null;
}

export async function lockRun(db: Db, id: string): Promise<CalculateRun | null> {
  const [row] = await db`select * from calculate_runs where id = ${id} for update`;
  return row ? toRun(row) : null;
}

export async function activeRunOnPlan(db: Db, loadPlanId: string): Promise<boolean> {
  const [row] = await db`select 1 from calculate_runs where load_plan_id = ${loadPlanId} and status in ('queued', 'running') limit 1`;
  return Boolean(row);
}

export async function activeRunsInOrganization(db: Db, organizationId: string): Promise<number> {
  const [row] = await db`select count(*)::int as n from calculate_runs where organization_id = ${organizationId} and status in ('queued', 'running')`;
  return row.n;
}

/** Runs counted against the plan cap on calculates: those started this calendar month (UTC). */
export async function runsThisMonth(db: Db, organizationId: string, now = new Date()): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await db`select count(*)::int as n from calculate_runs where organization_id = ${organizationId} and created_at >= ${monthStart}`;
  return row.n;
}

/** queued -> running; false when the run is no longer queued. */
export async function markRunRunning(db: Db, id: string): Promise<boolean> {
  const rows = await db`
    update calculate_runs set status = 'running', started_at = now(), phase = 'preparing'
    where id = ${id} and status = 'queued' returning id`;
  return rows.length === 1;
}

export async function requestCancel(db: Db, id: string): Promise<void> {
  await db`update calculate_runs set cancel_requested = true where id = ${id} and status in ('queued', 'running')`;
}

export async function updateProgress(db: Db, id: string, phase: string, processedItems: number, totalItems: number): Promise<void> {
  await db`
    update calculate_runs set phase = ${phase}, processed_items = ${processedItems}, total_items = ${totalItems}
    where id = ${id} and status = 'running'`;
}

export type EndState =
  | { status: 'failed'; failureCode: string; failureMessage?: string }
  | { status: 'timed_out' }
  | { status: 'cancelled' };

/**
 * Ends a queued or running run (not completed: see db/results.ts) and records its one
 * event, in the caller's transaction. False when the run had already ended.
 */
export async function endRun(db: Db, id: string, end: EndState): Promise<boolean> {
  const failureCode = end.status === 'failed' ? end.failureCode : end.status === 'timed_out' ? 'timed_out' : null;
  const failureMessage = end.status === 'failed' ? end.failureMessage ?? null : null;
  const [row] = await db`
    update calculate_runs set status = ${end.status}, failure_code = ${failureCode}, failure_message = ${failureMessage},
      phase = null, finished_at = now()
    where id = ${id} and status in ('queued', 'running')
    returning *`;
  if (!row) return false;
  const run = toRun(row);
  await insertRunEvent(db, run, end.status === 'cancelled' ? 'calculate.cancelled' : 'calculate.failed', run.expectedRevision);
  return true;
}

export type CalculateEventType = 'calculate.completed' | 'calculate.failed' | 'calculate.cancelled';

/** The run's one event (unique calculate_id: a second insert does nothing). */
export async function insertRunEvent(db: Db, run: CalculateRun, type: CalculateEventType, revision: number): Promise<void> {
  const [plan] = await db`select project_id from load_plans where id = ${run.loadPlanId}`;
  const id = newId('evt');
  const createdAt = run.finishedAt ?? new Date();
  const payload = {
    id,
    type,
    createdAt: createdAt.toISOString(),
    data: {
      calculateId: run.id,
      loadPlanId: run.loadPlanId,
      projectId: plan?.project_id ?? null,
      revision,
      source: run.source,
      failureCode: type === 'calculate.failed' ? run.failureCode : null,
    },
  };
  await db`
    insert into webhook_events (id, organization_id, type, calculate_id, payload, created_at)
    values (${id}, ${run.organizationId}, ${type}, ${run.id}, ${db.json(payload as any)}, ${createdAt})
    on conflict (calculate_id) do nothing`;
}
