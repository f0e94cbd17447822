// A throw-away certificate authority for tests, generated at test time with the system's
// `openssl` (node:crypto makes keys but not certificates). Nothing here is committed: keys
// live in a temporary directory that is removed once the PEM text has been read.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestPki {
  /** The CA certificate a client must trust. */
  caCert: string;
  /** A server certificate signed by the CA, valid for `names` (and 127.0.0.1). */
  serverCert: string;
  serverKey: string;
  /** A self-signed certificate for the same names that no client trusts. */
  untrustedCert: string;
  untrustedKey: string;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Generates a CA, a server certificate for `names`, and an untrusted self-signed one. */
export async function createTestPki(names: readonly string[]): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'loadplan-test-ca-'));
  const p = (f: string) => join(dir, f);
  const san = ['IP:127.0.0.1', ...names.map((n) => `DNS:${n}`)].join(',');
  try {
    await run('openssl', [
      'req', '-x509', ...EC, '-keyout', p('ca.key'), '-out', p('ca.crt'), '-days', '2',
      '-subj', '/CN=loadplan test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE',
      '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    await run('openssl', ['req', '-new', ...EC, '-keyout', p('server.key'), '-out', p('server.csr'), '-subj', `/CN=${names[0]}`]);
    await writeFile(p('server.ext'), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
    await run('openssl', [
      'x509', '-req', '-in', p('server.csr'), '-CA', p('ca.crt'), '-CAkey', p('ca.key'), '-CAcreateserial',
      '-days', '2', '-out', p('server.crt'), '-extfile', p('server.ext'),
    ]);
    await run('openssl', [
      'req', '-x509', ...EC, '-keyout', p('untrusted.key'), '-out', p('untrusted.crt'), '-days', '2',
      '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${san}`,
    ]);
    const read = (f: string) => readFile(p(f), 'utf8');
    return {
      caCert: await read('ca.crt'),
      serverCert: await read('server.crt'),
      serverKey: await read('server.key'),
      untrustedCert: await read('untrusted.crt'),
      untrustedKey: await read('untrusted.key'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
