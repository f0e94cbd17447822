// Classifies a resolved IP address for the webhook URL policy. Pure arithmetic on the
// address (no lookups): IPv4 as a 32-bit number, IPv6 as a 128-bit bigint. Addresses that
// embed an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) are unwrapped first
// so that ::ffff:127.0.0.1 is judged as 127.0.0.1.

import { isIPv4, isIPv6 } from 'node:net';

/** Why an address may not receive webhooks; null from `classifyAddress` = public, allowed. */
export type AddressClass =
  | 'cloud_metadata'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'unique_local'
  | 'reserved';

interface Range {
  cls: AddressClass;
  base: bigint;
  prefix: number;
}

function v4(cidr: string, cls: AddressClass): Range {
  const [addr, prefix] = cidr.split('/');
  return { cls, base: BigInt(parseIPv4(addr)!), prefix: Number(prefix) };
}

function v6(cidr: string, cls: AddressClass): Range {
  const [addr, prefix] = cidr.split('/');
  return { cls, base: parseIPv6(addr)!, prefix: Number(prefix) };
}

// Order matters: the first match wins, so the metadata hosts come before their wider ranges.
const IPV4_RANGES: Range[] = [
  v4('169.254.169.254/32', 'cloud_metadata'), // AWS, GCP, Azure, OpenStack instance metadata
  v4('100.100.100.200/32', 'cloud_metadata'), // Alibaba Cloud instance metadata
  v4('0.0.0.0/8', 'unspecified'), // "this network"; 0.0.0.0 reaches the local host
  v4('127.0.0.0/8', 'loopback'),
  v4('10.0.0.0/8', 'private'),
  v4('172.16.0.0/12', 'private'),
  v4('192.168.0.0/16', 'private'),
  v4('100.64.0.0/10', 'cgnat'),
  v4('169.254.0.0/16', 'link_local'),
  v4('224.0.0.0/4', 'multicast'),
  v4('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  v4('192.0.2.0/24', 'reserved'), // documentation (TEST-NET-1)
  v4('198.18.0.0/15', 'reserved'), // benchmarking
  v4('198.51.100.0/24', 'reserved'), // documentation (TEST-NET-2)
  v4('203.0.113.0/24', 'reserved'), // documentation (TEST-NET-3)
  v4('240.0.0.0/4', 'reserved'), // future use, and 255.255.255.255 broadcast
];

const IPV6_RANGES: Range[] = [
  v6('fd00:ec2::254/128', 'cloud_metadata'), // AWS instance metadata over IPv6
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('fc00::/7', 'unique_local'),
  v6('fe80::/10', 'link_local'),
  v6('fec0::/10', 'reserved'), // deprecated site-local
  v6('ff00::/8', 'multicast'),
  v6('::/96', 'reserved'), // deprecated IPv4-compatible addresses
  v6('100::/64', 'reserved'), // discard-only
  v6('2001:db8::/32', 'reserved'), // documentation
];

function inRange(value: bigint, bits: number, range: Range): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.base >> shift;
}

/** The 32-bit value of a dotted-quad IPv4 address, or null. */
export function parseIPv4(text: string): number | null {
  if (!isIPv4(text)) return null;
  return text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** The 128-bit value of an IPv6 address (zone id ignored, dotted tail allowed), or null. */
export function parseIPv6(text: string): bigint | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let head = bare;
  const words: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  let tail: number[] = [];
  if (dotted) {
    const n = parseIPv4(dotted[1])!;
    tail = [n >>> 16, n & 0xffff];
    head = head.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, null];
  const leftWords = left ? left.split(':').map((w) => parseInt(w, 16)) : [];
  const rightWords = right ? right.split(':').map((w) => parseInt(w, 16)) : [];
  const missing = 8 - leftWords.length - rightWords.length - tail.length;
  words.push(...leftWords, ...Array<number>(right === null ? 0 : missing).fill(0), ...rightWords, ...tail);
  if (words.length !== 8) return null;
  return words.reduce((acc, w) => (acc << 16n) | BigInt(w), 0n);
}

const MAPPED_PREFIX = parseIPv6('::ffff:0:0')!;
const NAT64_PREFIX = parseIPv6('64:ff9b::')!;

/**
 * The IPv4 address an IPv6 address stands for (IPv4-mapped ::ffff:0:0/96 or the NAT64
 * well-known prefix 64:ff9b::/96), as a dotted quad; null for any other address.
 */
export function embeddedIPv4(address: string): string | null {
  const value = parseIPv6(address);
  if (value === null) return null;
  const top = value >> 32n << 32n;
  if (top !== MAPPED_PREFIX && top !== NAT64_PREFIX) return null;
  const n = Number(value & 0xffffffffn);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Why `address` may not receive webhooks, or null when it is a public unicast address. */
export function classifyAddress(address: string): AddressClass | null {
  const unwrapped = embeddedIPv4(address) ?? address;
  const asV4 = parseIPv4(unwrapped);
  if (asV4 !== null) {
    return IPV4_RANGES.find((r) => inRange(BigInt(asV4), 32, r))?.cls ?? null;
  }
  const asV6 = parseIPv6(unwrapped);
  if (asV6 === null) return 'reserved'; // not an address at all: never connect to it
  return IPV6_RANGES.find((r) => inRange(asV6, 128, r))?.cls ?? null;
}
