// Share Links through the socket: minting, replays, the stored hash, the plan cap, and the
// view-only pages the url opens (report, steps, step images, CSV, assets, 404 page).
import test from 'ava';
import { createHash } from 'node:crypto';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { createSolvedPlan, createUncalculatedPlan, type SolvedPlan } from '../support/solved-plan-fixture.ts';

let api: TestApi;
let org: TestOrg;
let other: TestOrg;
let plan: SolvedPlan;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
  other = await createTestOrg(api.sql);
  plan = await createSolvedPlan(api.sql, org.organizationId);
});
test.after.always(async () => {
  await api?.close();
});

const mint = (body?: unknown, options: { key?: string; loadPlanId?: string; idempotencyKey?: string } = {}) =>
  api.call('POST', `/api/v1/load-plans/${options.loadPlanId ?? plan.loadPlanId}/share-links`, {
    key: options.key ?? org.apiKey,
    body,
    idempotencyKey: options.idempotencyKey ?? idem(),
  });

/** Mints a link and answers the page path its url names. */
async function mintPath(body?: unknown): Promise<{ id: string; path: string; token: string }> {
  const res = await mint(body);
  if (res.status !== 201) throw new Error(`mint answered ${res.status}: ${res.text}`);
  return { id: res.body.id, token: res.body.token, path: new URL(res.body.url).pathname };
}

const page = (path: string) => api.call('GET', path);

// --- the API ---

