import type { CheckContext, Violation } from '../context.ts';

const CONTRACT_MAX_UNITS = 500;

/** No equipment row opens more Units than its `maxUnits`, and a run never more than the total limit. */
export function checkUnitLimits(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const perRow = new Map<string, number>();
  for (const u of ctx.result.units) perRow.set(u.equipmentId, (perRow.get(u.equipmentId) ?? 0) + 1);
  for (const [id, count] of perRow) {
    const max = ctx.equipment.get(id)?.maxUnits;
    if (max != null && count > max) {
      out.push({ rule: 'unit-limit', message: `${count} Units of equipment row ${id}, at most ${max} allowed`, pieces: [] });
    }
  }
  const total = ctx.input.options.maxUnitsTotal ?? CONTRACT_MAX_UNITS;
  if (ctx.result.units.length > total) {
    out.push({ rule: 'unit-limit', message: `${ctx.result.units.length} Units in all, at most ${total} allowed`, pieces: [] });
  }
  return out;
}
