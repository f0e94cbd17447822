import { z } from './zod.ts';
import { Id, Timestamp, UtcTimestampInput } from './common.ts';

export const ShareLinkBody = z
  .object({
    expiresAt: UtcTimestampInput.optional().openapi({ description: 'RFC 3339 UTC; omitted = never expires' }),
    showLoadingSteps: z.boolean().default(true),
  })
  .strict()
  .openapi('ShareLinkRequest');

export const ShareLinkSchema = z
  .object({
    id: Id,
    loadPlanId: Id,
    url: z.string().nullable().openapi({ description: 'only on the minting response; null on a replay' }),
    token: z.string().nullable().openapi({ description: 'only on the minting response; null on a replay' }),
    expiresAt: Timestamp.nullable(),
    showLoadingSteps: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('ShareLink');
