import { z } from './zod.ts';
import { CursorQuery, Id, Timestamp, limitQuery, page, text } from './common.ts';
import { cargoFields } from './cargo.ts';
import { EquipmentTypeSchema } from './equipment.ts';

const searchQuery = text({ max: 200 }).optional().openapi({ description: 'case-insensitive substring of the name' });

export const CargoLibraryQuery = z.object({ limit: limitQuery(100, 20), query: searchQuery, cursor: CursorQuery });

const idsFilter = z
  .union([Id, z.array(Id).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional()
  .openapi({ description: 'bracket notation even for one id: ids[]=a&ids[]=b' });

export const EquipmentLibraryQuery = z
  .object({
    limit: limitQuery(100, 20),
    query: searchQuery,
    cursor: CursorQuery,
    mode: z.enum(['sea', 'road']).optional(),
    'ids[]': idsFilter,
  });

export const CargoLibraryItemSchema = z
  .object({
    id: Id,
    name: z.string(),
    lengthMm: z.number().int(),
    widthMm: z.number().int(),
    heightMm: z.number().int(),
    weightG: z.number().int(),
    groupKey: z.string().nullable(),
    minSupportPermille: z.number().int().nullable(),
    frictionSurface: cargoFields.frictionSurface.unwrap().unwrap().nullable(),
    rotation: cargoFields.rotation.removeDefault(),
    stackable: z.boolean(),
    fragile: z.boolean(),
    builtIn: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('CargoLibraryItem');

export const CargoLibraryPage = page(CargoLibraryItemSchema).openapi('CargoLibraryPage');
export const EquipmentTypePage = page(EquipmentTypeSchema).openapi('EquipmentTypePage');
