import { z } from './zod.ts';

/** Largest value of a Postgres `integer` column (revisions, counts). */
export const MAX_INT4 = 2_147_483_647;

/** Well-formed text without NUL (Postgres text cannot hold U+0000). The document states it as a pattern. */
const WELL_FORMED = '(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*';
const WELL_FORMED_PATTERN = `^${WELL_FORMED}$`;
/** The same, with at least one character that is not white space (what trim() leaves non-empty). */
const NOT_BLANK_PATTERN = `^(?=[\\s\\S]*\\S)${WELL_FORMED}$`;

/** One precise issue for the first character Postgres or UTF-8 cannot store. */
function refuseUnstorable(value: string, ctx: z.RefinementCtx): void {
  if (value.includes('\u0000')) {
    ctx.addIssue({ code: 'invalid_string', validation: 'regex', message: 'must not contain U+0000 (NUL)' });
  } else if (/\p{Cs}/u.test(value)) {
    ctx.addIssue({ code: 'invalid_string', validation: 'regex', message: 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)' });
  }
}

/**
 * A string field: well-formed, without NUL, `min` to `max` characters. `notBlank` trims it
 * first and refuses what is only white space.
 */
export function text(options: { min?: number; max: number; notBlank?: boolean }) {
  const base = options.notBlank ? z.string().trim().min(Math.max(1, options.min ?? 1)) : z.string().min(options.min ?? 0);
  return base
    .max(options.max)
    .superRefine(refuseUnstorable)
    .openapi({ pattern: options.notBlank ? NOT_BLANK_PATTERN : WELL_FORMED_PATTERN });
}

/** An id sent in a body (an unknown one is the route's business, not the format's). */
export const Id = text({ min: 1, max: 64 });

/** The characters ids are made of: anything else cannot exist and answers 404 without a query. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const PathId = z.string().regex(ID_PATTERN, 'is not an id');
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

/** A cursor is the id of the last item of the previous page: anything else answers 404. */
export const CursorQuery = z.string().regex(ID_PATTERN, 'is not a cursor of this list').optional().openapi({ description: 'nextCursor of the previous page' });

export function limitQuery(max: number, fallback: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback).openapi({ description: `1 to ${max}, default ${fallback}` });
}
