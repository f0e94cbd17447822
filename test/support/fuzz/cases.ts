// Mutated requests for every route of the served OpenAPI document, from a seed: wrong
// types, missing and extra fields, boundary and huge numbers, long strings, NUL and lone
// surrogates, prototype keys, deep nesting, duplicate keys, odd query strings and path
// ids, wrong content types, bad and missing Idempotency-Key, malformed and huge bodies.
import { deref, sample, type Doc, type Schema } from './sample.ts';
import type { Random } from './random.ts';

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI form, relative to the server url */
  path: string;
  op: Schema;
}

export interface FuzzCase {
  operationId: string;
  mutation: string;
  method: string;
  /** under the server url, with the query string */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** statuses the document lists for this route */
  specStatuses: string[];
  idempotencyKey?: string;
  /** the client gives up after this many milliseconds */
  abortAfterMs?: number;
  /** the path's Project, for the write ledger */
  projectId?: string;
}

/** Ids that exist in the fuzzed organization, by path parameter name. */
export type PathIds = Record<string, string>;

export function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) out.push({ operationId: op.operationId, method: method.toUpperCase(), path, op });
  }
  return out;
}

export function bodySchema(doc: Doc, op: Schema): Schema | undefined {
  const s = op.requestBody?.content?.['application/json']?.schema;
  return s ? deref(doc, s) : undefined;
}

/** A valid request for the operation: its path ids filled, a sampled query and body. */
export function validRequest(doc: Doc, operation: Operation, ids: PathIds, random: Random, keyPrefix: string): FuzzCase {
  const params: Schema[] = operation.op.parameters ?? [];
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(ids[name] ?? 'none_0'));
  const query = new URLSearchParams();
  for (const p of params.filter((p) => p.in === 'query')) {
    if (!p.required && random.chance(0.5)) continue;
    const value = sample(doc, p.schema, random);
    if (p.name === 'cursor') continue; // a cursor must name a listed item: the round-trip test sends real ones
    for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, String(v));
  }
  const headers: Record<string, string> = {};
  let idempotencyKey: string | undefined;
  if (params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')) {
    idempotencyKey = `${keyPrefix}-${random.int(0, 1e9)}-${random.int(0, 1e9)}`;
    headers['idempotency-key'] = idempotencyKey;
  }
  const schema = bodySchema(doc, operation.op);
  let body: string | undefined;
  if (schema && (operation.op.requestBody.required || random.chance(0.5))) {
    body = JSON.stringify(sample(doc, schema, random));
    headers['content-type'] = 'application/json';
  }
  const qs = query.toString();
  return {
    operationId: operation.operationId,
    mutation: 'valid',
    method: operation.method,
    path: path + (qs ? `?${qs}` : ''),
    headers,
    body,
    specStatuses: Object.keys(operation.op.responses),
    idempotencyKey,
    projectId: operation.path.includes('{projectId}') ? ids.projectId : undefined,
  };
}

