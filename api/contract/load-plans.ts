import { z } from './zod.ts';
import { Id, PathId, Timestamp, text } from './common.ts';
import { EquipmentRowSchema } from './equipment.ts';
import { LoadPlanHeader } from './projects.ts';

export const CreateLoadPlanBody = z.object({ name: text({ max: 200, notBlank: true }) }).strict().openapi('CreateLoadPlan');

export const CreatedLoadPlan = z
  .object({ id: Id, revision: z.number().int(), stale: z.boolean(), equipment: z.array(EquipmentRowSchema) })
  .openapi('CreatedLoadPlan');

export const SecuringSchema = z
  .object({
    legs: z.array(z.enum(['road', 'rail', 'sea-a', 'sea-b', 'sea-c'])).min(1),
    frictionPermille: z.number().int().min(1).max(1500).optional(),
  })
  .openapi('Securing', { description: 'Read-only through the API; null = no securing check.' });

const Advisory = z.object({ kind: z.string(), message: z.string() }).passthrough();

export const StoredResult = z
  .object({
    units: z.array(z.object({}).passthrough()),
    placements: z.array(z.object({}).passthrough()),
    totals: z.object({}).passthrough(),
    warnings: z.array(Advisory),
    unloaded: z.array(z.object({ cargoLineId: z.string(), quantity: z.number().int(), reason: z.string() }).passthrough()),
    securingWarnings: z.array(Advisory).optional().openapi({ description: 'omitted when empty' }),
  })
  .openapi('LoadPlanResult');

export const LoadPlanSchema = LoadPlanHeader.extend({
  projectId: Id,
  equipment: z.array(EquipmentRowSchema),
  securing: SecuringSchema.nullable(),
  resultStatus: z.enum(['unsolved', 'solved']),
  result: StoredResult.optional().openapi({ description: 'present when resultStatus is solved' }),
  axleWarnings: z.array(Advisory).optional().openapi({ description: 'omitted when empty; road equipment with an Axle Profile' }),
  stopWarnings: z.array(Advisory).optional().openapi({ description: 'omitted when empty; holds stop-blocked' }),
}).openapi('LoadPlan');

export const LoadPlanParams = z.object({ loadPlanId: PathId });
export const GenericIdParams = z.object({ id: PathId });

export { Timestamp };
