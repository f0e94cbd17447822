import type { CheckContext, Violation } from '../context.ts';

/** The cargo weight in each Unit stays within its equipment's payload. */
export function checkPayload(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const [unitIndex, pieces] of ctx.byUnit) {
    const eq = ctx.equipmentOfUnit(unitIndex);
    if (!eq) continue;
    let weight = 0;
    for (const p of pieces) weight += ctx.lines.get(p.cargoLineId)?.weightG ?? 0;
    if (weight > eq.maxPayloadG) {
      out.push({
        rule: 'payload',
        message: `Unit ${unitIndex} carries ${weight} g, above its payload of ${eq.maxPayloadG} g`,
        pieces: [],
      });
    }
  }
  return out;
}