const ODD_NUMBERS = [-1, 0, 0.5, 1.5, 2_147_483_647, 2_147_483_648, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 1e-7, Number.MAX_SAFE_INTEGER];
const ODD_NUMBER_TEXT = ['1e400', '-0', '1E2', '0.0000001', '123456789012345678901234567890'];
const ODD_VALUES: unknown[] = [42, 'text', true, false, null, [], {}, [1, 2], { a: 1 }, '', ' ', '0'];
const ODD_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d', '\u202e', '\ufeff', ' ', '   ', '\n', '💥'.repeat(3), 'é'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const ODD_PATH_IDS = ['%00', 'a%00b', 'x'.repeat(65), 'x'.repeat(5000), '%FF', '%ED%A0%80', '%E2%80%AE', '..', '%2e%2e', 'a%20b', 'é', 'prj_none', '%25', '0', '-', 'null', 'undefined', '%2F'];
const ODD_QUERIES = [
  Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&'), 'limit=1'.padEnd(100, '&'),
  'limit=abc', 'limit=0', 'limit=-1', 'limit=1e3', 'limit=1.5', 'limit=99999999999999999999', 'limit[]=1', 'limit=1&limit=2', 'limit=',
  'cursor=%00', 'cursor=', 'cursor=' + 'a'.repeat(300), 'cursor=a%20b', 'cursor=cl_none', 'cursor[]=x', 'cursor=%FF',
  'query=%00', 'query=%ED%A0%80', 'query=%FF', 'query=' + 'q'.repeat(201), 'query=%25%5F', 'query[a]=1', 'query=_', 'query=%',
  'mode=air', 'mode=', 'mode[]=sea', 'ids[]=%00', 'ids[]=' + 'i'.repeat(65), 'ids=a', 'ids[]=a&ids[]=a', 'ids[x]=1',
  '__proto__[x]=1', 'constructor[prototype][x]=1', 'a=%E0%A4%A', '%=', '&&&', 'x=' + 'y'.repeat(10000),
];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/jsonx', 'application/xml', ''];
const ODD_HEADERS: Record<string, string>[] = [
  { 'content-encoding': 'gzip' }, { 'content-encoding': 'br' }, { 'content-encoding': 'identity, zstd' },
  { accept: 'text/html' }, { 'accept-charset': 'latin1' }, { 'x-request-id': 'x'.repeat(500) }, { authorization: 'Bearer' },
];
const BAD_KEYS = ['', ' ', 'a b', 'x'.repeat(256), 'é', '\t', 'a'.repeat(255)];
const MALFORMED = ['{', '{"a":}', '{"a":1,}', "{'a':1}", 'nul', '\u0000', '{"name":"\\x"}', '{"name":"\\ud800"}', '[1,', '{"a":1}{"b":2}', '\ufeff{}', ' '];
const NON_OBJECTS = ['[]', 'null', '42', '"s"', 'true', '[{}]'];

/** Every place in a JSON value: [] is the root. */
function locations(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => locations(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) locations(v, [...at, k], out);
  return out;
}

function getAt(root: any, at: (string | number)[]): any {
  return at.reduce((node, k) => node?.[k], root);
}

