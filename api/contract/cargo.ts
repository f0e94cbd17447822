import { z } from './zod.ts';
import { CursorQuery, Id, Timestamp, limitQuery, text } from './common.ts';

export const FrictionSurface = z.enum([
  'wood_on_wood',
  'planed_wood_on_wood',
  'wood_on_steel',
  'plastic_on_wood',
  'plastic_on_metal',
  'steel_on_wood',
  'steel_on_steel',
  'rubber_mat',
]);
export const Rotation = z
  .enum(['free', 'upright', 'fixed'])
  .openapi({ description: '`free`: any of 6 orientations; `upright`: turned about the vertical axis only; `fixed`: as given.' });

const mm = (what: string) => z.number().int().min(1).max(100_000).openapi({ description: `${what} in whole millimetres` });

/** The fields a cargo line and a Cargo Library item share. */
export const cargoFields = {
  name: text({ max: 200, notBlank: true }),
  lengthMm: mm('length'),
  widthMm: mm('width'),
  heightMm: mm('height'),
  weightG: z.number().int().min(0).max(100_000_000).openapi({ description: 'whole grams' }),
  groupKey: text({ min: 1, max: 100 }).nullable().optional()
    .openapi({ description: 'Lines sharing one form a keep-together group.' }),
  minSupportPermille: z.number().int().min(501).max(1000).nullable().optional()
    .openapi({ description: 'Share of the base resting on cargo below when not on the floor; null and omitted mean 1000.' }),
  frictionSurface: FrictionSurface.nullable().optional()
    .openapi({ description: "null and omitted mean the Load Plan's default friction" }),
  rotation: Rotation.default('free'),
  stackable: z.boolean().default(true),
  fragile: z.boolean().default(false),
};

export const CargoLineInput = z
  .object({
    ...cargoFields,
    quantity: z.number().int().min(1).max(20_000).openapi({ description: 'pieces; at most the per-Calculate piece limit' }),
    stop: z.number().int().min(1).max(99).nullable().optional()
      .openapi({ description: 'Stop 1 is unloaded first; null = after every Stop' }),
  })
  .strict()
  .openapi('CargoLineInput');

export const MAX_IMPORT_LINES = 5000;

export const ImportCargoBody = z
  .object({ lines: z.array(CargoLineInput).min(1).max(MAX_IMPORT_LINES) })
  .strict()
  .openapi('ImportCargo');

export const CargoLineSchema = z
  .object({
    id: Id,
    name: z.string(),
    quantity: z.number().int(),
    lengthMm: z.number().int(),
    widthMm: z.number().int(),
    heightMm: z.number().int(),
    weightG: z.number().int(),
    groupKey: z.string().nullable(),
    stop: z.number().int().nullable(),
    minSupportPermille: z.number().int().nullable(),
    frictionSurface: FrictionSurface.nullable(),
    rotation: Rotation,
    stackable: z.boolean(),
    fragile: z.boolean(),
    revision: z.number().int(),
    sourceLibraryItemId: z.string().nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('CargoLine');

export const CargoPage = z
  .object({ items: z.array(CargoLineSchema), nextCursor: z.string().nullable(), totalCount: z.number().int() })
  .openapi('CargoLinePage');

export const CargoListQuery = z.object({ cursor: CursorQuery, limit: limitQuery(500, 100) });
