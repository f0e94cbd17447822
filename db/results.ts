// A run's solved plan: staged by the solve step, stored on the Load Plan by the store step.
import type { Placement, SolveResult } from '../solver/types.ts';
import type { Db, Sql } from './connect.ts';
import { insertRunEvent, type CalculateRun } from './calculates.ts';

export type StoredResult = Omit<SolveResult, 'stats'>;

export async function stageSolution(db: Db, calculateId: string, result: StoredResult): Promise<void> {
  await db`
    insert into calculate_solutions (calculate_id, result) values (${calculateId}, ${db.json(result as any)})
    on conflict (calculate_id) do update set result = excluded.result, created_at = now()`;
}

export async function hasStagedSolution(db: Db, calculateId: string): Promise<boolean> {
  const [row] = await db`select 1 from calculate_solutions where calculate_id = ${calculateId}`;
  return Boolean(row);
}

/** Drops a run's staged result (stored, or not to be stored). */
export async function deleteStagedSolution(db: Db, calculateId: string): Promise<void> {
  await db`delete from calculate_solutions where calculate_id = ${calculateId}`;
}

/**
 * Writes a running run's staged result onto its Load Plan, inside the caller's transaction
 * (which holds the run's and the plan's locks and has checked the revision): placements and
 * the result are replaced, the plan gets a new revision, the run completes with its event.
 */
export async function storeStagedSolution(tx: Db, run: CalculateRun): Promise<{ revision: number; solvedAt: Date }> {
  const calculateId = run.id;
  const [staged] = await tx`select result from calculate_solutions where calculate_id = ${calculateId}`;
  if (!staged) throw new Error(`calculate run ${calculateId} has no staged solution`);
  const result = staged.result as StoredResult;
  await writePlacements(tx, run.loadPlanId, result);
  const [updated] = await tx`
    update load_plans set revision = revision + 1, solved_at = now(), stale = false, updated_at = now()
    where id = ${run.loadPlanId} returning revision, solved_at`;
  await tx`
    insert into load_plan_results (load_plan_id, calculate_id, revision, solved_at, units, totals, warnings, unloaded,
      axle_warnings, stop_warnings, securing_warnings)
    values (${run.loadPlanId}, ${calculateId}, ${updated.revision}, ${updated.solved_at}, ${tx.json(result.units as any)},
      ${tx.json(result.totals as any)}, ${tx.json(result.warnings as any)}, ${tx.json(result.unloaded as any)},
      ${tx.json(result.axleWarnings as any)}, ${tx.json(result.stopWarnings as any)}, ${tx.json(result.securingWarnings as any)})
    on conflict (load_plan_id) do update set calculate_id = excluded.calculate_id, revision = excluded.revision,
      solved_at = excluded.solved_at, units = excluded.units, totals = excluded.totals, warnings = excluded.warnings,
      unloaded = excluded.unloaded, axle_warnings = excluded.axle_warnings, stop_warnings = excluded.stop_warnings,
      securing_warnings = excluded.securing_warnings`;
  const [done] = await tx`
    update calculate_runs set status = 'completed', revision = ${updated.revision}, solved_at = ${updated.solved_at},
      finished_at = now(), phase = null, processed_items = total_items
    where id = ${calculateId} returning finished_at`;
  await insertRunEvent(tx, { ...run, status: 'completed', finishedAt: done.finished_at }, 'calculate.completed', updated.revision);
  await deleteStagedSolution(tx, calculateId);
  return { revision: updated.revision, solvedAt: updated.solved_at };
}

const CHUNK = 2_000; // 17 columns: well under Postgres' 65,535 parameters per statement

/** Replaces a plan's placements with a result's (in chunks: 20,000 rows fit no single statement). */
export async function writePlacements(db: Db, loadPlanId: string, result: Pick<StoredResult, 'units' | 'placements'>): Promise<void> {
  await db`delete from placements where load_plan_id = ${loadPlanId}`;
  const equipmentOf = new Map(result.units.map((u) => [u.index, u.equipmentId]));
  const rows = result.placements.map((p: Placement) => ({
    load_plan_id: loadPlanId,
    unit_index: p.unitIndex,
    equipment_id: equipmentOf.get(p.unitIndex) ?? '',
    cargo_line_id: p.cargoLineId,
    piece_index: p.pieceIndex,
    x_mm: p.xMm,
    y_mm: p.yMm,
    z_mm: p.zMm,
    length_mm: p.lengthMm,
    width_mm: p.widthMm,
    height_mm: p.heightMm,
    rotation: p.rotation,
    loading_step: p.loadingStep,
    stop: p.stop,
    locked: p.locked,
    manual: p.manual,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await db`insert into placements ${db(rows.slice(i, i + CHUNK))}`;
}
