// Endpoint management rules (services/webhooks/endpoints.ts): who may register, URL checks at save, chosen
// event types, encrypted secrets and rotation overlap, enable/disable, the 30-day log.
import test from 'ava';
import { connect, type Sql } from '../../../db/connect.ts';
import { addMember, updateOrganization } from '../../../db/organizations.ts';
import { createDeliveries, deliveryLog, disableEndpoint, enableEndpoint, getEndpoint } from '../../../db/webhooks.ts';
import { WebhookError, createTestEvent, registerEndpoint, rotateEndpointSecret, signingSecrets } from '../../../services/webhooks/endpoints.ts';
import { decryptSecret } from '../../../services/webhooks/secret-box.ts';
import type { LookupAll } from '../../../services/webhooks/url-policy.ts';
import { createTestOrg } from '../../support/fixtures.ts';
import { testDatabaseUrl } from '../../support/env.ts';
import { insertCalculateEvent } from './webhook-world.ts';

let sql: Sql;
test.before(() => {
  sql = connect(testDatabaseUrl(), { max: 3 });
});
test.after.always(async () => {
  await sql?.end();
});

/** Resolves every name to one public address (TEST-NET is refused, so a real-looking one). */
const publicDns: LookupAll = async () => [{ address: '93.184.215.14', family: 4 }];
const dnsTo = (address: string): LookupAll => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
const EVENTS = ['calculate.completed'];
const NO_LOOPBACK = { lookup: publicDns, allowLoopback: false, env: { NODE_ENV: 'test' } };

async function register(memberId: string, url = 'https://hooks.example.com/loadplan', options = NO_LOOPBACK, eventTypes = EVENTS) {
  return registerEndpoint(sql, { memberId, url, eventTypes }, options);
}

async function refusal(t: any, promise: Promise<unknown>): Promise<string> {
  const err = await t.throwsAsync(promise, { instanceOf: WebhookError });
  return (err as WebhookError).code;
}

