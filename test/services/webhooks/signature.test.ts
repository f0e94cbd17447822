import test from 'ava';
import { Webhook } from 'standardwebhooks';
import { generateSecret, secretKey, sign, signatureHeader, verify } from '../../../services/webhooks/signature.ts';

const body = '{"id":"evt_1","type":"calculate.completed","data":{"revision":3}}';
const now = () => Math.floor(Date.now() / 1000);

test('a generated secret is whsec_ + base64 of 32 random bytes', (t) => {
  const secret = generateSecret();
  t.regex(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.is(secretKey(secret).length, 32);
  t.not(generateSecret(), secret);
});

test('a signature is v1, + base64 of a 32-byte HMAC-SHA256', (t) => {
  const sig = sign(generateSecret(), 'msg_1', 1_700_000_000, body);
  t.regex(sig, /^v1,[A-Za-z0-9+/]{43}=$/);
});

test('the independent standardwebhooks library verifies our signature', (t) => {
  const secret = generateSecret();
  const ts = now();
  const headers = { 'webhook-id': 'msg_2', 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, 'msg_2', ts, body) };
  t.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
});

test('our signature equals the one standardwebhooks computes for the same content', (t) => {
  const secret = generateSecret();
  const ts = 1_700_000_123;
  t.is(sign(secret, 'msg_3', ts, body), new Webhook(secret).sign('msg_3', new Date(ts * 1000), body));
});

test('during a rotation the header carries one signature per secret and each verifies alone', (t) => {
  const oldSecret = generateSecret();
  const newSecret = generateSecret();
  const ts = now();
  const header = signatureHeader([newSecret, oldSecret], 'msg_4', ts, body);
  t.is(header.split(' ').length, 2);
  const headers = { 'webhook-id': 'msg_4', 'webhook-timestamp': String(ts), 'webhook-signature': header };
  t.notThrows(() => new Webhook(oldSecret).verify(body, headers));
  t.notThrows(() => new Webhook(newSecret).verify(body, headers));
  t.throws(() => new Webhook(generateSecret()).verify(body, headers));
});

test('verify accepts a matching signature within the 5-minute tolerance', (t) => {
  const secret = generateSecret();
  const ts = 1_700_000_000;
  const headers = { 'webhook-id': 'm', 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, 'm', ts, body) };
  t.deepEqual(verify(secret, headers, body, { nowSeconds: ts + 300 }), { ok: true });
  t.deepEqual(verify(secret, headers, body, { nowSeconds: ts - 300 }), { ok: true });
});

test('verify rejects a timestamp more than 5 minutes away (replay)', (t) => {
  const secret = generateSecret();
  const ts = 1_700_000_000;
  const headers = { 'webhook-id': 'm', 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, 'm', ts, body) };
  t.deepEqual(verify(secret, headers, body, { nowSeconds: ts + 301 }), { ok: false, reason: 'timestamp_out_of_tolerance' });
  t.deepEqual(verify(secret, headers, body, { nowSeconds: ts - 301 }), { ok: false, reason: 'timestamp_out_of_tolerance' });
});

test('verify rejects a body changed by one byte', (t) => {
  const secret = generateSecret();
  const ts = now();
  const headers = { 'webhook-id': 'm', 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, 'm', ts, body) };
  t.deepEqual(verify(secret, headers, body.replace('3', '4')), { ok: false, reason: 'no_matching_signature' });
});

test('verify accepts when any one of several signatures matches, with any of several secrets', (t) => {
  const [a, b] = [generateSecret(), generateSecret()];
  const ts = now();
  const headers = { 'webhook-id': 'm', 'webhook-timestamp': String(ts), 'webhook-signature': `v1,AAAA ${sign(a, 'm', ts, body)}` };
  t.deepEqual(verify([b, a], headers, body), { ok: true });
});

test('verify skips signatures of the wrong length instead of throwing', (t) => {
  const secret = generateSecret();
  const ts = String(now());
  const headers = { 'webhook-id': 'm', 'webhook-timestamp': ts, 'webhook-signature': 'v1,c2hvcnQ= v1,!!!! v2,abc' };
  t.deepEqual(verify(secret, headers, body), { ok: false, reason: 'no_matching_signature' });
});

test('verify reports missing headers and a non-numeric timestamp', (t) => {
  const secret = generateSecret();
  t.deepEqual(verify(secret, { 'webhook-id': 'm' }, body), { ok: false, reason: 'missing_headers' });
  const headers = { 'webhook-id': 'm', 'webhook-timestamp': '17e8', 'webhook-signature': 'v1,x' };
  t.deepEqual(verify(secret, headers, body), { ok: false, reason: 'invalid_timestamp' });
});

test('a secret without the whsec_ prefix or with too short a key is refused', (t) => {
  t.throws(() => sign('abc', 'm', 1, body));
  t.throws(() => sign('whsec_AAAA', 'm', 1, body));
  t.throws(() => signatureHeader([], 'm', 1, body));
});
