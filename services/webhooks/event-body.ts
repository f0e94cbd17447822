// The exact bytes a delivery sends. Events are stored as jsonb, which reorders object keys;
// this puts the contract's fields back in the contract's order so every attempt (and every
// redelivery) of an event sends the same, readable body.

const TOP = ['id', 'type', 'createdAt', 'data'];
const CALCULATE_DATA = ['calculateId', 'loadPlanId', 'projectId', 'revision', 'source', 'failureCode'];
const TEST_DATA = ['endpointId', 'message'];

function ordered(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in value) out[k] = value[k];
  for (const k of Object.keys(value).sort()) if (!(k in out)) out[k] = value[k];
  return out;
}

export function eventBodyJson(payload: unknown): string {
  const body = payload as Record<string, unknown>;
  const data = body.data as Record<string, unknown> | undefined;
  const top = ordered(body, TOP);
  if (data && typeof data === 'object') top.data = ordered(data, body.type === 'webhook.test' ? TEST_DATA : CALCULATE_DATA);
  return JSON.stringify(top);
}
