// The one structured logger (pino): one JSON line per event on stdout. Secrets are never
// written: the request line carries no headers or bodies at all, and these paths are
// censored wherever an object reaches a log call (errors, activity results).
import { pino, type Logger } from 'pino';

/** Field names that may hold an API key, a webhook secret, a share token or a password. */
const SECRET_FIELDS = ['authorization', 'cookie', 'apiKey', 'key', 'secret', 'secrets', 'signingSecret', 'token', 'shareToken', 'password', 'DATABASE_URL', 'SMTP_URL', 'WEBHOOK_SECRET_KEY'];

export const REDACT_PATHS = SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `headers["${f}"]`, `*.headers["${f}"]`]);

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const level = LEVELS.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info';

/**
 * stdout through pino's own asynchronous destination (sonic-boom): a write to a pipe is
 * synchronous in Node on Linux, one system call per line (per request); this one writes
 * off the event loop, and lines logged while a write is in flight go out together. It
 * flushes synchronously when the process exits.
 */
const stdout = pino.destination({ dest: 1, sync: false });
/** Where the lines go: stdout, or a stream a test swaps in. */
let target: { write(line: string): unknown } = stdout;
const destination = { write: (line: string) => target.write(line) };

const options = {
  level,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

export const logger: Logger = pino({ ...options, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);

/**
 * The one line per HTTP request, without the redaction pass (a tenth of a request's CPU in
 * a profile): that line is built from a fixed set of fields that hold no secret (ids,
 * method, route template, path outside share pages, status, duration). Anything else
 * goes through `logger`.
 */
export const requestLogger: Logger = pino(options, destination);
// one level for both: setting the logger's sets the request line's
logger.on('level-change', (label) => {
  requestLogger.level = label;
});

/** Sends log lines to `stream` until the returned function is called (tests read them). */
export function redirectLogs(stream: { write(line: string): unknown }): () => void {
  const previous = target;
  target = stream;
  return () => {
    target = previous;
  };
}