function setAt(root: any, at: (string | number)[], value: unknown): any {
  if (at.length === 0) return value;
  const parent = getAt(root, at.slice(0, -1));
  Object.defineProperty(parent, at[at.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return root;
}

function mutateBody(value: unknown, random: Random): { body: string; mutation: string } {
  const root = JSON.parse(JSON.stringify(value ?? {}));
  const all = locations(root);
  const pick = (filter: (v: unknown) => boolean) => {
    const found = all.filter((at) => filter(getAt(root, at)));
    return found.length ? random.pick(found) : undefined;
  };
  switch (random.int(0, 9)) {
    case 0: {
      const at = random.pick(all);
      return { body: JSON.stringify(setAt(root, at, random.pick(ODD_VALUES))), mutation: 'body:wrong-type' };
    }
    case 1: {
      const at = pick((v) => v !== null && typeof v === 'object' && Object.keys(v).length > 0);
      if (at) delete getAt(root, at)[random.pick(Object.keys(getAt(root, at)))];
      return { body: JSON.stringify(root), mutation: 'body:missing-field' };
    }
    case 2: {
      const at = pick((v) => v !== null && typeof v === 'object' && !Array.isArray(v)) ?? [];
      setAt(root, [...at, random.pick([...PROTO_KEYS, 'extra'])], random.pick(ODD_VALUES));
      return { body: JSON.stringify(root), mutation: 'body:extra-or-prototype-key' };
    }
    case 3: {
      const at = pick((v) => typeof v === 'number') ?? pick(() => true)!;
      if (random.chance(0.3)) {
        const marker = '"__number__"';
        return { body: JSON.stringify(setAt(root, at, '__number__')).replace(marker, random.pick(ODD_NUMBER_TEXT)), mutation: 'body:number-text' };
      }
      return { body: JSON.stringify(setAt(root, at, random.pick(ODD_NUMBERS))), mutation: 'body:boundary-number' };
    }
    case 4: {
      const at = pick((v) => typeof v === 'string') ?? pick(() => true)!;
      const length = random.pick([65, 101, 201, 256, 10_000, 200_000]);
      return { body: JSON.stringify(setAt(root, at, 'x'.repeat(length))), mutation: 'body:long-string' };
    }
    case 5: {
      const at = pick((v) => typeof v === 'string') ?? pick(() => true)!;
      const current = getAt(root, at);
      const odd = random.pick(ODD_STRINGS);
      return { body: JSON.stringify(setAt(root, at, typeof current === 'string' ? current + odd : odd)), mutation: 'body:odd-characters' };
    }
    case 6: {
      const depth = random.pick([50, 1000, 20_000]);
      const nested = random.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const at = pick(() => true)!;
      return { body: JSON.stringify(setAt(root, at, '__nested__')).replace('"__nested__"', nested), mutation: 'body:deep-nesting' };
    }
    case 7: {
      const text = JSON.stringify(root);
      const keys = Object.keys(root ?? {});
      if (text.startsWith('{') && keys.length) {
        const key = random.pick(keys);
        return { body: `{${JSON.stringify(key)}:${JSON.stringify(random.pick(ODD_VALUES))},${text.slice(1)}`, mutation: 'body:duplicate-key' };
      }
      return { body: '{"a":1,"a":2}', mutation: 'body:duplicate-key' };
    }
    case 8:
      return { body: random.pick(MALFORMED), mutation: 'body:malformed-json' };
    default:
      return { body: random.pick(NON_OBJECTS), mutation: 'body:not-an-object' };
  }
}

/** One mutated request (about one in twelve is left valid, as a control). */
export function fuzzCase(doc: Doc, operations: Operation[], ids: PathIds, random: Random, keyPrefix: string): FuzzCase {
  const operation = random.pick(operations);
  const c = validRequest(doc, operation, ids, random, keyPrefix);
  const schema = bodySchema(doc, operation.op);
  const kind = random.int(0, 11);
  if (kind === 0) return c;
  if ((kind <= 4 || kind === 11) && schema) {
    const { body, mutation } = mutateBody(c.body ? JSON.parse(c.body) : {}, random);
    return { ...c, body, mutation, headers: { ...c.headers, 'content-type': 'application/json' } };
  }
  if (kind === 5 && operation.path.includes('{')) {
    const name = operation.path.match(/\{(\w+)\}/)![1];
    const path = operation.path.replace(`{${name}}`, random.pick(ODD_PATH_IDS)).replace(/\{(\w+)\}/g, (_, n) => ids[n] ?? 'none_0');
    return { ...c, path: path + (c.path.includes('?') ? c.path.slice(c.path.indexOf('?')) : ''), mutation: 'path:odd-id' };
  }
  if (kind === 6) {
    const base = c.path.split('?')[0];
    return { ...c, path: `${base}?${random.pick(ODD_QUERIES)}`, mutation: 'query:odd' };
  }
  if (kind === 7 && c.headers['idempotency-key'] !== undefined) {
    const headers = { ...c.headers };
    if (random.chance(0.3)) delete headers['idempotency-key'];
    else headers['idempotency-key'] = random.pick(BAD_KEYS);
    return { ...c, headers, mutation: 'header:bad-idempotency-key' };
  }
  if (kind === 8 && random.chance(0.3)) {
    const headers = { ...c.headers, 'content-type': 'application/json', ...random.pick(ODD_HEADERS) };
    return { ...c, headers, body: c.body ?? '{}', mutation: 'header:odd' };
  }
  if (kind === 8) {
    const headers = { ...c.headers, 'content-type': random.pick(CONTENT_TYPES) };
    return { ...c, headers, body: c.body ?? 'name=x', mutation: 'header:content-type' };
  }
  if (kind === 9) {
    if (operation.method === 'GET') return { ...c, method: 'HEAD', mutation: 'method:head' };
    const method = random.pick(['PUT', 'DELETE', 'PATCH', 'POST', 'GET']);
    // the path may serve that method too: then that route's statuses apply as well
    const other = operations.find((o) => o.path === operation.path && o.method === method);
    const specStatuses = [...new Set([...c.specStatuses, ...(other ? Object.keys(other.op.responses) : [])])];
    return { ...c, method, specStatuses, mutation: 'method:other' };
  }
  if (kind === 10 && c.idempotencyKey && random.chance(0.3)) {
    // a valid write whose client stops waiting: the server may still commit it
    return { ...c, mutation: 'client:abort', abortAfterMs: random.int(0, 30) };
  }
  if (kind === 10 && random.chance(0.05)) {
    // past the 4 MB limit
    return { ...c, headers: { ...c.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(4 * 1024 * 1024 + 16) }), mutation: 'body:over-4mb' };
  }
  if (kind === 10 && schema) {
    return { ...c, headers: { ...c.headers, 'content-type': 'application/json' }, body: '', mutation: 'body:empty' };
  }
  return c;
}
