// One webhook delivery attempt (contract, "Delivery behaviour"): POST the exact JSON bytes
// with the Standard Webhooks headers, and report what happened. It never throws for a
// receiver's behaviour; every outcome is a `DeliveryResult` the caller logs.
//
// Safety: the URL policy runs again on every attempt, and the connection goes only to the
// address that policy checked: the dispatcher's `connect.lookup` answers with that address
// whatever the name is, so a second DNS answer (rebinding) is never used. TLS still verifies
// the certificate against the host name (SNI = the name). undici's `request` follows no
// redirects: a 3xx is reported as a failure.

import { rootCertificates } from 'node:tls';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { signatureHeader } from './signature.ts';
import { allowLoopbackFromEnv, checkWebhookUrl, type UrlAccepted, type UrlPolicyOptions } from './url-policy.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_READ_BYTES = 4 * 1024;
export const RESPONSE_KEEP_BYTES = 1024;

export type DeliveryFailure = 'non-2xx' | 'redirect' | 'timeout' | 'connection' | 'tls' | 'url-refused';

export interface DeliveryRequest {
  url: string;
  /** `webhook-id`: the same on every retry and redelivery. */
  msgId: string;
  timestampSeconds: number;
  /** The exact JSON bytes to send and sign. */
  rawBody: string;
  /** Plain `whsec_` secrets: one, or two during a rotation overlap. */
  secrets: readonly string[];
}

export interface DeliverOptions extends UrlPolicyOptions {
  /** Overall budget from the URL check to the end of reading (default 10 s). */
  timeoutMs?: number;
  /** Extra trusted CA certificates (PEM), added to Node's default roots. */
  extraCaCerts?: readonly string[];
  userAgent?: string;
}

export interface DeliveryResult {
  ok: boolean;
  /** The receiver's status, or null when none arrived. */
  status: number | null;
  failure?: DeliveryFailure;
  /** First 1 KiB (of at most 4 KiB read) of the response body, as text, for the delivery log. */
  responseSnippet: string;
  durationMs: number;
  /** Short technical reason for the log: the refusal code, or the network error code. */
  detail?: string;
  /** The address the connection was pinned to, when the URL passed the policy. */
  address?: string;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls.connect that always answers with the checked address. */
export function pinnedLookup(address: string, family: 4 | 6) {
  return (_hostname: string, options: LookupOptions | number | LookupCallback, callback?: LookupCallback): void => {
    const cb = (typeof options === 'function' ? options : callback)!;
    const all = typeof options === 'object' && options !== null && options.all === true;
    if (all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

const TLS_ERROR_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : (err as Error)?.name ?? 'error';
}

function classifyError(code: string): DeliveryFailure {
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  if (TLS_ERROR_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) return 'tls';
  return 'connection';
}

/** Reads at most `limit` bytes of the body, then drops the rest (the stream is destroyed). */
async function readAtMost(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const take = chunk.subarray(0, limit - total);
      chunks.push(take);
      total += take.length;
      if (total >= limit) break;
    }
  } catch {
    // A body cut short (reset, time-out) after the status arrived: keep what was read.
  }
  return Buffer.concat(chunks);
}

function snippet(bytes: Buffer): string {
  // stream: true drops a multi-byte character cut at the 1 KiB edge instead of garbling it.
  return new TextDecoder('utf-8').decode(bytes.subarray(0, RESPONSE_KEEP_BYTES), { stream: true });
}

/**
 * Options a worker reads from its environment: WEBHOOK_ALLOW_LOOPBACK (development only; throws
 * in production). Extra CAs for private receivers come from Node's own NODE_EXTRA_CA_CERTS,
 * which undici honours because no `ca` is given unless `extraCaCerts` is set.
 */
export function deliverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DeliverOptions {
  return { allowLoopback: allowLoopbackFromEnv(env), env };
}

export async function deliverWebhook(req: DeliveryRequest, options: DeliverOptions = {}): Promise<DeliveryResult> {
  // Signed before anything else: a missing secret is a programming error and throws here.
  const signature = signatureHeader(req.secrets, req.msgId, req.timestampSeconds, req.rawBody);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('webhook delivery timed out'));
  }, timeoutMs);
  const aborted = new Promise<'timeout'>((resolve) => controller.signal.addEventListener('abort', () => resolve('timeout')));

  let agent: Agent | undefined;
  try {
    const checked = await Promise.race([checkWebhookUrl(req.url, options), aborted]);
    if (checked === 'timeout') return { ok: false, status: null, failure: 'timeout', responseSnippet: '', durationMs: elapsed(), detail: 'dns_lookup_timeout' };
    if (!checked.ok) return { ok: false, status: null, failure: 'url-refused', responseSnippet: '', durationMs: elapsed(), detail: checked.code };

    agent = pinnedAgent(checked, timeoutMs, options.extraCaCerts);
    const target = new URL(checked.url.pathname + checked.url.search, checked.url.origin);
    try {
      const res = await request(target, {
        method: 'POST',
        dispatcher: agent,
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent ?? 'loadplan-webhooks/1',
          'webhook-id': req.msgId,
          'webhook-timestamp': String(req.timestampSeconds),
          'webhook-signature': signature,
        },
        body: req.rawBody,
      });
      const bytes = await readAtMost(res.body, RESPONSE_READ_BYTES);
      const status = res.statusCode;
      const base = { status, responseSnippet: snippet(bytes), durationMs: elapsed(), address: checked.address };
      if (status >= 200 && status < 300) return { ok: true, ...base };
      if (status >= 300 && status < 400) return { ok: false, failure: 'redirect', ...base, detail: `redirect to ${res.headers.location ?? '(no location)'}` };
      return { ok: false, failure: 'non-2xx', ...base };
    } catch (err) {
      const code = errorCode(err);
      return {
        ok: false,
        status: null,
        failure: timedOut ? 'timeout' : classifyError(code),
        responseSnippet: '',
        durationMs: elapsed(),
        detail: timedOut ? 'timeout' : code,
        address: checked.address,
      };
    }
  } finally {
    clearTimeout(timer);
    await agent?.destroy().catch(() => undefined);
  }
}

function pinnedAgent(checked: UrlAccepted, timeoutMs: number, extraCaCerts?: readonly string[]): Agent {
  return new Agent({
    connect: {
      lookup: pinnedLookup(checked.address, checked.family),
      timeout: timeoutMs,
      // `ca` replaces Node's roots, so extra CAs are appended to them rather than given alone.
      ...(extraCaCerts && extraCaCerts.length > 0 ? { ca: [...rootCertificates, ...extraCaCerts] } : {}),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
    pipelining: 0,
  });
}
