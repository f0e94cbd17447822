// Standard Webhooks signing (contract, "Signature verification"): the signed content is
// `<webhook-id>.<webhook-timestamp>.<raw body>`, the key is the base64 part of the secret after
// `whsec_`, the signature is `v1,` + base64(HMAC-SHA256). During a secret rotation a request
// carries one signature per secret, space-separated. The HMAC is the standardwebhooks
// package's own signer; this file adds the secret format check, rotation and verification.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SECRET_PREFIX = 'whsec_';
/** Receivers reject timestamps further than this from their clock (decisions.md). */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const DIGEST_BYTES = 32; // SHA-256

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key of a `whsec_` secret; throws on anything else. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook signing secret starts with whsec_.');
  const b64 = secret.slice(SECRET_PREFIX.length);
  const key = Buffer.from(b64, 'base64');
  if (key.length < 16 || key.toString('base64').replace(/=+$/, '') !== b64.replace(/=+$/, '')) {
    throw new Error('A webhook signing secret holds base64 of at least 16 bytes after whsec_.');
  }
  return key;
}

/** The package's own signer over our validated key (`format: 'raw'` takes the key bytes). */
function signer(secret: string): Webhook {
  return new Webhook(secretKey(secret), { format: 'raw' });
}

/** The signer takes a string or a Buffer; bytes are the UTF-8 text of the body. */
const payloadOf = (rawBody: string | Uint8Array): string | Buffer => (typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody));

/** One signature, `v1,<base64>`, computed by the standardwebhooks package. `rawBody` must be the exact bytes sent. */
export function sign(secret: string, msgId: string, timestampSeconds: number, rawBody: string | Uint8Array): string {
  return signer(secret).sign(msgId, new Date(timestampSeconds * 1000), payloadOf(rawBody));
}

/** The `webhook-signature` header: one signature per active secret (two during a rotation). */
export function signatureHeader(
  secrets: readonly string[],
  msgId: string,
  timestampSeconds: number,
  rawBody: string | Uint8Array,
): string {
  if (secrets.length === 0) throw new Error('At least one signing secret is needed.');
  return secrets.map((s) => sign(s, msgId, timestampSeconds, rawBody)).join(' ');
}

export interface WebhookHeaders {
  'webhook-id'?: string;
  'webhook-timestamp'?: string;
  'webhook-signature'?: string;
}

export type VerifyFailure = 'missing_headers' | 'invalid_timestamp' | 'timestamp_out_of_tolerance' | 'no_matching_signature';

export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

/**
 * Receiver-side check (used by our tests and offered to integrators): accepts when the
 * timestamp is within tolerance and any `v1,` signature matches any of `secrets`.
 * Comparisons are constant-time over fixed-length 32-byte digests; candidates of another
 * length are skipped without comparing (timingSafeEqual throws on unequal lengths).
 */
export function verify(
  secrets: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): VerifyResult {
  const msgId = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const header = headers['webhook-signature'];
  if (!msgId || !ts || !header) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'invalid_timestamp' };

  const timestamp = Number(ts);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? TIMESTAMP_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: 'timestamp_out_of_tolerance' };

  const candidates = header
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'))
    .filter((buf) => buf.length === DIGEST_BYTES);

  let matched = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = Buffer.from(sign(secret, msgId, timestamp, rawBody).slice(3), 'base64');
    // No early exit: every candidate is compared, so timing does not tell which one matched.
    for (const candidate of candidates) matched = timingSafeEqual(expected, candidate) || matched;
  }
  return matched ? { ok: true } : { ok: false, reason: 'no_matching_signature' };
}
