// The app's side of a Calculate and of a stored plan: start and cancel runs (source `app`),
// lock and unlock placements (a group as a whole), move a placement by hand, set securing.
import type { Client } from '@temporalio/client';
import type { Sql } from '../../db/connect.ts';
import { planLimits, type Env } from '../../config/env.ts';
import { getRun } from '../../db/calculates.ts';
import { getOrganization } from '../../db/organizations.ts';
import { readPlanHeader } from '../../db/solver-input.ts';
import { PlanEditError, movePlacement, setLocked, setSecuring } from '../../db/plan-edits.ts';
import { ALL_ORIENTATIONS, type Orientation, type SecuringLeg } from '../../solver/types.ts';
import { cancelRun, enqueueCalculate, runView, startRun } from '../../services/calculates/index.ts';
import { Refusal } from '../../services/refusal.ts';
import { withTemporal } from '../../temporal/connection.ts';
import { UsageError, oneOf, print, required } from './output.ts';

type Flags = Record<string, string | boolean | undefined>;
const LEGS: SecuringLeg[] = ['road', 'rail', 'sea-a', 'sea-b', 'sea-c'];

function integer(flags: Flags, name: string, fallback?: number): number {
  const raw = flags[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(required(flags, name));
  if (!Number.isInteger(value)) throw new UsageError(`--${name} must be a whole number`);
  return value;
}

/** A use case's refusal is the CLI's usage error (exit 2, its message printed). */
async function asUsageError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Refusal) throw new UsageError(err.message);
    throw err;
  }
}

function withClient<T>(address: string, namespace: string, work: (client: Client) => Promise<T>): Promise<T> {
  return withTemporal({ address, namespace, connectTimeoutMs: 5000 }, work);
}

export async function calculateCommand(sql: Sql, env: Env, address: string, action: string | undefined, flags: Flags, json: boolean): Promise<void> {
  if (action === 'start') {
    const loadPlanId = required(flags, 'plan');
    const replace = flags['replace-unlocked-manual'] === 'true';
    const plan = await readPlanHeader(sql, loadPlanId);
    if (!plan) throw new UsageError(`no Load Plan ${loadPlanId}`);
    const organization = (await getOrganization(sql, plan.organizationId))!;
    // the same use case and checks as the API's POST calculate, as the app (no API key)
    const run = await asUsageError(() =>
      enqueueCalculate(sql, { planLimits: planLimits(env), env }, {
        organizationId: plan.organizationId,
        organizationPlan: organization.plan,
        loadPlanId,
        source: 'app',
        apiKeyId: null,
        expectedRevision: integer(flags, 'expected-revision', plan.revision),
        replaceUnlockedManual: replace,
      }),
    );
    await withClient(address, env.TEMPORAL_NAMESPACE, (client) =>
      startRun(client, sql, env.TEMPORAL_TASK_QUEUE, env.CALCULATE_MAX_DURATION_SECONDS, run),
    );
    return print(json, runView(run), `queued ${run.id} (source app) on ${loadPlanId}`);
  }
  if (action === 'cancel') {
    const id = required(flags, 'run');
    if (!(await getRun(sql, id))) throw new UsageError(`no Calculate ${id}`);
    const run = await withClient(address, env.TEMPORAL_NAMESPACE, (client) => cancelRun(sql, client, id));
    return print(json, runView(run), `${run.id}: ${run.status}`);
  }
  if (action === 'show') {
    const run = await getRun(sql, required(flags, 'run'));
    if (!run) throw new UsageError(`no Calculate ${flags.run}`);
    return print(json, runView(run), `${run.id}: ${run.status} ${run.phase ?? ''} ${run.processedItems}/${run.totalItems}${run.failureCode ? ` (${run.failureCode})` : ''}`);
  }
  throw new UsageError('calculate: start | cancel | show');
}

export async function placementCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean): Promise<void> {
  const loadPlanId = required(flags, 'plan');
  const lineId = required(flags, 'line');
  const piece = integer(flags, 'piece');
  try {
    if (action === 'lock' || action === 'unlock') {
      const done = await setLocked(sql, loadPlanId, lineId, piece, action === 'lock');
      return print(json, done, `${action}ed ${done.pieces} placement(s); revision ${done.revision}`);
    }
    if (action === 'move') {
      const rotation = flags.rotation === undefined ? undefined : (oneOf(String(flags.rotation), ALL_ORIENTATIONS, 'rotation') as Orientation);
      const done = await movePlacement(sql, {
        loadPlanId,
        cargoLineId: lineId,
        pieceIndex: piece,
        xMm: integer(flags, 'x'),
        yMm: integer(flags, 'y'),
        zMm: integer(flags, 'z'),
        unitIndex: flags.unit === undefined ? undefined : integer(flags, 'unit'),
        rotation,
      });
      return print(json, done, `moved ${lineId}#${piece} by hand; revision ${done.revision}`);
    }
  } catch (err) {
    if (err instanceof PlanEditError) throw new UsageError(err.message);
    throw err;
  }
  throw new UsageError('placement: lock | unlock | move');
}

export async function securingCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean): Promise<void> {
  const loadPlanId = required(flags, 'plan');
  let securing: { legs: SecuringLeg[]; frictionPermille?: number } | null;
  if (action === 'set') {
    const legs = required(flags, 'legs').split(',').map((leg) => oneOf(leg.trim(), LEGS, 'legs'));
    const friction = flags.friction === undefined ? undefined : integer(flags, 'friction');
    if (friction !== undefined && (friction < 1 || friction > 1500)) throw new UsageError('--friction must be 1 to 1500 (permille)');
    securing = { legs: [...new Set(legs)], ...(friction === undefined ? {} : { frictionPermille: friction }) };
  } else if (action === 'clear') {
    securing = null;
  } else {
    throw new UsageError('securing: set | clear');
  }
  try {
    const done = await setSecuring(sql, loadPlanId, securing);
    return print(json, { ...done, securing }, `securing ${securing ? securing.legs.join(', ') : 'off'}; revision ${done.revision}`);
  } catch (err) {
    if (err instanceof PlanEditError) throw new UsageError(err.message);
    throw err;
  }
}
