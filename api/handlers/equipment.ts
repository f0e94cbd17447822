import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import {
  deleteEquipmentRows,
  findUsableEquipmentTypes,
  insertEquipmentRow,
  lastEquipmentPosition,
  listEquipmentRows,
  setEquipmentRowMaxUnits,
  type EquipmentRow,
} from '../../db/equipment.ts';
import { bumpRevision, lockLoadPlan } from '../../db/load-plans.ts';
import { MAX_EQUIPMENT_ROWS, type PatchEquipmentBody } from '../contract/equipment.ts';
import { ApiError, invalidInput, notFound, type Issue } from '../errors.ts';
import { pathParam } from './params.ts';
import type { ApiMiddleware } from '../context.ts';
import { inTransaction } from '../../db/transaction.ts';

type Patch = z.infer<typeof PatchEquipmentBody>;

function staleRevision(loadPlanId: string, expectedRevision: number, currentRevision: number): ApiError {
  return new ApiError('PRECONDITION_FAILED', `the Load Plan is at revision ${currentRevision}, not ${expectedRevision}; read it again`, {
    conflicts: [{ resource: 'load-plan', id: loadPlanId, expectedRevision, currentRevision }],
  });
}

/** Every type id must be a built-in type or one of the organization's own. */
async function usableTypes(db: Db, organizationId: string, patch: Patch) {
  const types = await findUsableEquipmentTypes(db, organizationId, patch.equipmentTypeIds);
  const known = new Set(types.map((t) => t.id));
  const selected = new Set(patch.equipmentTypeIds);
  const issues: Issue[] = [];
  patch.equipmentTypeIds.forEach((id, i) => {
    if (!known.has(id)) issues.push({ path: ['equipmentTypeIds', i], message: `unknown equipment type ${id}`, code: 'unknown_equipment_type' });
  });
  for (const id of Object.keys(patch.maxUnitsByEquipmentTypeId ?? {})) {
    if (!selected.has(id)) {
      issues.push({ path: ['maxUnitsByEquipmentTypeId', id], message: `${id} is not among equipmentTypeIds`, code: 'type_not_selected' });
    }
  }
  if (issues.length) throw invalidInput(`invalid input: ${issues[0].message}`, issues);
  return new Map(types.map((t) => [t.id, t]));
}

/**
 * Applies the change to the rows: a type left out is deselected (its rows go), a new type
 * gets a row copying it, untyped rows stay unless listed for removal. Nothing is written
 * when the result would hold more than 20 rows.
 */
async function applyPatch(db: Db, organizationId: string, loadPlanId: string, patch: Patch): Promise<void> {
  const types = await usableTypes(db, organizationId, patch);
  const rows = await listEquipmentRows(db, loadPlanId);
  const selected = new Set(patch.equipmentTypeIds);
  const removeIds = new Set(patch.removeEquipmentIds ?? []);
  const limits = patch.maxUnitsByEquipmentTypeId ?? {};
  const leaving = rows.filter((r) => (r.equipmentTypeId === null ? removeIds.has(r.id) : !selected.has(r.equipmentTypeId)));
  const staying = rows.filter((r) => !leaving.includes(r));
  const present = new Set(staying.map((r) => r.equipmentTypeId));
  const adding = patch.equipmentTypeIds.filter((id) => !present.has(id));
  const total = staying.length + adding.length;
  if (total > MAX_EQUIPMENT_ROWS) {
    throw new ApiError('BAD_REQUEST', `a Load Plan holds at most ${MAX_EQUIPMENT_ROWS} equipment rows; this change would leave ${total}`, {
      reason: 'too_many_equipment_rows',
      limit: MAX_EQUIPMENT_ROWS,
    });
  }
  await deleteEquipmentRows(db, loadPlanId, leaving.map((r) => r.id));
  for (const row of staying) {
    if (row.equipmentTypeId !== null && row.equipmentTypeId in limits) await setEquipmentRowMaxUnits(db, row.id, limits[row.equipmentTypeId]);
  }
  let position = await lastEquipmentPosition(db, loadPlanId);
  for (const id of adding) {
    await insertEquipmentRow(db, { loadPlanId, position: ++position, type: types.get(id)!, maxUnits: limits[id] ?? null });
  }
}

export const patchEquipment: ApiMiddleware = async (ctx) => {
  const loadPlanId = pathParam(ctx, 'loadPlanId');
  const { organizationId } = ctx.state.auth!;
  ctx.state.resourceId = loadPlanId;
  const patch = ctx.request.body as Patch;
  const result = await inTransaction(ctx.state.db, async (tx): Promise<{ revision: number; equipment: EquipmentRow[] }> => {
    // the row lock makes concurrent PATCHes of one plan take turns
    const plan = await lockLoadPlan(tx, organizationId, loadPlanId);
    if (!plan) throw notFound('load plan');
    if (plan.revision !== patch.expectedRevision) throw staleRevision(loadPlanId, patch.expectedRevision, plan.revision);
    await applyPatch(tx, organizationId, loadPlanId, patch);
    const revision = (await bumpRevision(tx, loadPlanId))!; // the plan row is locked above
    return { revision, equipment: await listEquipmentRows(tx, loadPlanId) };
  });
  ctx.body = result;
};

export const equipmentHandlers = { patchEquipment };