test('minting answers 201 with the link, its url on the request origin and the token', async (t) => {
  const res = await mint({});
  t.is(res.status, 201);
  t.regex(res.body.id, /^shl_/);
  t.is(res.body.loadPlanId, plan.loadPlanId);
  t.regex(res.body.token, /^[A-Za-z0-9_-]{43,}$/);
  t.is(Buffer.from(res.body.token, 'base64url').length >= 32, true);
  t.is(res.body.url, `${api.url}/share/${res.body.token}`);
  t.is(res.body.expiresAt, null);
  t.is(res.body.showLoadingSteps, true);
  t.regex(res.body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
});

test('the body is optional: no body mints a link that shows loading steps and never expires', async (t) => {
  const res = await mint(undefined);
  t.is(res.status, 201);
  t.is(res.body.showLoadingSteps, true);
  t.is(res.body.expiresAt, null);
});

test('a replay with the same Idempotency-Key and body answers 201, the same link, url and token null', async (t) => {
  const key = idem();
  const body = { showLoadingSteps: false };
  const first = await mint(body, { idempotencyKey: key });
  const replay = await mint(body, { idempotencyKey: key });
  t.is(first.status, 201);
  t.truthy(first.body.token);
  t.is(replay.status, 201);
  t.is(replay.headers['idempotent-replayed'], 'true');
  t.deepEqual(replay.body, { ...first.body, url: null, token: null });
  const [{ n }] = await api.sql`select count(*)::int as n from share_links where id = ${first.body.id}`;
  t.is(n, 1);
});

test('only the SHA-256 hash of the token is stored', async (t) => {
  const res = await mint({});
  const [row] = await api.sql`select * from share_links where id = ${res.body.id}`;
  t.deepEqual(Buffer.from(row.token_hash), createHash('sha256').update(res.body.token).digest());
  const stored = JSON.stringify(row, (_k, v) => (v?.type === 'Buffer' ? Buffer.from(v.data).toString('hex') : v));
  t.false(stored.includes(res.body.token));
  const [idempotency] = await api.sql`select response_body from idempotency_records where response_body->>'id' = ${res.body.id}`;
  t.is(idempotency.response_body.token, null);
  t.is(idempotency.response_body.url, null);
});

test('a plan without a stored result answers 400 load_plan_not_calculated', async (t) => {
  const draft = await createUncalculatedPlan(api.sql, org.organizationId);
  const res = await mint({}, { loadPlanId: draft.loadPlanId });
  t.is(res.status, 400);
  t.is(res.body.code, 'BAD_REQUEST');
  t.is(res.body.data.reason, 'load_plan_not_calculated');
});

test("another organization's plan answers 404 like an unknown id", async (t) => {
  const foreign = await mint({}, { key: other.apiKey });
  const unknown = await mint({}, { key: other.apiKey, loadPlanId: 'lp_does_not_exist' });
  t.is(foreign.status, 404);
  t.is(foreign.body.code, 'NOT_FOUND');
  t.deepEqual(foreign.body, unknown.body);
});

test('expiresAt in the past answers 400 invalid_input', async (t) => {
  const res = await mint({ expiresAt: '2020-01-01T00:00:00Z' });
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
  t.deepEqual(res.body.data.issues[0].path, ['expiresAt']);
});

test('expiresAt that is not RFC 3339 UTC answers 400 invalid_input', async (t) => {
  const res = await mint({ expiresAt: '2099-01-01 12:00' });
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
});

test('a future expiresAt is kept on the link', async (t) => {
  const res = await mint({ expiresAt: '2099-06-30T12:00:00Z' });
  t.is(res.status, 201);
  t.is(res.body.expiresAt, '2099-06-30T12:00:00.000Z');
});

test('the url uses the configured public origin', async (t) => {
  const withOrigin = await startTestApi({ PUBLIC_ORIGIN: 'https://plans.example.com' });
  t.teardown(() => withOrigin.close());
  const res = await withOrigin.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/share-links`, { key: org.apiKey, body: {}, idempotencyKey: idem() });
  t.is(res.status, 201);
  t.is(res.body.url, `https://plans.example.com/share/${res.body.token}`);
});

test('the plan cap on Share Links answers 409 PLAN_LIMIT with resource, limit and planName', async (t) => {
  const capped = await startTestApi({ PLAN_LIMITS: JSON.stringify({ enterprise: { 'share-links': 2 } }) });
  t.teardown(() => capped.close());
  const cappedOrg = await createTestOrg(capped.sql);
  const cappedPlan = await createSolvedPlan(capped.sql, cappedOrg.organizationId);
  const mintCapped = () =>
    capped.call('POST', `/api/v1/load-plans/${cappedPlan.loadPlanId}/share-links`, { key: cappedOrg.apiKey, body: {}, idempotencyKey: idem() });
  t.is((await mintCapped()).status, 201);
  t.is((await mintCapped()).status, 201);
  const third = await mintCapped();
  t.is(third.status, 409);
  t.is(third.body.code, 'PLAN_LIMIT');
  t.like(third.body.data, { resource: 'share-links', limit: 2, planName: 'enterprise' });
});

test('a revoked link no longer counts against the plan cap', async (t) => {
  const capped = await startTestApi({ PLAN_LIMITS: JSON.stringify({ enterprise: { 'share-links': 1 } }) });
  t.teardown(() => capped.close());
  const cappedOrg = await createTestOrg(capped.sql);
  const cappedPlan = await createSolvedPlan(capped.sql, cappedOrg.organizationId);
  const mintCapped = () =>
    capped.call('POST', `/api/v1/load-plans/${cappedPlan.loadPlanId}/share-links`, { key: cappedOrg.apiKey, body: {}, idempotencyKey: idem() });
  const first = await mintCapped();
  t.is((await mintCapped()).status, 409);
  await capped.sql`update share_links set revoked_at = now() where id = ${first.body.id}`;
  t.is((await mintCapped()).status, 201);
});

// --- the pages ---

test('the url opens the report without an API key, with its security headers', async (t) => {
  const { path } = await mintPath({});
  const res = await page(path);
  t.is(res.status, 200);
  t.regex(String(res.headers['content-type']), /^text\/html/);
  t.is(res.headers['cache-control'], 'no-store');
  t.is(res.headers['referrer-policy'], 'no-referrer');
  t.is(res.headers['x-content-type-options'], 'nosniff');
  const csp = String(res.headers['content-security-policy']);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  t.truthy(nonce);
  t.regex(csp, /default-src 'none'/);
  t.true(res.text.includes(`<script type="importmap" nonce="${nonce}">`));
  t.regex(res.text, /data-testid="plan-name"[^>]*>Hamburg run</);
});

test('every page gets a fresh CSP nonce', async (t) => {
  const { path } = await mintPath({});
  const [a, b] = await Promise.all([page(path), page(path)]);
  t.not(a.headers['content-security-policy'], b.headers['content-security-policy']);
});

test('the report shows the plan as stored, with its revision and solve time, after the plan changes', async (t) => {
  const own = await createSolvedPlan(api.sql, org.organizationId, { planName: 'Changes later' });
  const res = await mint({}, { loadPlanId: own.loadPlanId });
  const path = new URL(res.body.url).pathname;
  await api.sql`update load_plans set revision = revision + 1, stale = true where id = ${own.loadPlanId}`;
  await api.sql`update cargo_lines set quantity = 99 where id = ${own.lines.pallet}`;
  const html = (await page(path)).text;
  t.true(html.includes('<span data-testid="revision">3</span>'));
  t.true(html.includes(`datetime="${own.solvedAt.toISOString()}"`));
  t.is(placementRows(html), 20);
});

test('an unknown token answers the 404 page', async (t) => {
  const res = await page(`/share/${'A'.repeat(43)}`);
  t.is(res.status, 404);
  t.regex(String(res.headers['content-type']), /^text\/html/);
  t.true(res.text.includes('data-testid="not-found"'));
  t.is(res.headers['cache-control'], 'no-store');
});

test('a malformed token and paths that are not pages answer the same 404 page', async (t) => {
  const { path } = await mintPath({});
  const unknown = await page(`/share/${'A'.repeat(43)}`);
  for (const p of ['/share/short', `${path}/nothing`, `${path}/steps/0`, `${path}/steps/x.svg`, `${path}/assets/..%2Fpackage.json`]) {
    const res = await page(p);
    t.is(res.status, 404, p);
    t.is(res.text, unknown.text, p);
  }
});

test('a link answers the 404 page once expiresAt has passed', async (t) => {
  const { id, path } = await mintPath({ expiresAt: '2099-01-01T00:00:00Z' });
  t.is((await page(path)).status, 200);
  await api.sql`update share_links set expires_at = now() - interval '1 second' where id = ${id}`;
  const res = await page(path);
  t.is(res.status, 404);
  t.true(res.text.includes('data-testid="not-found"'));
  t.is((await page(`${path}/placements.csv`)).status, 404);
});

test('a revoked link answers the 404 page', async (t) => {
  const { id, path } = await mintPath({});
  await api.sql`update share_links set revoked_at = now() where id = ${id}`;
  const res = await page(path);
  t.is(res.status, 404);
  t.true(res.text.includes('data-testid="not-found"'));
});

test('step pages and step images are served when the link shows loading steps', async (t) => {
  const { path } = await mintPath({});
  const step = await page(`${path}/steps/1`);
  t.is(step.status, 200);
  t.true(step.text.includes('data-testid="step-next"'));
  t.regex(String(step.headers['content-security-policy']), /'nonce-/);
  const svg = await page(`${path}/steps/1.svg`);
  t.is(svg.status, 200);
  t.regex(String(svg.headers['content-type']), /^image\/svg\+xml/);
  t.true(svg.text.includes('<svg'));
  t.is((await page(`${path}/steps/20`)).status, 200);
  t.is((await page(`${path}/steps/21`)).status, 404);
});

test('showLoadingSteps false: step pages and images answer 404 and the report has no step column', async (t) => {
  const { path } = await mintPath({ showLoadingSteps: false });
  t.is((await page(`${path}/steps/1`)).status, 404);
  t.is((await page(`${path}/steps/1.svg`)).status, 404);
  const report = await page(path);
  t.is(report.status, 200);
  t.false(report.text.includes('data-column="step"'));
  t.false(report.text.includes('data-testid="steps-link"'));
});

test('showLoadingSteps false: the CSV has no Step column and keeps the loading order', async (t) => {
  const { path } = await mintPath({ showLoadingSteps: false });
  const rows = csvRows((await page(`${path}/placements.csv`)).text);
  t.false(rows[0].includes('Step'));
  t.deepEqual(rows.slice(1).map((r) => `${r[0]}:${r[3]}`), expectedOrder());
});

test('the CSV lists every placement in loading order, Unit by Unit, with the Step column', async (t) => {
  const { path } = await mintPath({});
  const res = await page(`${path}/placements.csv`);
  t.is(res.status, 200);
  t.regex(String(res.headers['content-type']), /^text\/csv/);
  t.is(res.headers['cache-control'], 'no-store');
  const rows = csvRows(res.text);
  t.deepEqual(rows[0].slice(0, 5), ['Unit', 'Equipment', 'Step', 'Line', 'Piece']);
  t.is(rows.length, 21);
  t.deepEqual(rows.slice(1).map((r) => `${r[0]}:${r[4]}`), expectedOrder());
  t.deepEqual(rows.slice(1).map((r) => Number(r[2])), Array.from({ length: 20 }, (_, i) => i + 1));
});

test('the assets the page loads are served under the link, cacheable, and unknown names answer 404', async (t) => {
  const { path } = await mintPath({});
  const viewer = await page(`${path}/assets/viewer.js`);
  t.is(viewer.status, 200);
  t.regex(String(viewer.headers['content-type']), /^text\/javascript/);
  t.regex(String(viewer.headers['cache-control']), /max-age/);
  t.is((await page(`${path}/assets/three.module.js`)).status, 200);
  t.is((await page(`${path}/assets/secret.env`)).status, 404);
});

test('share pages accept only GET and HEAD', async (t) => {
  const { path } = await mintPath({});
  const res = await api.call('POST', path, { body: {} });
  t.is(res.status, 405);
  t.is(res.headers.allow, 'GET, HEAD');
});

test('a share page opened from another site is served (links travel by mail and chat)', async (t) => {
  const { path } = await mintPath({});
  const res = await api.call('GET', path, { headers: { 'sec-fetch-site': 'cross-site' } });
  t.is(res.status, 200);
});

/** Unit and piece numbers (1-based) in loading order: pallets 1..12 in Unit 1, crates 1..8 in Unit 2. */
function expectedOrder(): string[] {
  const unitOf = (p: SolvedPlan['placements'][number]) => p.unitIndex;
  return [...plan.placements]
    .sort((a, b) => unitOf(a) - unitOf(b) || a.loadingStep - b.loadingStep)
    .map((p) => `${p.unitIndex + 1}:${p.pieceIndex + 1}`);
}

function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

function placementRows(html: string): number {
  const table = /<table[^>]*data-testid="placements"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return (table.match(/<tr/g) ?? []).length;
}

test('share pages have a per-IP limit of their own and do not spend the API\'s', async (t) => {
  // a proxy-reported address of our own, so other suites calling from 127.0.0.1 do not count
  const limited = await startTestApi({ RATE_LIMIT_SHARE_PAGES_PER_IP: '3', RATE_LIMIT_PER_IP: '3', TRUST_PROXY: 'true' });
  t.teardown(() => limited.close());
  const { path } = await mintPath({});
  const caller = await createTestOrg(limited.sql);
  const ip = `198.51.100.${process.pid % 250}`;
  const headers = { 'x-forwarded-for': ip };
  await limited.sql`delete from rate_limit_windows where bucket in (${'ip:' + ip}, ${'share-ip:' + ip})`;
  // eight calls: even if a minute window ends among them, one window holds more than three
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await limited.call('GET', path, { headers })).status);
  t.is(statuses[0], 200);
  t.true(statuses.includes(429), statuses.join(' '));
  const [ipWindows] = await limited.sql`select count(*)::int as n from rate_limit_windows where bucket = ${'ip:' + ip}`;
  t.is(ipWindows.n, 0);
  t.is((await limited.call('GET', '/api/v1/libraries/cargo', { key: caller.apiKey, headers })).status, 200);
});
