// Worker metrics and log lines from one activity interceptor: the activities and workflows
// stay free of telemetry, and every activity execution gives one JSON line. Calculate and
// webhook counters are read off the activities' own results (names below).
import { Context } from '@temporalio/activity';
import type { ActivityInterceptors } from '@temporalio/worker';
import { logger } from './logger.ts';
import {
  activityQueueWait, calculatesEnded, calculatesStarted, solveDuration, solvePieces, webhookAttempts, webhookEndpointsDisabled,
} from './metrics.ts';

type CalculateOutcome = 'completed' | 'failed' | 'cancelled' | 'timed_out';

/** What an activity's result means for the counters. */
function countResult(activity: string, args: unknown[], result: unknown, seconds: number): void {
  switch (activity) {
    case 'calculateBegin':
      if (result === 'running') calculatesStarted.inc();
      else calculatesEnded.inc({ outcome: result as CalculateOutcome });
      break;
    case 'calculateSolve': {
      const placements = (result as { placements?: number } | null)?.placements ?? -1;
      if (placements >= 0) {
        // -1: an earlier attempt had already solved and staged it
        solveDuration.observe({ outcome: 'solved' }, seconds);
        solvePieces.observe(placements);
      }
      break;
    }
    case 'calculateStore':
      calculatesEnded.inc({ outcome: (result as { kind?: string } | null)?.kind === 'completed' ? 'completed' : 'failed' });
      break;
    case 'calculateEnd':
      calculatesEnded.inc({ outcome: (args[1] as { status: CalculateOutcome }).status });
      break;
    case 'attemptWebhookDelivery':
      webhookAttempts.inc({ outcome: (result as { outcome: string }).outcome });
      break;
    case 'disableFailingWebhookEndpoint':
      if (result === true) webhookEndpointsDisabled.inc();
      break;
  }
}

function countFailure(activity: string, seconds: number): void {
  if (activity === 'calculateSolve') solveDuration.observe({ outcome: 'failed' }, seconds);
  if (activity === 'attemptWebhookDelivery') webhookAttempts.inc({ outcome: 'error' });
}

export function activityTelemetry(ctx: Context): ActivityInterceptors {
  const info = ctx.info;
  return {
    inbound: {
      async execute(input, next) {
        const started = Date.now();
        activityQueueWait.observe({ activity: info.activityType }, Math.max(0, started - info.currentAttemptScheduledTimestampMs) / 1000);
        const line = {
          activity: info.activityType,
          workflowId: info.workflowExecution?.workflowId,
          attempt: info.attempt,
          // the first argument is the subject's id (run, delivery, event); the rest may be longer texts
          subject: typeof input.args[0] === 'string' ? input.args[0] : undefined,
        };
        logger.debug({ ...line, queueWaitMs: started - info.currentAttemptScheduledTimestampMs }, 'activity started');
        try {
          const result = await next(input);
          const seconds = (Date.now() - started) / 1000;
          countResult(info.activityType, input.args, result, seconds);
          logger.info({ ...line, outcome: 'completed', durationMs: Date.now() - started, result: summary(result) }, 'activity');
          return result;
        } catch (err) {
          const seconds = (Date.now() - started) / 1000;
          countFailure(info.activityType, seconds);
          logger.warn({ ...line, outcome: 'failed', durationMs: Date.now() - started, error: (err as Error)?.message }, 'activity');
          throw err;
        }
      },
    },
  };
}

/** Results are small status objects; anything else is reduced to its type. */
function summary(result: unknown): unknown {
  if (result === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof result)) return result;
  const text = JSON.stringify(result);
  return text.length <= 300 ? result : { type: typeof result, size: text.length };
}
