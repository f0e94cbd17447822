// The served document says what the server accepts: requests built from it alone (its
// schemas, lengths, patterns and ranges) pass validation on every route.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { operationsOf, validRequest } from '../support/fuzz/cases.ts';
import { seededRandom } from '../support/fuzz/random.ts';
import { fuzzTarget } from '../support/fuzz/target.ts';
import type { FuzzTarget } from '../support/fuzz/run.ts';

let api: TestApi;
let target: FuzzTarget;
test.before(async () => {
  api = await startTestApi();
  const org = await createTestOrg(api.sql);
  target = await fuzzTarget(`${api.url}/api/v1`, org.apiKey);
});
test.after.always(async () => {
  await api?.close();
});

const SAMPLES_PER_ROUTE = 25;
/** invalid_input issues about what exists or how fields relate, which JSON Schema cannot state */
const STATE_ISSUES = new Set(['unknown_equipment_type', 'type_not_selected']);

test('requests generated from the document pass validation on every route', async (t) => {
  const random = seededRandom(2026);
  const refused: string[] = [];
  let sent = 0;
  for (const operation of operationsOf(target.doc)) {
    for (let i = 0; i < SAMPLES_PER_ROUTE; i++) {
      const c = validRequest(target.doc, operation, target.ids, random, 'round-trip');
      const res = await api.call(c.method, `/api/v1${c.path}`, { key: target.apiKey, headers: c.headers, rawBody: c.body });
      sent++;
      // refusals that depend on state (a stale revision, an uncalculated plan, an unknown run,
      // a type id not in the library) are fine: the document cannot know them
      const formatIssues = (res.body?.data?.issues ?? []).filter((i: { code: string }) => !STATE_ISSUES.has(i.code));
      if (res.status >= 500 || (res.body?.data?.reason === 'invalid_input' && formatIssues.length)) refused.push(`${c.method} ${c.path} ${c.body ?? ''} -> ${res.status} ${res.text.slice(0, 300)}`);
    }
  }
  t.is(sent, operationsOf(target.doc).length * SAMPLES_PER_ROUTE);
  t.deepEqual(refused, []);
});

test('a generated request for a route that depends on no state answers its documented success status', async (t) => {
  const random = seededRandom(7);
  for (const operation of operationsOf(target.doc).filter((o) => ['createProject', 'createLoadPlan', 'importCargo', 'listCargo', 'listCargoLibrary', 'listEquipmentTypes', 'getProject', 'getLoadPlan'].includes(o.operationId))) {
    const c = validRequest(target.doc, operation, target.ids, random, 'round-trip-success');
    const res = await api.call(c.method, `/api/v1${c.path}`, { key: target.apiKey, headers: c.headers, rawBody: c.body });
    const success = Object.keys(operation.op.responses).find((s) => s.startsWith('2'));
    t.is(String(res.status), success ?? 'no 2xx documented', `${c.method} ${c.path} ${c.body ?? ''} -> ${res.text.slice(0, 300)}`);
  }
});
