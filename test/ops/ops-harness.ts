// The operations server over a test API or worker, and the log lines a test captures.
import { request } from 'undici';
import { readEnv } from '../../config/env.ts';
import { createServices } from '../../api/services.ts';
import { startApiServer } from '../../api/server.ts';
import { logger, redirectLogs } from '../../ops/logger.ts';
import { startApiOps } from '../../ops/processes.ts';
import { testDatabaseUrl, testTemporalAddress } from '../support/env.ts';
import { call, idem, type CallOptions, type Reply } from '../support/api-harness.ts';

export interface OpsApi {
  url: string;
  opsUrl: string;
  sql: ReturnType<typeof createServices>['sql'];
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  post(key: string, path: string, body: unknown): Promise<Reply>;
  close(): Promise<void>;
}

/** An API process as bin/api.ts runs it: the public port and its operations port. */
export async function startOpsApi(databaseUrl = testDatabaseUrl(), env: Record<string, string> = {}): Promise<OpsApi> {
  const services = createServices(
    readEnv({ ...process.env, RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_KEY: '1000000', ...env }),
    databaseUrl,
    testTemporalAddress(),
  );
  const api = await startApiServer(services, '127.0.0.1', 0);
  const ops = await startApiOps({ host: '127.0.0.1', port: 0 }, services);
  return {
    url: api.url,
    opsUrl: ops.url,
    sql: services.sql,
    call: (method, path, options) => call(api.url, method, path, options),
    post: (key, path, body) => call(api.url, 'POST', `/api/v1${path}`, { key, body, idempotencyKey: idem() }),
    close: async () => {
      await ops.close();
      await api.close();
      await services.close();
    },
  };
}

export async function get(url: string): Promise<{ status: number; type: string; text: string }> {
  const res = await request(url);
  return { status: res.statusCode, type: String(res.headers['content-type']), text: await res.body.text() };
}

/** /readyz once it answers 200, or its last answer after 30 s: a cold start under load may miss the first deadlines. */
export async function untilReady(opsUrl: string): Promise<{ status: number; type: string; text: string }> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await get(`${opsUrl}/readyz`);
    if (res.status === 200 || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A counter's value in Prometheus text for exactly these labels (0 when absent). */
export function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2].split(/,(?=\w+=")/);
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

/** Every log line written while the suite's LOG_LEVEL may be silent: this file's process logs at info. */
export function captureLogs(): { lines(): Record<string, unknown>[]; text(): string; stop(): void } {
  logger.level = 'info';
  let text = '';
  const stop = redirectLogs({ write: (line: string) => (text += line) });
  return {
    lines: () => text.split('\n').filter(Boolean).map((l) => JSON.parse(l)),
    text: () => text,
    stop,
  };
}
