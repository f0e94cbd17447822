// Starts the solver in a worker thread and resolves with its result; abort() ends the thread.
import { Worker } from 'node:worker_threads';
import type { SolveInput, SolveProgress, SolveResult } from '../../solver/types.ts';

const THREAD = new URL('./solve-thread-boot.mjs', import.meta.url);

export class SolverThreadError extends Error {}

export function runSolverThread(
  input: SolveInput,
  onProgress: (p: SolveProgress) => void,
  signal: AbortSignal,
): Promise<SolveResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD, { workerData: input });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      void worker.terminate();
      finish(() => reject(signal.reason ?? new Error('solve aborted')));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);
    worker.on('message', (m: any) => {
      if (m.type === 'progress') onProgress(m.progress);
      else if (m.type === 'done') finish(() => resolve(m.result));
      else if (m.type === 'error') finish(() => reject(new SolverThreadError(m.message)));
    });
    worker.on('error', (err) => finish(() => reject(new SolverThreadError(err.message))));
    worker.on('exit', (code) => finish(() => reject(new SolverThreadError(`solver thread exited with code ${code}`))));
  });
}
