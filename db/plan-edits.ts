// What a planner changes in the app on a stored plan: locks, manual moves, securing. Each
// change is one transaction and raises the plan's revision, so a Calculate started from an
// older read ends `revision_conflict`.
import type { Db, Sql } from './connect.ts';
import { bumpRevision } from './load-plans.ts';
import type { Orientation, SecuringLeg } from '../solver/types.ts';
import { placedDims } from '../solver/orientation.ts';

export class PlanEditError extends Error {}

async function nextRevision(tx: Db, loadPlanId: string, staleResult: boolean): Promise<number> {
  const revision = await bumpRevision(tx, loadPlanId, { staleResult });
  if (revision === null) throw new PlanEditError(`no Load Plan ${loadPlanId}`);
  return revision;
}

/**
 * Locks or unlocks a placed piece. A piece of a keep-together group locks and unlocks with
 * its whole group, as the app does (the contract forbids a group locked in part).
 */
export async function setLocked(sql: Sql, loadPlanId: string, cargoLineId: string, pieceIndex: number, locked: boolean): Promise<{ revision: number; pieces: number }> {
  return sql.begin(async (tx) => {
    const [piece] = await tx`
      select c.group_key, c.project_id from placements p join cargo_lines c on c.id = p.cargo_line_id
      where p.load_plan_id = ${loadPlanId} and p.cargo_line_id = ${cargoLineId} and p.piece_index = ${pieceIndex}`;
    if (!piece) throw new PlanEditError(`piece ${cargoLineId}#${pieceIndex} is not placed in ${loadPlanId}`);
    const changed = piece.group_key
      ? await tx`
          update placements set locked = ${locked}
          where load_plan_id = ${loadPlanId}
            and cargo_line_id in (select id from cargo_lines where project_id = ${piece.project_id} and group_key = ${piece.group_key})
          returning 1`
      : await tx`
          update placements set locked = ${locked}
          where load_plan_id = ${loadPlanId} and cargo_line_id = ${cargoLineId} and piece_index = ${pieceIndex} returning 1`;
    return { revision: await nextRevision(tx, loadPlanId, false), pieces: changed.length };
  }) as Promise<{ revision: number; pieces: number }>;
}

/** Moves a placed piece by hand; it becomes `manual` (kept by a Calculate unless replaced). */
export async function movePlacement(
  sql: Sql,
  move: { loadPlanId: string; cargoLineId: string; pieceIndex: number; xMm: number; yMm: number; zMm: number; unitIndex?: number; rotation?: Orientation },
): Promise<{ revision: number }> {
  return sql.begin(async (tx) => {
    const [current] = await tx`
      select p.*, c.length_mm as l, c.width_mm as w, c.height_mm as h
      from placements p join cargo_lines c on c.id = p.cargo_line_id
      where p.load_plan_id = ${move.loadPlanId} and p.cargo_line_id = ${move.cargoLineId} and p.piece_index = ${move.pieceIndex}
      for update of p`;
    if (!current) throw new PlanEditError(`piece ${move.cargoLineId}#${move.pieceIndex} is not placed in ${move.loadPlanId}`);
    const rotation = move.rotation ?? current.rotation;
    const [length, width, height] = placedDims(current.l, current.w, current.h, rotation);
    await tx`
      update placements set x_mm = ${move.xMm}, y_mm = ${move.yMm}, z_mm = ${move.zMm},
        unit_index = ${move.unitIndex ?? current.unit_index}, rotation = ${rotation},
        length_mm = ${length}, width_mm = ${width}, height_mm = ${height}, manual = true
      where load_plan_id = ${move.loadPlanId} and cargo_line_id = ${move.cargoLineId} and piece_index = ${move.pieceIndex}`;
    return { revision: await nextRevision(tx, move.loadPlanId, false) };
  }) as Promise<{ revision: number }>;
}

/** Sets the transport legs and default friction of the securing check (null = no check). */
export async function setSecuring(sql: Sql, loadPlanId: string, securing: { legs: SecuringLeg[]; frictionPermille?: number } | null): Promise<{ revision: number }> {
  return sql.begin(async (tx) => {
    const [row] = await tx`update load_plans set securing = ${securing ? tx.json(securing as any) : null} where id = ${loadPlanId} returning id`;
    if (!row) throw new PlanEditError(`no Load Plan ${loadPlanId}`);
    return { revision: await nextRevision(tx, loadPlanId, true) };
  }) as Promise<{ revision: number }>;
}
