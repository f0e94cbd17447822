// Webhook signing secrets must stay usable for signing, so unlike API keys they cannot be
// hashed: they are kept encrypted at rest with AES-256-GCM under a key from the environment.
//
// WEBHOOK_SECRET_KEY: 32 bytes, as 64 hex digits or base64 (44 chars), e.g.
//   node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"
// Required when NODE_ENV=production. Elsewhere, when unset, a fixed development key (derived
// from a public string, so it protects nothing) is used and `usingDevelopmentKey` is true.
//
// Sealed format: `v1.<iv>.<tag>.<ciphertext>` (base64url parts; 12-byte random IV, 16-byte
// tag). An optional associated-data string (e.g. the endpoint id) binds a sealed secret to
// its row: copying it to another row makes decryption fail.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const SECRET_KEY_ENV = 'WEBHOOK_SECRET_KEY';
const FORMAT = 'v1';
const DEVELOPMENT_KEY = createHash('sha256').update('loadplan development webhook secret key - not secret').digest();

export interface SecretBox {
  encrypt(plaintext: string, associatedData?: string): string;
  decrypt(sealed: string, associatedData?: string): string;
  readonly usingDevelopmentKey: boolean;
}

/** 32 key bytes from 64 hex digits or base64/base64url; throws with the reason otherwise. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error(`${SECRET_KEY_ENV} must be 32 bytes as 64 hex digits or base64; it decodes to ${key.length} bytes.`);
  }
  return key;
}

export function createSecretBox(key: Buffer, usingDevelopmentKey = false): SecretBox {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key.');
  return {
    usingDevelopmentKey,
    encrypt(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(sealed, associatedData) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== FORMAT) throw new Error('Not a sealed webhook secret (expected v1.<iv>.<tag>.<ciphertext>).');
      const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
      if (iv.length !== 12 || tag.length !== 16) throw new Error('Malformed sealed webhook secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(`A webhook secret could not be decrypted: wrong ${SECRET_KEY_ENV}, or the value was altered or moved.`);
      }
    },
  };
}

/** The box configured by the environment; throws a clear error when production has no key. */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv = process.env): SecretBox {
  const raw = env[SECRET_KEY_ENV];
  if (raw !== undefined && raw.trim() !== '') return createSecretBox(parseSecretKey(raw));
  if (env.NODE_ENV === 'production') {
    throw new Error(
      `${SECRET_KEY_ENV} is not set. In production webhook signing secrets are encrypted with it: set it to 32 random bytes (base64 or hex).`,
    );
  }
  return createSecretBox(DEVELOPMENT_KEY, true);
}

/** Encrypts a signing secret with the environment's key (see `secretBoxFromEnv`). */
export function encryptSecret(plaintext: string, associatedData?: string, env: NodeJS.ProcessEnv = process.env): string {
  return secretBoxFromEnv(env).encrypt(plaintext, associatedData);
}

/** Decrypts a signing secret sealed by `encryptSecret`. */
export function decryptSecret(sealed: string, associatedData?: string, env: NodeJS.ProcessEnv = process.env): string {
  return secretBoxFromEnv(env).decrypt(sealed, associatedData);
}
