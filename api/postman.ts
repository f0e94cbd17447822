// A Postman v2.1 collection generated from the OpenAPI document: one folder per tag, one
// request per operation, bearer auth from the {{apiKey}} variable.
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';

function exampleOf(schema: SchemaObject | undefined, components: Record<string, SchemaObject>, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if ('$ref' in schema && typeof (schema as any).$ref === 'string') {
    return exampleOf(components[(schema as any).$ref.split('/').pop()], components, depth + 1);
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const name of schema.required ?? []) out[name] = exampleOf(schema.properties?.[name] as SchemaObject, components, depth + 1);
    return out;
  }
  if (type === 'array') return [exampleOf(schema.items as SchemaObject, components, depth + 1)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  if (type === 'string') return 'string';
  return null;
}

export function postmanCollection(doc: OpenAPIObject, baseUrl: string) {
  const components = (doc.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const folders = new Map<string, unknown[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
      const op = (item as Record<string, OperationObject | undefined>)[method];
      if (!op) continue;
      const params = (op.parameters ?? []) as ParameterObject[];
      const segments = path.split('/').filter(Boolean).map((s) => s.replace(/^\{(\w+)\}$/, ':$1'));
      const bodySchema = (op.requestBody as any)?.content?.['application/json']?.schema as SchemaObject | undefined;
      const request = {
        name: op.summary ?? op.operationId,
        request: {
          method: method.toUpperCase(),
          description: op.description,
          header: [
            ...(bodySchema ? [{ key: 'Content-Type', value: 'application/json' }] : []),
            ...params.filter((p) => p.in === 'header').map((p) => ({ key: p.name, value: '{{$guid}}', description: p.description })),
          ],
          url: {
            raw: `{{baseUrl}}/${segments.join('/')}`,
            host: ['{{baseUrl}}'],
            path: segments,
            variable: params.filter((p) => p.in === 'path').map((p) => ({ key: p.name, value: '' })),
            query: params.filter((p) => p.in === 'query').map((p) => ({ key: p.name, value: '', disabled: true, description: (p.schema as SchemaObject)?.description })),
          },
          ...(bodySchema
            ? { body: { mode: 'raw', raw: JSON.stringify(exampleOf(bodySchema, components), null, 2), options: { raw: { language: 'json' } } } }
            : {}),
        },
      };
      const tag = op.tags?.[0] ?? 'API';
      folders.set(tag, [...(folders.get(tag) ?? []), request]);
    }
  }
  return {
    info: {
      name: doc.info.title,
      description: doc.info.description,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'apiKey', value: 'sc_live_…' },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
