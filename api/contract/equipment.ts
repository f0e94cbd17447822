import { z } from './zod.ts';
import { Id, MAX_INT4 } from './common.ts';

export const Opening = z.enum(['rear', 'side', 'top']);

export const AxleProfileSchema = z
  .object({ kind: z.enum(['rigid', 'semi-trailer']) })
  .passthrough()
  .openapi('AxleProfile', { description: 'Axle geometry and permitted loads (road equipment); positions in mm from the cargo space front wall.' });

const dimensions = {
  innerLengthMm: z.number().int(),
  innerWidthMm: z.number().int(),
  innerHeightMm: z.number().int(),
  doorWidthMm: z.number().int(),
  doorHeightMm: z.number().int(),
  openings: z.array(Opening),
  maxPayloadG: z.number().int(),
  tareG: z.number().int(),
  axleProfile: AxleProfileSchema.nullable(),
};

export const EquipmentTypeSchema = z
  .object({ id: Id, name: z.string(), mode: z.enum(['sea', 'road']), category: z.string(), ...dimensions, builtIn: z.boolean() })
  .openapi('EquipmentType');

export const EquipmentRowSchema = z
  .object({
    id: Id,
    equipmentTypeId: z.string().nullable().openapi({ description: 'null when imported or the type was deleted' }),
    name: z.string(),
    ...dimensions,
    maxUnits: z.number().int().nullable().openapi({ description: 'null = no limit' }),
  })
  .openapi('EquipmentRow');

export const MAX_EQUIPMENT_ROWS = 20;

export const PatchEquipmentBody = z
  .object({
    expectedRevision: z.number().int().min(1).max(MAX_INT4),
    equipmentTypeIds: z
      .array(Id)
      .max(MAX_EQUIPMENT_ROWS)
      .refine((ids) => new Set(ids).size === ids.length, 'must not list a type twice')
      .openapi({ description: 'The full set of selected library types; a type left out is deselected.' }),
    maxUnitsByEquipmentTypeId: z
      .record(Id, z.number().int().min(1).max(500).nullable())
      .optional()
      .openapi({ description: 'Type id -> most Units (null = no limit); a selected type left out keeps its limit.' }),
    removeEquipmentIds: z
      .array(Id)
      .max(100)
      .optional()
      .openapi({ description: 'Rows without a library type stay unless listed; unknown ids are ignored.' }),
  })
  .strict()
  .openapi('PatchEquipment');

export const PatchEquipmentResponse = z
  .object({ revision: z.number().int(), equipment: z.array(EquipmentRowSchema) })
  .openapi('EquipmentChange');
