// Classifies a resolved IP address for the webhook URL policy, with ipaddr.js's special
// ranges (no lookups). Addresses that embed an IPv4 address (IPv4-mapped ::ffff:a.b.c.d,
// IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96) are unwrapped first, so that
// ::ffff:127.0.0.1 is judged as 127.0.0.1. Only what the library has no range for is ours:
// the cloud metadata hosts and the deprecated IPv4-compatible ::/96.

import ipaddr from 'ipaddr.js';

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

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

// Checked before the library's ranges: a metadata host sits inside a wider range
// (link-local, unique-local) and deserves its own, sharper refusal.
const CLOUD_METADATA: Cidr[] = [
  '169.254.169.254/32', // AWS, GCP, Azure, OpenStack instance metadata
  '100.100.100.200/32', // Alibaba Cloud instance metadata
  'fd00:ec2::254/128', // AWS instance metadata over IPv6
].map((cidr) => ipaddr.parseCIDR(cidr));

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96'); // deprecated; ipaddr.js calls it unicast
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** ipaddr.js range names -> our classes; a name not listed (unicast, as112, amt) is public. */
const IPV4_CLASSES: Record<string, AddressClass> = {
  unspecified: 'unspecified',
  broadcast: 'reserved',
  multicast: 'multicast',
  linkLocal: 'link_local',
  loopback: 'loopback',
  carrierGradeNat: 'cgnat',
  private: 'private',
  reserved: 'reserved',
};

const IPV6_CLASSES: Record<string, AddressClass> = {
  unspecified: 'unspecified',
  linkLocal: 'link_local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique_local',
  deprecatedSiteLocal: 'reserved',
  discard: 'reserved',
  rfc6052: 'reserved', // NAT64 outside the well-known /96 (local-use 64:ff9b:1::/48): no fixed IPv4 place
  benchmarking: 'reserved',
  deprecatedOrchid: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
  reserved: 'reserved', // documentation 2001:db8::/32 among them
};

function parse(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

function lastFourBytes(address: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(12));
}

/** The IPv4 address an IPv6 address stands for, if any. */
function unwrap(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  if (range === 'rfc6145') return lastFourBytes(address);
  if (range === 'rfc6052' && address.match(NAT64_WELL_KNOWN)) return lastFourBytes(address);
  return null;
}

/**
 * The IPv4 address an IPv6 address stands for (IPv4-mapped ::ffff:0:0/96, IPv4-translated
 * ::ffff:0:0:0/96 or the NAT64 well-known prefix 64:ff9b::/96), as a dotted quad; null for
 * any other address.
 */
export function embeddedIPv4(text: string): string | null {
  const address = parse(text);
  if (address?.kind() !== 'ipv6') return null;
  return unwrap(address as ipaddr.IPv6)?.toString() ?? null;
}

/** Why `address` may not receive webhooks, or null when it is a public unicast address. */
export function classifyAddress(text: string): AddressClass | null {
  const parsed = parse(text);
  if (!parsed) return 'reserved'; // not an address at all: never connect to it
  const address = parsed.kind() === 'ipv6' ? (unwrap(parsed as ipaddr.IPv6) ?? parsed) : parsed;
  if (CLOUD_METADATA.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits))) return 'cloud_metadata';
  if (address.kind() === 'ipv4') return IPV4_CLASSES[address.range()] ?? null;
  return IPV6_CLASSES[address.range()] ?? (address.match(IPV4_COMPATIBLE) ? 'reserved' : null);
}
