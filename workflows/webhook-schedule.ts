// Webhook retry schedule and endpoint-disable rule (contract, "Delivery behaviour").
// Deterministic and free of I/O so it can run inside a Temporal workflow: the jitter comes
// from hashing a seed string (FNV-1a), never from a random source or the clock, so a replayed
// workflow computes the same waits.
import { MAX_DELIVERY_ATTEMPTS } from '../temporal/contracts.ts';

/** Attempts per delivery; afterwards it stays failed until redelivered. */
export const MAX_ATTEMPTS = MAX_DELIVERY_ATTEMPTS;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Wait before attempt n (index n - 2), counted from the failure of attempt n - 1. */
export const RETRY_WAITS_MS: readonly number[] = [
  1 * MINUTE, // attempt 2
  5 * MINUTE, // attempt 3
  30 * MINUTE, // attempt 4
  2 * HOUR, // attempt 5
  6 * HOUR, // attempt 6
  12 * HOUR, // attempt 7
  24 * HOUR, // attempt 8
];

/** "About 10 %": every wait lies in [0.9, 1.1) of its nominal value. */
export const JITTER_FRACTION = 0.1;

/** An endpoint failing this long, with no 2xx in between, is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

/** 32-bit FNV-1a over the string's UTF-16 code units: small, stable, good enough for jitter. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The nominal wait before `attempt` (2..8), without jitter or scale. */
export function nominalWaitMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 2 || attempt > MAX_ATTEMPTS) {
    throw new RangeError(`No retry wait for attempt ${attempt}: attempts 2..${MAX_ATTEMPTS} have one.`);
  }
  return RETRY_WAITS_MS[attempt - 2];
}

/** Jitter factor in [1 - 10 %, 1 + 10 %) from the seed. */
export function jitterFactor(seed: string): number {
  const unit = fnv1a32(seed) / 2 ** 32; // [0, 1)
  return 1 + JITTER_FRACTION * (2 * unit - 1);
}

export interface ScheduleOptions {
  /** Multiplies every wait and the disable window; 0.001 turns minutes into tens of ms for tests. */
  scale?: number;
}

function scaleOf(options: ScheduleOptions): number {
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`scale must be a positive number, got ${scale}.`);
  return scale;
}

/**
 * The jittered wait in whole ms before `attempt` (2..8) of the delivery `deliveryId`. The
 * same delivery and attempt always give the same wait; different deliveries spread out.
 */
export function waitBeforeAttemptMs(attempt: number, deliveryId: string, options: ScheduleOptions = {}): number {
  const wait = nominalWaitMs(attempt) * jitterFactor(`${deliveryId}#${attempt}`) * scaleOf(options);
  return Math.max(1, Math.round(wait));
}

/** After attempt `failedAttempt` failed: the wait before the next one, or null when none is left. */
export function nextRetry(
  failedAttempt: number,
  deliveryId: string,
  options: ScheduleOptions = {},
): { attempt: number; waitMs: number } | null {
  const attempt = failedAttempt + 1;
  if (attempt > MAX_ATTEMPTS) return null;
  return { attempt, waitMs: waitBeforeAttemptMs(attempt, deliveryId, options) };
}

type Instant = Date | number | string;

function toMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a time: ${String(instant)}`);
  return ms;
}

/**
 * The three-day rule: true when the endpoint's current run of failures (started at
 * `firstFailureAt`, reset by any 2xx, null when the last attempt succeeded) has lasted three
 * days or more at `now`.
 */
export function shouldDisable(firstFailureAt: Instant | null, now: Instant, options: ScheduleOptions = {}): boolean {
  if (firstFailureAt === null) return false;
  return toMs(now) - toMs(firstFailureAt) >= DISABLE_AFTER_MS * scaleOf(options);
}
