// The operations port: GET /livez, GET /readyz, GET /metrics. Separate from the public API
// port, with no key and no rate limit, so probes and scrapers never compete with clients.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './metrics.ts';
import { runChecks, type ReadinessChecks } from './readiness.ts';

export interface OpsServerOptions {
  host: string;
  port: number;
  /** What must hold for the process to take work (Postgres, Temporal, polling). */
  checks: ReadinessChecks;
  /** More Prometheus text appended to /metrics (the Temporal SDK's own exporter). */
  extraMetrics?: () => Promise<string>;
}

export interface RunningOpsServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startOpsServer(options: OpsServerOptions): Promise<RunningOpsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'method not allowed\n', { allow: 'GET, HEAD' });
    if (path === '/livez') return send(200, 'application/json', '{"status":"live"}\n');
    if (path === '/readyz') {
      return void runChecks(options.checks).then((result) =>
        send(result.ready ? 200 : 503, 'application/json', JSON.stringify(result) + '\n'),
      );
    }
    if (path === '/metrics') {
      return void metricsText(options.extraMetrics).then(
        (text) => send(200, registry.contentType, text),
        (err) => send(500, 'text/plain', `metrics unavailable: ${(err as Error).message}\n`),
      );
    }
    send(404, 'text/plain', 'not found: /livez, /readyz, /metrics\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function metricsText(extra?: () => Promise<string>): Promise<string> {
  const own = await registry.metrics();
  if (!extra) return own;
  // the SDK's exporter being down must not hide our own metrics
  const more = await extra().catch(() => '');
  return more ? `${own}\n${more}` : own;
}
