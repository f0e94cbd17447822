// Runs the (synchronous) solver off the activity's event loop, so heartbeats and
// cancellation keep flowing; the parent terminates this thread on cancel.
import { parentPort, workerData } from 'node:worker_threads';
import { solve } from '../../solver/index.ts';
import type { SolveInput } from '../../solver/types.ts';

const input = workerData as SolveInput;
try {
  const result = solve(input, { onProgress: (progress) => parentPort!.postMessage({ type: 'progress', progress }) });
  parentPort!.postMessage({ type: 'done', result });
} catch (err) {
  parentPort!.postMessage({ type: 'error', message: (err as Error).message ?? String(err) });
}
