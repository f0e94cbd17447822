// Data API benchmark: imports 5,000 cargo lines in one request, then pages through a
// Project of 20,000 lines (four imports) with the largest and the default page size.
// Against a running service: API_URL=http://host:port API_KEY=sc_live_… npm run bench:data
// Otherwise it starts an embedded Postgres and the API in this process, as the tests do.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { readEnv } from '../config/env.ts';
import { createServices } from '../api/services.ts';
import { startApiServer } from '../api/server.ts';
import { createApiKey } from '../db/api-keys.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';
import { scriptArgs } from './bench/script-args.ts';

scriptArgs(import.meta.url, { options: {} }); // no flags: --help prints the usage, anything else is refused

interface Target {
  url: string;
  key: string;
  stop(): Promise<void>;
}

async function localTarget(): Promise<Target> {
  const dataDir = join(tmpdir(), `loadplan-bench-data-${process.pid}`);
  await mkdir(dataDir, { recursive: true });
  // the data routes never reach Temporal: no dev server is started
  const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, temporalAddress: '127.0.0.1:1', log: () => {} } as any);
  const sql = connect(infra.databaseUrl, { max: 2 });
  await migrate(sql);
  await seedBuiltIns(sql);
  const org = await createOrganization(sql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
  const owner = await addMember(sql, { organizationId: org.id, email: 'bench@example.test', role: 'owner' });
  const key = await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id });
  await sql.end();
  const env = readEnv({ ...process.env, RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' });
  const services = createServices(env, infra.databaseUrl, infra.temporalAddress);
  const api = await startApiServer(services, '127.0.0.1', 0);
  return {
    url: api.url,
    key: key.secret,
    async stop() {
      await api.close();
      await services.close();
      await infra.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(target: Target, method: string, path: string, body?: unknown): Promise<any> {
  const headers: Record<string, string> = { authorization: `Bearer ${target.key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = randomUUID();
  const res = await request(`${target.url}/api/v1${path}`, { method: method as any, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

function lines(batch: number) {
  return Array.from({ length: 5000 }, (_, i) => ({
    name: `Line ${batch}-${i}`,
    quantity: 1 + (i % 7),
    lengthMm: 400 + (i % 900),
    widthMm: 300 + (i % 500),
    heightMm: 200 + (i % 800),
    weightG: 5_000 + i * 13,
    groupKey: i % 50 === 0 ? `g${i}` : null,
    stop: i % 3 === 0 ? 1 + (i % 5) : null,
    rotation: i % 2 ? 'free' : 'upright',
  }));
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function pageThrough(target: Target, projectId: string, limit: number): Promise<{ pages: number; items: number; totalMs: number; worstMs: number }> {
  let cursor: string | null = null;
  let pages = 0;
  let items = 0;
  let worstMs = 0;
  const start = process.hrtime.bigint();
  do {
    const t0 = process.hrtime.bigint();
    const page: any = await call(target, 'GET', `/projects/${projectId}/cargo?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    worstMs = Math.max(worstMs, ms(t0));
    pages++;
    items += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return { pages, items, totalMs: ms(start), worstMs };
}

async function main() {
  const target: Target = process.env.API_URL && process.env.API_KEY
    ? { url: process.env.API_URL.replace(/\/$/, ''), key: process.env.API_KEY, stop: async () => {} }
    : await localTarget();
  try {
    const project = await call(target, 'POST', '/projects', { name: `bench ${new Date().toISOString()}` });
    await call(target, 'POST', `/projects/${project.id}/load-plans`, { name: 'bench plan' });
    const importMs: number[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const body = { lines: lines(batch) };
      const t0 = process.hrtime.bigint();
      const res = await call(target, 'POST', `/projects/${project.id}/cargo`, body);
      importMs.push(ms(t0));
      if (res.count !== 5000) throw new Error(`imported ${res.count}`);
    }
    console.log(`import 5,000 lines (one request, ${(JSON.stringify({ lines: lines(0) }).length / 1e6).toFixed(2)} MB): ${importMs.map((m) => m.toFixed(0)).join(' / ')} ms (4 imports, 0 → 20,000 lines)`);
    for (const limit of [500, 100]) {
      const r = await pageThrough(target, project.id, limit);
      if (r.items !== 20000) throw new Error(`paged ${r.items} lines`);
      console.log(`page through 20,000 lines, limit ${limit}: ${r.pages} pages in ${r.totalMs.toFixed(0)} ms (${(r.totalMs / r.pages).toFixed(1)} ms/page mean, worst ${r.worstMs.toFixed(1)} ms)`);
    }
  } finally {
    await target.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
