import { z } from './zod.ts';

export const Id = z.string().min(1).max(64);
export const Timestamp = z.string().openapi({ format: 'date-time', description: 'RFC 3339, UTC' });

/** An RFC 3339 timestamp in UTC (`Z`) sent by a client. */
export const UtcTimestampInput = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/, 'must be an RFC 3339 timestamp in UTC, e.g. 2027-01-31T12:00:00Z')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a real date and time')
  .openapi({ format: 'date-time' });

export const IssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number().int()])),
  message: z.string(),
  code: z.string(),
});

export const ErrorBodySchema = z
  .object({
    defined: z.boolean().openapi({ description: 'true = an error this route documents; false = unexpected' }),
    code: z.string().openapi({ description: 'Branch on this.' }),
    status: z.number().int(),
    message: z.string().openapi({ description: 'For people; may change; never branch on it.' }),
    data: z
      .object({
        reason: z.string().optional(),
        issues: z.array(IssueSchema).max(50).optional(),
        conflicts: z
          .array(z.object({ resource: z.string(), id: z.string(), expectedRevision: z.number().int(), currentRevision: z.number().int() }))
          .optional(),
        retryAfter: z.number().int().optional(),
        resource: z.enum(['projects', 'solves', 'share-links']).optional(),
        limit: z.number().int().optional(),
        planName: z.string().optional(),
      })
      .passthrough()
      .optional(),
  })
  .openapi('Error');

export const IdempotencyKeyHeader = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters, no spaces')
  .openapi({ description: 'Same key and body within 24 hours replays the first response.' });

export function page<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const CursorQuery = z.string().min(1).max(200).optional().openapi({ description: 'nextCursor of the previous page' });

export function limitQuery(max: number, fallback: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback).openapi({ description: `1 to ${max}, default ${fallback}` });
}
