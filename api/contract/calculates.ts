import { z } from './zod.ts';
import { Id, MAX_INT4, Timestamp } from './common.ts';

export const CalculateStatus = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled', 'timed_out']);

export const CalculateBody = z
  .object({
    expectedRevision: z.number().int().min(1).max(MAX_INT4).openapi({ description: 'The revision from your last read of the Load Plan.' }),
    replaceUnlockedManual: z.boolean().optional().openapi({ description: 'Allow the run to replace unlocked manual placements.' }),
  })
  .strict()
  .openapi('CalculateRequest');

export const CalculateAccepted = z
  .object({ id: Id, status: z.literal('queued'), loadPlanId: Id })
  .openapi('CalculateAccepted');

export const CalculateRunSchema = z
  .object({
    id: Id,
    status: CalculateStatus,
    loadPlanId: Id,
    source: z.enum(['api', 'app']),
    phase: z.string().nullable().openapi({ description: 'progress while queued or running' }),
    processedItems: z.number().int(),
    totalItems: z.number().int(),
    failureCode: z.string().nullable().openapi({ description: 'on a failed run, e.g. revision_conflict; timed_out on a time-out' }),
    revision: z.number().int().nullable().openapi({ description: 'the new revision, when completed' }),
    solvedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
  })
  .openapi('CalculateRun');

export const CancelBody = z.object({}).strict().optional();
