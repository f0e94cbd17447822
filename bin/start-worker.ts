// Builds a Temporal worker over the workflows and activities; shared by the worker entry
// point, the all-in-one dev command and the tests.
import { fileURLToPath } from 'node:url';
import { NativeConnection, Runtime, Worker, bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities/index.ts';
import { ensureSearchAttributes } from '../temporal/client.ts';
import { withTemporal } from '../temporal/connection.ts';
import { activityTelemetry } from '../ops/worker-telemetry.ts';
import { bundlerLogger, temporalSdkLogger } from '../ops/temporal-logger.ts';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

export async function bundleWorkflows(): Promise<{ code: string }> {
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: bundlerLogger });
}

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** A prebuilt bundle (tests build it once); otherwise the workflows are bundled here. */
  bundle?: WorkflowBundleOption;
  maxConcurrentActivityTaskExecutions?: number;
  /** host:port for the SDK's own Prometheus exporter (once per process, before the first connection). */
  temporalMetricsAddress?: string;
}

let runtimeInstalled = false;
/** The SDK logs every state change at INFO; warnings and errors are what an operator needs here. */
function installRuntime(metricsAddress?: string): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const telemetryOptions = metricsAddress ? { metrics: { prometheus: { bindAddress: metricsAddress } } } : undefined;
  Runtime.install({ logger: temporalSdkLogger(), telemetryOptions });
}

export async function createWorker(options: WorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  installRuntime(options.temporalMetricsAddress);
  const connection = await NativeConnection.connect({ address: options.address });
  await withTemporal({ address: options.address, namespace: options.namespace }, ensureSearchAttributes);
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: createActivities(options.deps),
    ...(options.bundle ? { workflowBundle: options.bundle } : { workflowsPath: WORKFLOWS_PATH, bundlerOptions: { logger: bundlerLogger } as any }),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivityTaskExecutions ?? 4,
    interceptors: { activity: [activityTelemetry] },
    // heartbeats (solve progress, and the way a cancel reaches a running solve) go out at
    // most this far apart: a cancel then stops the solve within about a second
    maxHeartbeatThrottleInterval: '500 milliseconds',
    defaultHeartbeatThrottleInterval: '500 milliseconds',
  });
  return { worker, connection };
}
