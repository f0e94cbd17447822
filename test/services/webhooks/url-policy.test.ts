import test from 'ava';
import {
  allowLoopbackFromEnv,
  checkUrlSyntax,
  checkWebhookUrl,
  type LookupAll,
  type UrlPolicyOptions,
} from '../../../services/webhooks/url-policy.ts';
import { classifyAddress, embeddedIPv4 } from '../../../services/webhooks/ip-address.ts';

/** A resolver that answers from a table and counts its calls. */
function fakeDns(table: Record<string, string[]>): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (hostname: string) => {
    calls.push(hostname);
    const addrs = table[hostname];
    if (!addrs) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(fn, { calls });
}

const dev: NodeJS.ProcessEnv = { NODE_ENV: 'test' };

async function codeFor(url: string, addresses: string[] | null = ['93.184.216.34'], options: UrlPolicyOptions = {}) {
  const lookup = fakeDns(addresses ? { 'hooks.example.com': addresses } : {});
  const result = await checkWebhookUrl(url, { lookup, env: dev, ...options });
  return result.ok ? 'ok' : result.code;
}

// --- rule 1: scheme and credentials ------------------------------------------------------

test('a public https URL is accepted and the checked address is returned for pinning', async (t) => {
  const lookup = fakeDns({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] });
  const result = await checkWebhookUrl('https://Hooks.Example.com./in?x=1', { lookup, env: dev });
  if (!result.ok) return t.fail(result.message);
  t.is(result.hostname, 'hooks.example.com');
  t.is(result.address, '93.184.216.34');
  t.is(result.family, 4);
  t.is(result.port, 443);
  t.deepEqual(result.addresses, ['93.184.216.34', '2606:2800:220:1::1']);
  t.deepEqual(lookup.calls, ['hooks.example.com']);
});

test('an unparseable URL is refused as invalid_url', async (t) => {
  t.is(await codeFor('not a url'), 'invalid_url');
  t.is(await codeFor('https://hooks.example.1234/'), 'invalid_url');
});

test('http and other schemes are refused', async (t) => {
  t.is(await codeFor('http://hooks.example.com/'), 'scheme_not_https');
  t.is(await codeFor('ftp://hooks.example.com/'), 'scheme_not_https');
  t.is(await codeFor('file:///etc/passwd'), 'scheme_not_https');
});

test('a username or password in the URL is refused', async (t) => {
  t.is(await codeFor('https://user@hooks.example.com/'), 'credentials_in_url');
  t.is(await codeFor('https://user:pw@hooks.example.com/'), 'credentials_in_url');
  t.is(await codeFor('https://:pw@hooks.example.com/'), 'credentials_in_url');
});

// --- rule 2: ports -----------------------------------------------------------------------

test('port 443 and ports from 1024 up are accepted', async (t) => {
  t.is(await codeFor('https://hooks.example.com:443/'), 'ok');
  t.is(await codeFor('https://hooks.example.com:1024/'), 'ok');
  t.is(await codeFor('https://hooks.example.com:65535/'), 'ok');
});

test('ports below 1024 other than 443 are refused', async (t) => {
  for (const port of [1, 22, 80, 8, 1023]) t.is(await codeFor(`https://hooks.example.com:${port}/`), 'port_not_allowed', String(port));
});

// --- rule 3: a name, not an IP literal or localhost -------------------------------------

test('IP literals are refused before any lookup, in every spelling', async (t) => {
  const literals = [
    'https://127.0.0.1/',
    'https://93.184.216.34/',
    'https://2130706433/', // decimal 127.0.0.1
    'https://0x7f000001/', // hex
    'https://0x7f.1/',
    'https://0177.0.0.1/', // octal
    'https://127.1/',
    'https://%31%32%37.0.0.1/', // percent-encoded
    'https://１２７.０.０.１/', // full-width digits
    'https://127.0.0.1./',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[2606:2800:220:1::1]/',
    'https://[fd00:ec2::254]/',
  ];
  for (const url of literals) {
    const lookup = fakeDns({});
    const result = await checkWebhookUrl(url, { lookup, env: dev, allowLoopback: true });
    t.is(result.ok ? 'ok' : result.code, 'host_is_ip_literal', url);
    t.deepEqual(lookup.calls, [], `${url} must not be looked up`);
  }
});

test('localhost and names under .localhost are refused', async (t) => {
  for (const url of ['https://localhost/', 'https://LOCALHOST./', 'https://api.localhost:8443/']) {
    t.is(await codeFor(url), 'host_is_localhost', url);
  }
});

// --- rule 4: every resolved address must be public -------------------------------------

const refusedAddresses: Array<[string, string]> = [
  ['10.1.2.3', 'address_private'],
  ['172.16.0.1', 'address_private'],
  ['172.31.255.255', 'address_private'],
  ['192.168.1.10', 'address_private'],
  ['127.0.0.1', 'address_loopback'],
  ['127.8.9.10', 'address_loopback'],
  ['::1', 'address_loopback'],
  ['169.254.10.20', 'address_link_local'],
  ['fe80::1', 'address_link_local'],
  ['100.64.0.1', 'address_cgnat'],
  ['100.127.255.254', 'address_cgnat'],
  ['0.0.0.0', 'address_unspecified'],
  ['::', 'address_unspecified'],
  ['224.0.0.251', 'address_multicast'],
  ['ff02::1', 'address_multicast'],
  ['fc00::1', 'address_unique_local'],
  ['fd12:3456::1', 'address_unique_local'],
  ['169.254.169.254', 'address_cloud_metadata'],
  ['fd00:ec2::254', 'address_cloud_metadata'],
  ['::ffff:127.0.0.1', 'address_loopback'], // IPv4-mapped: unwrapped first
  ['::ffff:10.0.0.1', 'address_private'],
  ['::ffff:169.254.169.254', 'address_cloud_metadata'],
  ['64:ff9b::a9fe:a9fe', 'address_cloud_metadata'], // NAT64 of 169.254.169.254
  ['255.255.255.255', 'address_reserved'],
  ['192.0.2.1', 'address_reserved'],
];

