// The webhook Endpoint URL rules (contract, "Endpoint URL rules"), checked when an endpoint
// is saved and again before every delivery attempt:
//   1. scheme https, no username or password;
//   2. port 443, or 1024 and above;
//   3. the host is a name: IP literals of every spelling and `localhost` are refused before
//      any lookup (undici skips `connect.lookup` for literals, so a literal would bypass pinning);
//   4. the name is resolved once (all addresses) and refused if ANY address is private,
//      loopback, link-local, CGNAT, unspecified, multicast, unique-local, reserved or a cloud
//      metadata address (IPv4-mapped IPv6 is unwrapped first).
// The caller connects to the returned `address` only (see deliver.ts), so a second, different
// DNS answer (rebinding) can never be used.
//
// Local development and tests: `{ allowLoopback: true }` lets loopback addresses (127/8, ::1)
// and the name `localhost` through; nothing else is relaxed and IP literals stay refused. The
// caller reads it from WEBHOOK_ALLOW_LOOPBACK via `allowLoopbackFromEnv()`, which refuses the
// setting when NODE_ENV=production; the policy itself also ignores the option in production.

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { classifyAddress, type AddressClass } from './ip-address.ts';

export type UrlRefusalCode =
  | 'invalid_url'
  | 'scheme_not_https'
  | 'credentials_in_url'
  | 'port_not_allowed'
  | 'host_is_ip_literal'
  | 'host_is_localhost'
  | 'dns_lookup_failed'
  | 'no_addresses'
  | `address_${AddressClass}`;

export interface UrlRefusal {
  ok: false;
  code: UrlRefusalCode;
  message: string;
}

/** A URL that passed the rules that need no lookup. */
export interface UrlSyntaxAccepted {
  ok: true;
  url: URL;
  /** Lower-case host name without a trailing dot: what DNS, SNI and the certificate see. */
  hostname: string;
  port: number;
}

/** A URL that passed every rule, with the address to pin the connection to. */
export interface UrlAccepted extends UrlSyntaxAccepted {
  address: string;
  family: 4 | 6;
  /** Every address the name resolved to (all of them passed). */
  addresses: string[];
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Same shape as `dns.promises.lookup(name, { all: true })`; injectable for tests. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface UrlPolicyOptions {
  /** Development and tests only: accept loopback receivers. Ignored when NODE_ENV=production. */
  allowLoopback?: boolean;
  lookup?: LookupAll;
  /** For tests of the production guard; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const CLASS_MESSAGES: Record<AddressClass, string> = {
  cloud_metadata: 'a cloud metadata service address',
  loopback: 'a loopback address',
  private: 'a private network address',
  link_local: 'a link-local address',
  cgnat: 'a carrier-grade NAT (shared) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  unique_local: 'an IPv6 unique-local address',
  reserved: 'a reserved or documentation address',
};

function refuse(code: UrlRefusalCode, message: string): UrlRefusal {
  return { ok: false, code, message };
}

function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production';
}

/**
 * Reads WEBHOOK_ALLOW_LOOPBACK (`1`/`true`). Throws when it is on in production, so a
 * misconfigured deployment fails at start instead of opening an SSRF hole.
 */
export function allowLoopbackFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = (env.WEBHOOK_ALLOW_LOOPBACK ?? '').trim().toLowerCase();
  const on = raw === '1' || raw === 'true' || raw === 'yes';
  if (on && isProduction(env)) {
    throw new Error('WEBHOOK_ALLOW_LOOPBACK is refused when NODE_ENV=production: webhooks may never reach loopback there.');
  }
  return on;
}

function isLocalhostName(hostname: string): boolean {
  // RFC 6761: every name under .localhost is loopback.
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/** A host that is (or parses as) an IP address in any spelling. */
function isIpLiteral(hostname: string): boolean {
  if (hostname.startsWith('[')) return true; // WHATWG keeps IPv6 literals bracketed
  // the URL parser already turns 2130706433, 0x7f.1, 0177.0.0.1 into dotted quads; ipaddr.js
  // reads those spellings too, should a host ever reach here unparsed
  if (ipaddr.isValid(hostname)) return true;
  // Belt and braces should the parser ever let one through: an all-numeric or hex last label.
  const last = hostname.split('.').pop() ?? '';
  return /^(0x[0-9a-f]*|[0-9]+)$/i.test(last);
}

/** Rules 1-3: everything that needs no DNS. Used at save time too. */
export function checkUrlSyntax(rawUrl: string, options: Pick<UrlPolicyOptions, 'allowLoopback' | 'env'> = {}): UrlSyntaxAccepted | UrlRefusal {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return refuse('invalid_url', 'The URL cannot be parsed.');
  }
  if (url.protocol !== 'https:') return refuse('scheme_not_https', `The scheme must be https, not ${url.protocol.replace(/:$/, '')}.`);
  if (url.username !== '' || url.password !== '') {
    return refuse('credentials_in_url', 'The URL must not carry a username or password.');
  }
  const port = url.port === '' ? 443 : Number(url.port);
  if (port !== 443 && port < 1024) return refuse('port_not_allowed', `Port ${port} is not allowed: use 443 or a port from 1024 up.`);
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIpLiteral(hostname)) return refuse('host_is_ip_literal', `The host must be a name, not the IP address ${url.hostname}.`);
  const allowLoopback = options.allowLoopback === true && !isProduction(options.env ?? process.env);
  if (isLocalhostName(hostname) && !allowLoopback) return refuse('host_is_localhost', 'The host must not be localhost.');
  if (hostname === '') return refuse('invalid_url', 'The URL has no host.');
  return { ok: true, url, hostname, port };
}

/** Every rule, with the one lookup whose first address the connection must be pinned to. */
export async function checkWebhookUrl(rawUrl: string, options: UrlPolicyOptions = {}): Promise<UrlAccepted | UrlRefusal> {
  const syntax = checkUrlSyntax(rawUrl, options);
  if (!syntax.ok) return syntax;
  const allowLoopback = options.allowLoopback === true && !isProduction(options.env ?? process.env);

  let resolved: ResolvedAddress[];
  try {
    resolved = await (options.lookup ?? systemLookup)(syntax.hostname);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return refuse('dns_lookup_failed', `The name ${syntax.hostname} could not be resolved (${code}).`);
  }
  if (resolved.length === 0) return refuse('no_addresses', `The name ${syntax.hostname} resolved to no address.`);

  for (const { address } of resolved) {
    const cls = classifyAddress(address);
    if (cls === null || (cls === 'loopback' && allowLoopback)) continue;
    return refuse(`address_${cls}`, `The name ${syntax.hostname} resolves to ${address}, ${CLASS_MESSAGES[cls]}.`);
  }
  const [first] = resolved;
  return {
    ...syntax,
    address: first.address,
    family: isIP(first.address) === 6 ? 6 : 4,
    addresses: resolved.map((r) => r.address),
  };
}
