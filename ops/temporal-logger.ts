// The Temporal SDK's own log lines (the worker's state, workflow and activity logs) as pino
// JSON lines, at WARN and above: the SDK logs every state change at INFO.
import { DefaultLogger, type LogEntry } from '@temporalio/worker';
import { logger } from './logger.ts';

const LEVELS = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

export function temporalSdkLogger(): DefaultLogger {
  return new DefaultLogger('WARN', (entry: LogEntry) => {
    logger[LEVELS[entry.level]]({ ...entry.meta, source: 'temporal-sdk' }, entry.message);
  });
}

/** Messages from bundling the workflows, which happen once at start. */
export const bundlerLogger = {
  log() {},
  trace() {},
  debug() {},
  info() {},
  warn: (message: string) => logger.warn({ source: 'workflow-bundler' }, message),
  error: (message: string) => logger.error({ source: 'workflow-bundler' }, message),
};
