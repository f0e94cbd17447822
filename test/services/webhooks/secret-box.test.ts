import test from 'ava';
import { randomBytes } from 'node:crypto';
import { createSecretBox, parseSecretKey, secretBoxFromEnv } from '../../../services/webhooks/secret-box.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

test('a sealed secret decrypts back to the original', (t) => {
  const box = createSecretBox(randomBytes(32));
  t.is(box.decrypt(box.encrypt(secret)), secret);
});

test('the sealed form hides the secret and differs on every encryption', (t) => {
  const box = createSecretBox(randomBytes(32));
  const a = box.encrypt(secret);
  t.regex(a, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  t.false(a.includes('MfKQ9r8'));
  t.not(box.encrypt(secret), a);
});

test('another key cannot decrypt it', (t) => {
  const sealed = createSecretBox(randomBytes(32)).encrypt(secret);
  t.throws(() => createSecretBox(randomBytes(32)).decrypt(sealed), { message: /could not be decrypted/ });
});

test('a tampered ciphertext is refused', (t) => {
  const box = createSecretBox(randomBytes(32));
  const parts = box.encrypt(secret).split('.');
  const body = Buffer.from(parts[3], 'base64url');
  body[0] ^= 1;
  parts[3] = body.toString('base64url');
  t.throws(() => box.decrypt(parts.join('.')));
});

test('associated data binds a sealed secret to its endpoint', (t) => {
  const box = createSecretBox(randomBytes(32));
  const sealed = box.encrypt(secret, 'whe_1');
  t.is(box.decrypt(sealed, 'whe_1'), secret);
  t.throws(() => box.decrypt(sealed, 'whe_2'));
});

test('the key is read from WEBHOOK_SECRET_KEY as base64 or hex', (t) => {
  const key = randomBytes(32);
  const fromB64 = secretBoxFromEnv({ WEBHOOK_SECRET_KEY: key.toString('base64'), NODE_ENV: 'production' });
  const fromHex = secretBoxFromEnv({ WEBHOOK_SECRET_KEY: key.toString('hex'), NODE_ENV: 'production' });
  t.is(fromHex.decrypt(fromB64.encrypt(secret)), secret);
  t.false(fromB64.usingDevelopmentKey);
});

test('a key of the wrong length is refused with its decoded size', (t) => {
  t.throws(() => parseSecretKey(randomBytes(16).toString('base64')), { message: /32 bytes.*16 bytes/ });
});

test('production without WEBHOOK_SECRET_KEY fails with a clear error', (t) => {
  t.throws(() => secretBoxFromEnv({ NODE_ENV: 'production' }), { message: /WEBHOOK_SECRET_KEY is not set/ });
});

test('development without a key uses the documented development key', (t) => {
  const a = secretBoxFromEnv({ NODE_ENV: 'development' });
  const b = secretBoxFromEnv({});
  t.true(a.usingDevelopmentKey);
  t.is(b.decrypt(a.encrypt(secret)), secret);
});
