// Valid values from the served OpenAPI document's JSON Schemas: what a well-behaved client
// would send. The fuzzer mutates them; the spec round-trip sends them as they are.
import type { Random } from './random.ts';

export type Schema = Record<string, any>;
export type Doc = Record<string, any>;

/** Follows a local $ref (`#/components/schemas/X`). */
export function deref(doc: Doc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (s.$ref) s = s.$ref.split('/').slice(1).reduce((node: any, part: string) => node[part], doc);
  return s;
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum) return [typeof schema.enum[0]];
  return ['object'];
}

/** Candidate strings tried in order until one fits the schema's pattern and lengths. */
const CANDIDATES = ['Crate A', 'a', 'x1', 'prj_0000000000aaaaaaaaaaaa', '2030-01-31T12:00:00Z'];

export function fitsString(schema: Schema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  return true;
}

function sampleString(schema: Schema, random: Random): string {
  if (schema.format === 'date-time') return new Date(Date.UTC(2030, random.int(0, 11), random.int(1, 28), 12)).toISOString().replace('.000Z', 'Z');
  // the longest string the document allows, now and then
  const longest = schema.maxLength !== undefined && random.chance(0.15) ? ['x'.repeat(schema.maxLength)] : [];
  const pool = [...longest, ...(random.chance(0.5) ? [`Item ${random.int(1, 999)}`] : []), ...CANDIDATES];
  for (const candidate of pool) {
    const sized = schema.minLength && candidate.length < schema.minLength ? candidate.padEnd(schema.minLength, 'x') : candidate;
    if (fitsString(schema, sized)) return sized;
  }
  throw new Error(`no sample string fits ${JSON.stringify(schema)}`);
}

function sampleNumber(schema: Schema, random: Random, integer: boolean): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1000);
  // small values most of the time: plans stay cheap to store and read
  const top = Math.min(max, min + 50);
  const value = random.chance(0.1) ? random.pick([min, max]) : random.int(min, top);
  return integer ? Math.round(value) : value;
}

/** A valid value; `optional` decides per optional property whether to send it. */
export function sample(doc: Doc, schemaOrRef: Schema | undefined, random: Random, depth = 0): unknown {
  const schema = deref(doc, schemaOrRef);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(doc, random.pick(variants.filter((v: Schema) => deref(doc, v).type !== 'null')), random, depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Schema) => sample(doc, s, random, depth)));
  if (schema.enum) return random.pick(schema.enum.filter((v: unknown) => v !== null));
  const type = types(schema).find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'string':
      return sampleString(schema, random);
    case 'integer':
      return sampleNumber(schema, random, true);
    case 'number':
      return sampleNumber(schema, random, false);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, min + 3, depth > 2 ? min : 99);
      const items = Array.from({ length: random.int(min, max) }, () => sample(doc, schema.items, random, depth + 1));
      return fixOrdering(items);
    }
    default: {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [name, prop] of Object.entries<Schema>(schema.properties ?? {})) {
        if (required.has(name) || random.chance(0.5)) out[name] = sample(doc, prop, random, depth + 1);
      }
      return out;
    }
  }
}

/**
 * Rules JSON Schema cannot state, written in descriptions: Stop ordinals ascend and are
 * unique, ids in a list are unique. Samples follow them.
 */
function fixOrdering(items: unknown[]): unknown[] {
  if (items.every((i) => i && typeof i === 'object' && typeof (i as any).stop === 'number' && 'name' in (i as any))) {
    return items.map((i, index) => ({ ...(i as object), stop: index + 1 }));
  }
  if (items.every((i) => typeof i === 'string')) return [...new Set(items)];
  return items;
}
