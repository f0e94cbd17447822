import { z } from './zod.ts';
import { Id, PathId, Timestamp, text } from './common.ts';

export const TransportMode = z.enum(['sea', 'road']).openapi({ description: 'Picks the default equipment filter.' });

export const StopSchema = z.object({ stop: z.number().int().min(1).max(99), name: text({ max: 200 }) }).strict();

export const Stops = z
  .array(StopSchema)
  .max(99)
  .openapi({ description: 'Stop ordinals unique and in ascending order.' })
  .superRefine((stops, ctx) => {
    stops.forEach((s, i) => {
      if (i > 0 && s.stop <= stops[i - 1].stop) {
        ctx.addIssue({ code: 'custom', path: [i, 'stop'], message: 'stop ordinals must be unique and in ascending order' });
      }
    });
  });

export const CreateProjectBody = z
  .object({
    name: text({ max: 200, notBlank: true }),
    transportMode: TransportMode.default('sea'),
    stops: Stops.default([]),
  })
  .strict()
  .openapi('CreateProject');

export const LoadPlanHeader = z
  .object({
    id: Id,
    name: z.string(),
    revision: z.number().int(),
    stale: z.boolean().openapi({ description: 'true when the stored result is older than a change to cargo, equipment or securing' }),
    solvedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('LoadPlanHeader');

export const ProjectSchema = z
  .object({
    id: Id,
    name: z.string(),
    transportMode: TransportMode,
    stops: z.array(z.object({ stop: z.number().int(), name: z.string() })),
    cargoLineCount: z.number().int(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Project');

export const ProjectReadSchema = ProjectSchema.extend({
  loadPlans: z.array(LoadPlanHeader).openapi({ description: 'One header per plan, oldest first.' }),
}).openapi('ProjectRead');

export const ProjectParams = z.object({ projectId: PathId });
