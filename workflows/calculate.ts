// One Calculate run: begin -> solve (racing a cancel signal and the run timer) -> store.
// Every path ends the run in exactly one terminal state with exactly one event.
import {
  ActivityCancellationType, ActivityFailure, ApplicationFailure, CancellationScope, condition, defineQuery,
  defineSignal, isCancellation, proxyActivities, setHandler, sleep,
} from '@temporalio/workflow';
import type { calculateActivities } from '../activities/calculate/index.ts';
import type { webhookActivities } from '../activities/webhooks.ts';
import { QUERY, SIGNAL, type CalculateOutcome, type CalculateWorkflowInput } from '../temporal/contracts.ts';

type CalculateActivities = ReturnType<typeof calculateActivities>;
type WebhookActivities = ReturnType<typeof webhookActivities>;

export type { CalculateOutcome, CalculateWorkflowInput };

export const cancelCalculateSignal = defineSignal(SIGNAL.cancelCalculate);
export const calculateOutcomeQuery = defineQuery<string>(QUERY.calculateState);

const { calculateBegin, calculateEnd } = proxyActivities<CalculateActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 20 },
});

// Heartbeats every second; a worker that dies is noticed after 5 s and the attempt retried.
const { calculateSolve } = proxyActivities<CalculateActivities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '5 seconds',
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  retry: { initialInterval: '1 second', maximumInterval: '5 seconds', maximumAttempts: 3 },
});

// The store retries through a database outage of a minute or more.
const { calculateStore } = proxyActivities<CalculateActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 1.5, maximumInterval: '10 seconds', maximumAttempts: 30 },
});

// Announcing the end is best effort here: the hourly sweep sends any event this misses.
const { dispatchCalculateEvent } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 5 },
});

/** Runs the Calculate, then sends the webhook event it ended with. */
export async function calculateWorkflow(input: CalculateWorkflowInput): Promise<CalculateOutcome> {
  const outcome = await runCalculate(input);
  await CancellationScope.nonCancellable(() => dispatchCalculateEvent(input.runId)).catch(() => undefined);
  return outcome;
}

async function runCalculate(input: CalculateWorkflowInput): Promise<CalculateOutcome> {
  let cancelRequested = false;
  let state = 'queued';
  setHandler(cancelCalculateSignal, () => {
    cancelRequested = true;
  });
  setHandler(calculateOutcomeQuery, () => state);
  const deadline = Date.now() + input.maxDurationSeconds * 1000;

  if (cancelRequested) return end(input.runId, { status: 'cancelled' });
  const begun = await calculateBegin(input.runId);
  if (begun !== 'running') return begun;
  state = 'solving';

  const solving = new CancellationScope();
  const solved = solving.run(() => calculateSolve(input.runId, input.solveTimeBudgetMs));
  const stop = Promise.race([
    condition(() => cancelRequested).then(() => 'cancelled' as const),
    sleep(Math.max(0, deadline - Date.now())).then(() => 'timed_out' as const),
  ]);
  const first = await Promise.race([solved.then(() => 'solved' as const, () => 'solve-failed' as const), stop]);

  if (first !== 'solved' && first !== 'solve-failed') {
    solving.cancel();
    await solved.catch(() => undefined); // WAIT_CANCELLATION_COMPLETED: the thread has stopped
    state = first;
    return end(input.runId, { status: first });
  }
  if (first === 'solve-failed') {
    const err = await solved.then(() => null, (e) => e);
    state = 'failed';
    return end(input.runId, { status: 'failed', failureCode: 'solver_error', failureMessage: messageOf(err) });
  }
  state = 'storing';
  const stored = await calculateStore(input.runId);
  state = stored.kind;
  return stored.kind === 'completed' ? 'completed' : 'failed';
}

async function end(
  runId: string,
  how: { status: 'cancelled' } | { status: 'timed_out' } | { status: 'failed'; failureCode: string; failureMessage: string },
): Promise<CalculateOutcome> {
  await CancellationScope.nonCancellable(() => calculateEnd(runId, how));
  return how.status;
}

function messageOf(err: unknown): string {
  if (err instanceof ActivityFailure && err.cause) return messageOf(err.cause);
  if (err instanceof ApplicationFailure || err instanceof Error) return err.message;
  if (isCancellation(err)) return 'cancelled';
  return String(err);
}
