// Delivery attempts against a real HTTPS receiver on 127.0.0.1, with a CA generated for the
// test run. The receiver's name `receiver.test` exists in no DNS: only the injected resolver
// knows it, so a successful delivery also proves the connection used the checked address.

import test from 'ava';
import { createServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { deliverWebhook, type DeliverOptions, type DeliveryRequest } from '../../../services/webhooks/deliver.ts';
import { generateSecret } from '../../../services/webhooks/signature.ts';
import type { LookupAll } from '../../../services/webhooks/url-policy.ts';
import { createTestPki, type TestPki } from '../../support/tls/test-ca.ts';
import { startReceiver, type Receiver } from './https-receiver.ts';

let pki: TestPki;
let receiver: Receiver;
let untrusted: Receiver;

test.before(async () => {
  pki = await createTestPki(['receiver.test']);
  receiver = await startReceiver({ cert: pki.serverCert, key: pki.serverKey });
  untrusted = await startReceiver({ cert: pki.untrustedCert, key: pki.untrustedKey });
});

test.after.always(async () => {
  await receiver?.close();
  await untrusted?.close();
});

/** A resolver that knows the test names and counts its calls. */
function dns(addresses: string[] | (() => string[]) = ['127.0.0.1']): LookupAll & { calls: number } {
  const fn = async (hostname: string) => {
    fn.calls++;
    if (hostname !== 'receiver.test' && hostname !== 'other.test') {
      throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    const list = typeof addresses === 'function' ? addresses() : addresses;
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  fn.calls = 0;
  return fn;
}

function options(extra: Partial<DeliverOptions> = {}): DeliverOptions {
  return { lookup: dns(), allowLoopback: true, extraCaCerts: [pki.caCert], env: { NODE_ENV: 'test' }, ...extra };
}

function event(path: string, secrets: string[], port = receiver.port): DeliveryRequest {
  const rawBody = JSON.stringify({
    id: `evt_${path.slice(1)}`,
    type: 'calculate.completed',
    createdAt: new Date().toISOString(),
    data: { calculateId: 'calc_1', loadPlanId: 'lp_1', projectId: 'prj_1', revision: 4, source: 'api', failureCode: null },
  });
  return { url: `https://receiver.test:${port}${path}`, msgId: `msg_${path.slice(1)}`, timestampSeconds: Math.floor(Date.now() / 1000), rawBody, secrets };
}

function standardHeaders(headers: Record<string, unknown>): Record<string, string> {
  const pick = (k: string) => String(headers[k] ?? '');
  return { 'webhook-id': pick('webhook-id'), 'webhook-timestamp': pick('webhook-timestamp'), 'webhook-signature': pick('webhook-signature') };
}

test('a 2xx delivery carries the Standard Webhooks headers and a signature standardwebhooks verifies', async (t) => {
  const secret = generateSecret();
  receiver.on('/ok', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
  const req = event('/ok', [secret]);
  const result = await deliverWebhook(req, options());

  t.like(result, { ok: true, status: 200, responseSnippet: 'thanks', address: '127.0.0.1' });
  t.is(result.failure, undefined);
  t.true(result.durationMs >= 0);
  const [got] = receiver.received('/ok');
  t.is(got.method, 'POST');
  t.is(got.headers['content-type'], 'application/json');
  t.is(got.headers['webhook-id'], req.msgId);
  t.is(got.headers['webhook-timestamp'], String(req.timestampSeconds));
  t.is(got.body, req.rawBody);
  t.notThrows(() => new Webhook(secret).verify(got.body, standardHeaders(got.headers)));
});

test('during a rotation both the old and the new secret verify the same delivery', async (t) => {
  const [oldSecret, newSecret] = [generateSecret(), generateSecret()];
  receiver.on('/rotation', (_req, res) => res.writeHead(204).end());
  const result = await deliverWebhook(event('/rotation', [newSecret, oldSecret]), options());

  t.like(result, { ok: true, status: 204 });
  const [got] = receiver.received('/rotation');
  t.is(String(got.headers['webhook-signature']).split(' ').length, 2);
  t.notThrows(() => new Webhook(oldSecret).verify(got.body, standardHeaders(got.headers)));
  t.notThrows(() => new Webhook(newSecret).verify(got.body, standardHeaders(got.headers)));
});

test('a non-2xx answer is a non-2xx failure with the status and the response kept', async (t) => {
  receiver.on('/error', (_req, res) => res.writeHead(503).end('{"error":"maintenance"}'));
  const result = await deliverWebhook(event('/error', [generateSecret()]), options());
  t.like(result, { ok: false, status: 503, failure: 'non-2xx', responseSnippet: '{"error":"maintenance"}' });
});

test('a redirect is a failure and is not followed', async (t) => {
  receiver.on('/moved', (_req, res) => res.writeHead(302, { location: '/target' }).end());
  receiver.on('/target', (_req, res) => res.writeHead(200).end());
  const result = await deliverWebhook(event('/moved', [generateSecret()]), options());
  t.like(result, { ok: false, status: 302, failure: 'redirect' });
  t.is(receiver.received('/target').length, 0);
});

test('no answer within the time limit is a timeout failure', async (t) => {
  receiver.on('/silent', () => {
    /* never answers */
  });
  const result = await deliverWebhook(event('/silent', [generateSecret()]), options({ timeoutMs: 300 }));
  t.like(result, { ok: false, status: null, failure: 'timeout' });
  t.true(result.durationMs >= 250 && result.durationMs < 3000, `${result.durationMs} ms`);
});

test('a name lookup that hangs counts against the time limit and is a timeout failure', async (t) => {
  const hanging: LookupAll = () => new Promise(() => undefined);
  const result = await deliverWebhook(event('/dns', [generateSecret()]), options({ lookup: hanging, timeoutMs: 200 }));
  t.like(result, { ok: false, status: null, failure: 'timeout' });
});

test('a delivery without any signing secret is a programming error and throws', async (t) => {
  await t.throwsAsync(() => deliverWebhook(event('/nosecret', []), options()), { message: /signing secret/ });
  t.is(receiver.received('/nosecret').length, 0);
});

test('a refused connection is a connection failure', async (t) => {
  const closedPort = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
  const result = await deliverWebhook(event('/nobody', [generateSecret()], closedPort), options());
  t.like(result, { ok: false, status: null, failure: 'connection', detail: 'ECONNREFUSED' });
});

test('a certificate from an untrusted issuer is a TLS failure and nothing is sent', async (t) => {
  untrusted.on('/tls', (_req, res) => res.writeHead(200).end());
  const result = await deliverWebhook(event('/tls', [generateSecret()], untrusted.port), options());
  t.like(result, { ok: false, status: null, failure: 'tls', detail: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  t.is(untrusted.received('/tls').length, 0);
});

test('extra CA certificates are what makes the test CA trusted: without them the same receiver fails TLS', async (t) => {
  receiver.on('/no-ca', (_req, res) => res.writeHead(200).end());
  const result = await deliverWebhook(event('/no-ca', [generateSecret()]), options({ extraCaCerts: [] }));
  t.like(result, { ok: false, failure: 'tls', detail: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
});

test('a certificate for another name is a TLS failure: the pinned address does not skip name checks', async (t) => {
  receiver.on('/other-name', (_req, res) => res.writeHead(200).end());
  const req = { ...event('/other-name', [generateSecret()]), url: `https://other.test:${receiver.port}/other-name` };
  const result = await deliverWebhook(req, options());
  t.like(result, { ok: false, failure: 'tls', detail: 'ERR_TLS_CERT_ALTNAME_INVALID' });
});

test('at most 4 KiB of the response is read and 1 KiB kept, even from an endless body', async (t) => {
  receiver.on('/endless', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'x'.repeat(16 * 1024);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  const result = await deliverWebhook(event('/endless', [generateSecret()]), options({ timeoutMs: 5000 }));
  t.like(result, { ok: true, status: 200 });
  t.is(result.responseSnippet, 'x'.repeat(1024));
  t.true(result.durationMs < 4000, `${result.durationMs} ms`);
});

test('the kept 1 KiB never ends in half a character', async (t) => {
  // 'a' + 2-byte characters: byte 1024 is the first half of a character.
  receiver.on('/utf8', (_req, res) => res.writeHead(500).end('a' + 'é'.repeat(2000)));
  const result = await deliverWebhook(event('/utf8', [generateSecret()]), options());
  t.is(result.responseSnippet, 'a' + 'é'.repeat(511));
});

test('the connection goes to the checked address even when DNS would now answer differently', async (t) => {
  receiver.on('/pinned', (_req, res) => res.writeHead(200).end('pinned'));
  let answers = 0;
  // First answer: the receiver. Any later answer: an address where nothing listens.
  const lookup = dns(() => (answers++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']));
  const result = await deliverWebhook(event('/pinned', [generateSecret()]), options({ lookup }));
  t.like(result, { ok: true, status: 200, address: '127.0.0.1' });
  t.is(lookup.calls, 1);
});

test('the URL policy runs on every attempt: a name that now resolves privately is refused unsent', async (t) => {
  receiver.on('/rebind', (_req, res) => res.writeHead(200).end());
  let attempt = 0;
  const lookup = dns(() => (attempt++ === 0 ? ['127.0.0.1'] : ['10.0.0.8']));
  const first = await deliverWebhook(event('/rebind', [generateSecret()]), options({ lookup }));
  const second = await deliverWebhook(event('/rebind', [generateSecret()]), options({ lookup }));
  t.like(first, { ok: true });
  t.like(second, { ok: false, status: null, failure: 'url-refused', detail: 'address_private' });
  t.is(receiver.received('/rebind').length, 1);
});

test('a loopback receiver is refused unless the development option allows it', async (t) => {
  receiver.on('/strict', (_req, res) => res.writeHead(200).end());
  const result = await deliverWebhook(event('/strict', [generateSecret()]), options({ allowLoopback: false }));
  t.like(result, { ok: false, failure: 'url-refused', detail: 'address_loopback' });
  t.is(receiver.received('/strict').length, 0);
});

test('an IP literal URL is refused without connecting', async (t) => {
  const req = { ...event('/literal', [generateSecret()]), url: `https://2130706433:${receiver.port}/literal` };
  const result = await deliverWebhook(req, options());
  t.like(result, { ok: false, failure: 'url-refused', detail: 'host_is_ip_literal' });
  t.is(receiver.received('/literal').length, 0);
});
