// Errors that say the database cannot be reached right now (down, restarting, refusing
// connections), as opposed to a query that failed: callers answer "retry later" for these.

/** Node socket errors and postgres.js's own connection errors. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED',
]);

/**
 * SQLSTATEs of a server going away or not taking work yet: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up),
 * 53300 too many connections.
 */
const SERVER_STATES = /^(08...|57P0[123]|53300)$/;

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return CONNECTION_CODES.has(code) || SERVER_STATES.test(code);
}
