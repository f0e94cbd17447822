import { randomBytes } from 'node:crypto';

// Crockford base32: ids sort by creation time, then randomly.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function randomPart(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return out;
}

export type IdPrefix =
  | 'org' | 'mem' | 'key' | 'prj' | 'lp' | 'cl' | 'eq' | 'eqt' | 'lib' | 'calc' | 'shl' | 'whe' | 'evt' | 'msg';

/** Opaque, prefixed, sortable ids such as `prj_01hx…`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${encodeTime(Date.now())}${randomPart(12)}`;
}
