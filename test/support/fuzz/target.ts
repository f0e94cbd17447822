// The organization's resources the fuzzer aims at: a Project and a Load Plan made through
// the API, and the document the server serves.
import { request } from 'undici';
import type { FuzzTarget } from './run.ts';

async function call(url: string, apiKey: string, method: string, body?: unknown): Promise<any> {
  const res = await request(url, {
    method: method as any,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': `target-${Date.now()}-${Math.random()}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.body.json()) as any;
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${JSON.stringify(parsed)}`);
  return parsed;
}

/** `baseUrl` ends with /api/v1. */
export async function fuzzTarget(baseUrl: string, apiKey: string): Promise<FuzzTarget> {
  const doc = await (await request(`${baseUrl}/spec.json`)).body.json();
  const project = await call(`${baseUrl}/projects`, apiKey, 'POST', { name: 'Fuzzed' });
  const plan = await call(`${baseUrl}/projects/${project.id}/load-plans`, apiKey, 'POST', { name: 'Fuzzed plan' });
  await call(`${baseUrl}/projects/${project.id}/cargo`, apiKey, 'POST', { lines: [{ name: 'Crate', quantity: 2, lengthMm: 1000, widthMm: 800, heightMm: 600, weightG: 50_000 }] });
  return { baseUrl, apiKey, doc: doc as any, ids: { projectId: project.id, loadPlanId: plan.id, id: 'calc_none' } };
}
