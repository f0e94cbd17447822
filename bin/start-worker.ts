// Builds a Temporal worker over the workflows and activities; shared by the worker entry
// point, the all-in-one dev command and the tests.
import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities/index.ts';
import { ensureSearchAttributes } from '../temporal/client.ts';
import { withTemporal } from '../temporal/connection.ts';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

export async function bundleWorkflows(): Promise<{ code: string }> {
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietLogger });
}

const quietLogger = {
  log() {},
  trace() {},
  debug() {},
  info() {},
  warn(message: string) {
    console.warn('[bundler]', message);
  },
  error(message: string) {
    console.error('[bundler]', message);
  },
};

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** A prebuilt bundle (tests build it once); otherwise the workflows are bundled here. */
  bundle?: WorkflowBundleOption;
  maxConcurrentActivityTaskExecutions?: number;
}

let runtimeInstalled = false;
/** The SDK logs every state change at INFO; warnings and errors are what an operator needs here. */
function installRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({ logger: new DefaultLogger('WARN') });
}

export async function createWorker(options: WorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  installRuntime();
  const connection = await NativeConnection.connect({ address: options.address });
  await withTemporal({ address: options.address, namespace: options.namespace }, ensureSearchAttributes);
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: createActivities(options.deps),
    ...(options.bundle ? { workflowBundle: options.bundle } : { workflowsPath: WORKFLOWS_PATH, bundlerOptions: { logger: quietLogger } as any }),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivityTaskExecutions ?? 4,
    // heartbeats (solve progress, and the way a cancel reaches a running solve) go out at
    // most this far apart: a cancel then stops the solve within about a second
    maxHeartbeatThrottleInterval: '500 milliseconds',
    defaultHeartbeatThrottleInterval: '500 milliseconds',
  });
  return { worker, connection };
}
