// A local Temporal dev server (with its Web UI) for machines with no TEMPORAL_ADDRESS.
// The binary is found in this order: TEMPORAL_CLI_PATH; `temporal` on PATH; a copy built
// earlier into the cache; a build with the Go toolchain; last, the SDK's own download.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { freePort } from './free-port.ts';
import { SEARCH_ATTRIBUTES } from '../../temporal/contracts.ts';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const CACHE_DIR = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'loadplan', `temporal-${TEMPORAL_CLI_VERSION}`);

export interface LocalTemporal {
  address: string;
  uiUrl: string | null;
  stop(): Promise<void>;
  /** SIGKILL, no shutdown (fault drills); the SDK-downloaded server only stops. */
  kill(): Promise<void>;
}

function onPath(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function buildWithGo(log: (line: string) => void): string | null {
  const go = onPath('go');
  if (!go) return null;
  log(`building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into ${CACHE_DIR} (a few minutes, once)…`);
  const built = spawnSync(go, ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
    env: { ...process.env, GOBIN: CACHE_DIR, CGO_ENABLED: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const binary = join(CACHE_DIR, 'temporal');
  return built.status === 0 && existsSync(binary) ? binary : null;
}

/** Where the `temporal` binary is, building it if need be; null = use the SDK's download. */
export async function findTemporalCli(log: (line: string) => void): Promise<string | null> {
  if (process.env.TEMPORAL_CLI_PATH) return process.env.TEMPORAL_CLI_PATH;
  const fromPath = onPath('temporal');
  if (fromPath) return fromPath;
  const cached = join(CACHE_DIR, 'temporal');
  if (existsSync(cached)) return cached;
  await mkdir(CACHE_DIR, { recursive: true });
  return buildWithGo(log);
}

async function waitForFrontend(address: string, child: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`temporal dev server exited with code ${child.exitCode}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`temporal dev server at ${address} not ready: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

export async function startTemporalDevServer(options: {
  dbFile: string | null;
  port?: number;
  uiPort?: number;
  ui: boolean;
  log: (line: string) => void;
}): Promise<LocalTemporal> {
  const port = options.port ?? (await freePort());
  const uiPort = options.uiPort ?? (await freePort());
  const address = `127.0.0.1:${port}`;
  const binary = await findTemporalCli(options.log);
  if (!binary) return startWithSdkDownload(port, uiPort, options.ui);

  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'error'];
  args.push(...(options.ui ? ['--ui-port', String(uiPort)] : ['--headless']));
  if (options.dbFile) args.push('--db-filename', options.dbFile);
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${name}=${type}`);
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: false });
  // never outlive the process that started it, whatever way it ends
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  try {
    await waitForFrontend(address, child, 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${String(err)}\n${stderr}`);
  }
  return {
    address,
    uiUrl: options.ui ? `http://127.0.0.1:${uiPort}` : null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        process.off('exit', killChild);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        process.off('exit', killChild);
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Machines with internet and no Go: the SDK downloads a dev server itself. */
async function startWithSdkDownload(port: number, uiPort: number, ui: boolean): Promise<LocalTemporal> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port,
      ui,
      uiPort,
      extraArgs: Object.entries(SEARCH_ATTRIBUTES).flatMap(([n, t]) => ['--search-attribute', `${n}=${t}`]),
    },
  });
  const stop = () => env.teardown();
  return { address: `127.0.0.1:${port}`, uiUrl: ui ? `http://127.0.0.1:${uiPort}` : null, stop, kill: stop };
}