test('a name resolving to a non-public address is refused with the address class', async (t) => {
  for (const [address, code] of refusedAddresses) t.is(await codeFor('https://hooks.example.com/', [address]), code, address);
});

test('one non-public address among public ones refuses the URL', async (t) => {
  t.is(await codeFor('https://hooks.example.com/', ['93.184.216.34', '10.0.0.7']), 'address_private');
  t.is(await codeFor('https://hooks.example.com/', ['2606:2800:220:1::1', '::ffff:192.168.0.1']), 'address_private');
});

test('public neighbours of the refused ranges are accepted', async (t) => {
  for (const address of ['172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '11.0.0.1', '2606:2800:220:1::1', '::ffff:93.184.216.34']) {
    t.is(await codeFor('https://hooks.example.com/', [address]), 'ok', address);
  }
});

test('a name that does not resolve is refused as dns_lookup_failed', async (t) => {
  t.is(await codeFor('https://hooks.example.com/', null), 'dns_lookup_failed');
});

test('a name that resolves to nothing is refused as no_addresses', async (t) => {
  t.is(await codeFor('https://hooks.example.com/', []), 'no_addresses');
});

test('every refusal carries a readable message', async (t) => {
  const result = await checkWebhookUrl('https://hooks.example.com/', { lookup: fakeDns({ 'hooks.example.com': ['10.0.0.1'] }), env: dev });
  t.false(result.ok);
  if (!result.ok) t.is(result.message, 'The name hooks.example.com resolves to 10.0.0.1, a private network address.');
});

// --- the development option --------------------------------------------------------------

test('allowLoopback lets a name resolving to loopback through, and nothing else', async (t) => {
  t.is(await codeFor('https://receiver.example/', null, { lookup: fakeDns({ 'receiver.example': ['127.0.0.1'] }), allowLoopback: true }), 'ok');
  t.is(await codeFor('https://localhost:8443/', null, { lookup: fakeDns({ localhost: ['::1'] }), allowLoopback: true }), 'ok');
  t.is(await codeFor('https://hooks.example.com/', ['10.0.0.1'], { allowLoopback: true }), 'address_private');
  t.is(await codeFor('https://hooks.example.com/', ['169.254.169.254'], { allowLoopback: true }), 'address_cloud_metadata');
});

test('allowLoopback is ignored when NODE_ENV=production', async (t) => {
  const prod: UrlPolicyOptions = { allowLoopback: true, env: { NODE_ENV: 'production' } };
  t.is(await codeFor('https://receiver.example/', null, { ...prod, lookup: fakeDns({ 'receiver.example': ['127.0.0.1'] }) }), 'address_loopback');
  const syntax = checkUrlSyntax('https://localhost/', prod);
  t.is(syntax.ok ? 'ok' : syntax.code, 'host_is_localhost');
});

test('WEBHOOK_ALLOW_LOOPBACK turns the option on outside production and is refused in production', (t) => {
  t.true(allowLoopbackFromEnv({ WEBHOOK_ALLOW_LOOPBACK: '1', NODE_ENV: 'test' }));
  t.false(allowLoopbackFromEnv({ NODE_ENV: 'development' }));
  t.false(allowLoopbackFromEnv({ NODE_ENV: 'production' }));
  t.throws(() => allowLoopbackFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true', NODE_ENV: 'production' }), { message: /refused when NODE_ENV=production/ });
});

test('the syntax check alone needs no lookup and serves the save-time check', (t) => {
  const ok = checkUrlSyntax('https://hooks.example.com:8443/in');
  t.true(ok.ok);
  const bad = checkUrlSyntax('https://[::ffff:127.0.0.1]/');
  t.is(bad.ok ? 'ok' : bad.code, 'host_is_ip_literal');
});

test('IPv4-mapped and NAT64 IPv6 addresses unwrap to their IPv4 address', (t) => {
  t.is(embeddedIPv4('::ffff:7f00:1'), '127.0.0.1');
  t.is(embeddedIPv4('::ffff:127.0.0.1'), '127.0.0.1');
  t.is(embeddedIPv4('64:ff9b::808:808'), '8.8.8.8');
  t.is(embeddedIPv4('2606:2800:220:1::1'), null);
  t.is(classifyAddress('::ffff:7f00:1'), 'loopback');
  t.is(classifyAddress('8.8.8.8'), null);
  t.is(embeddedIPv4('::ffff:0:7f00:1'), '127.0.0.1'); // IPv4-translated (RFC 6145)
  t.is(classifyAddress('::ffff:0:a00:1'), 'private');
});

test('addresses with no IPv4 inside that are still not public are refused', (t) => {
  t.is(classifyAddress('::7f00:1'), 'reserved'); // deprecated IPv4-compatible
  t.is(classifyAddress('64:ff9b:1::a00:1'), 'reserved'); // local-use NAT64: no fixed IPv4 place
  t.is(classifyAddress('2001:db8::1'), 'reserved'); // documentation
  t.is(classifyAddress('not an address'), 'reserved');
  t.is(classifyAddress('100.100.100.200'), 'cloud_metadata');
});