test('an owner of an Enterprise organization registers an endpoint and gets its whsec_ secret once', async (t) => {
  const org = await createTestOrg(sql);
  const { endpoint, secret } = await register(org.ownerId);
  t.regex(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.like(endpoint, { organizationId: org.organizationId, url: 'https://hooks.example.com/loadplan', enabled: true, failingSince: null });
  t.deepEqual(endpoint.eventTypes, EVENTS);
  t.false('secret' in (await getEndpoint(sql, endpoint.id))!);
});

test('the signing secret is stored encrypted and opens only on its own endpoint row', async (t) => {
  const org = await createTestOrg(sql);
  const { endpoint, secret } = await register(org.ownerId);
  const [row] = await sql`select secret_ciphertext from webhook_endpoints where id = ${endpoint.id}`;
  t.false(row.secret_ciphertext.includes(secret.slice(6)));
  t.is(decryptSecret(row.secret_ciphertext, endpoint.id), secret);
  t.throws(() => decryptSecret(row.secret_ciphertext, 'whe_other'));
});

test('an admin may register; a plain member may not', async (t) => {
  const org = await createTestOrg(sql);
  const admin = await addMember(sql, { organizationId: org.organizationId, email: `a${Date.now()}@x.example`, role: 'admin' });
  const member = await addMember(sql, { organizationId: org.organizationId, email: `m${Date.now()}@x.example`, role: 'member' });
  await t.notThrowsAsync(register(admin.id));
  t.is(await refusal(t, register(member.id)), 'not_owner_or_admin');
});

test('an organization not on the Enterprise plan cannot register endpoints', async (t) => {
  const org = await createTestOrg(sql, { plan: 'business', apiAccess: false });
  t.is(await refusal(t, register(org.ownerId)), 'not_enterprise');
});

test('an endpoint chooses at least one known calculate event type', async (t) => {
  const org = await createTestOrg(sql);
  t.is(await refusal(t, register(org.ownerId, undefined, undefined, [])), 'no_event_types');
  t.is(await refusal(t, register(org.ownerId, undefined, undefined, ['calculate.started'])), 'unknown_event_type');
  t.is(await refusal(t, register(org.ownerId, undefined, undefined, ['webhook.test'])), 'unknown_event_type');
});

const refusedAtSave: [string, string, LookupAll][] = [
  ['http://hooks.example.com/x', 'scheme_not_https', publicDns],
  ['https://user:pw@hooks.example.com/x', 'credentials_in_url', publicDns],
  ['https://hooks.example.com:8/x', 'port_not_allowed', publicDns],
  ['https://10.0.0.1/x', 'host_is_ip_literal', publicDns],
  ['https://localhost/x', 'host_is_localhost', publicDns],
  ['https://internal.example.com/x', 'address_private', dnsTo('192.168.1.10')],
  ['https://meta.example.com/x', 'address_cloud_metadata', dnsTo('169.254.169.254')],
  ['https://mapped.example.com/x', 'address_loopback', dnsTo('::ffff:127.0.0.1')],
  ['https://cgnat.example.com/x', 'address_cgnat', dnsTo('100.64.0.1')],
];
for (const [url, code, lookup] of refusedAtSave) {
  test(`a URL is checked when saved: ${url} is refused with ${code}`, async (t) => {
    const org = await createTestOrg(sql);
    t.is(await refusal(t, register(org.ownerId, url, { ...NO_LOOPBACK, lookup })), code);
    t.is((await sql`select count(*)::int as n from webhook_endpoints where organization_id = ${org.organizationId}`)[0].n, 0);
  });
}

test('a rotation keeps the previous secret signing for 24 hours beside the new one', async (t) => {
  const org = await createTestOrg(sql);
  const { endpoint, secret: first } = await register(org.ownerId);
  const rotated = (await rotateEndpointSecret(sql, endpoint.id))!;
  t.not(rotated.secret, first);
  const until = rotated.endpoint.previousSecretUntil!.getTime();
  t.true(Math.abs(until - Date.now() - 24 * 3600_000) < 60_000);
  const [row] = await sql`select * from webhook_endpoints where id = ${endpoint.id}`;
  t.deepEqual(signingSecrets(row as any, new Date()), [rotated.secret, first]);
  t.deepEqual(signingSecrets(row as any, new Date(until + 1)), [rotated.secret]);
});

test('enabling sets enabled_at to now and clears failing_since', async (t) => {
  const org = await createTestOrg(sql);
  const { endpoint } = await register(org.ownerId);
  await sql`update webhook_endpoints set failing_since = now() - interval '2 days' where id = ${endpoint.id}`;
  const disabled = (await disableEndpoint(sql, endpoint.id))!;
  t.like(disabled, { enabled: false, disabledReason: 'disabled by an operator' });
  const enabled = (await enableEndpoint(sql, endpoint.id))!;
  t.like(enabled, { enabled: true, disabledReason: null, failingSince: null });
  t.true(enabled.enabledAt > endpoint.enabledAt);
});

test('a webhook.test event goes only to the endpoint it was sent from', async (t) => {
  const org = await createTestOrg(sql);
  const a = await register(org.ownerId, 'https://a.example.com/x');
  const b = await register(org.ownerId, 'https://b.example.com/x');
  const eventId = await createTestEvent(sql, a.endpoint.id);
  await sql.begin((tx) => createDeliveries(tx, eventId));
  t.is((await deliveryLog(sql, a.endpoint.id)).length, 1);
  t.is((await deliveryLog(sql, b.endpoint.id)).length, 0);
  const [event] = await sql`select payload from webhook_events where id = ${eventId}`;
  t.like(event.payload, { id: eventId, type: 'webhook.test', data: { endpointId: a.endpoint.id } });
});

test('the delivery log covers the last 30 days', async (t) => {
  const org = await createTestOrg(sql);
  const { endpoint } = await register(org.ownerId);
  const recent = await insertCalculateEvent(sql, org.organizationId);
  const old = await insertCalculateEvent(sql, org.organizationId);
  await sql.begin(async (tx) => {
    await createDeliveries(tx, recent.id);
    await createDeliveries(tx, old.id);
  });
  await sql`update webhook_deliveries set created_at = now() - interval '31 days', last_attempt_at = now() - interval '31 days' where event_id = ${old.id}`;
  t.deepEqual((await deliveryLog(sql, endpoint.id)).map((d) => d.eventId), [recent.id]);
});

test('an organization keeps its endpoints when it loses API access', async (t) => {
  const org = await createTestOrg(sql);
  const { endpoint } = await register(org.ownerId);
  await updateOrganization(sql, org.organizationId, { apiAccess: false });
  t.like(await getEndpoint(sql, endpoint.id), { enabled: true });
});
