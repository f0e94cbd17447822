import { z } from 'zod';
import type { Sql } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { cargoFields } from '../../api/contract/cargo.ts';
import { UsageError, print, required } from './output.ts';

type Flags = Record<string, string | boolean | undefined>;

const positive = z.number().int().positive();
const EquipmentTypeInput = z
  .object({
    name: z.string().min(1).max(200),
    mode: z.enum(['sea', 'road']),
    category: z.string().min(1).max(50),
    innerLengthMm: positive,
    innerWidthMm: positive,
    innerHeightMm: positive,
    doorWidthMm: positive,
    doorHeightMm: positive,
    openings: z.array(z.enum(['rear', 'side', 'top'])).min(1),
    maxPayloadG: positive,
    tareG: z.number().int().min(0),
    axleProfile: z.object({ kind: z.enum(['rigid', 'semi-trailer']) }).passthrough().nullable().default(null),
  })
  .strict();
const CargoItemInput = z.object(cargoFields).strict();

function parseInput<T extends z.ZodTypeAny>(schema: T, flags: Flags): z.infer<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(required(flags, 'json-input'));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--json-input is not JSON: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; '));
  return parsed.data;
}

export async function libraryCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean): Promise<void> {
  if (action === 'add-equipment') {
    const organizationId = required(flags, 'org');
    const t = parseInput(EquipmentTypeInput, flags);
    const [row] = await sql`
      insert into equipment_types (id, organization_id, name, mode, category, inner_length_mm, inner_width_mm, inner_height_mm,
        door_width_mm, door_height_mm, openings, max_payload_g, tare_g, axle_profile, source)
      values (${newId('eqt')}, ${organizationId}, ${t.name}, ${t.mode}, ${t.category}, ${t.innerLengthMm}, ${t.innerWidthMm},
        ${t.innerHeightMm}, ${t.doorWidthMm}, ${t.doorHeightMm}, ${t.openings}, ${t.maxPayloadG}, ${t.tareG},
        ${t.axleProfile ? sql.json(t.axleProfile as any) : null}, 'organization')
      returning id`;
    return print(json, { id: row.id, ...t }, `added equipment type ${row.id}`);
  }
  if (action === 'add-cargo') {
    const organizationId = required(flags, 'org');
    const c = parseInput(CargoItemInput, flags);
    const [row] = await sql`
      insert into cargo_library_items (id, organization_id, name, length_mm, width_mm, height_mm, weight_g, group_key,
        min_support_permille, friction_surface, rotation, stackable, fragile)
      values (${newId('lib')}, ${organizationId}, ${c.name}, ${c.lengthMm}, ${c.widthMm}, ${c.heightMm}, ${c.weightG},
        ${c.groupKey ?? null}, ${c.minSupportPermille ?? null}, ${c.frictionSurface ?? null}, ${c.rotation}, ${c.stackable}, ${c.fragile})
      returning id`;
    return print(json, { id: row.id, ...c }, `added cargo library item ${row.id}`);
  }
  throw new UsageError('library: add-equipment | add-cargo');
}
