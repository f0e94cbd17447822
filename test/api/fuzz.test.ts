// A seeded slice of the fuzzer in every run: a few hundred mutated requests over every
// route of the served document. `npm run fuzz -- --count 20000` runs many more.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { countWrites, ledgerDisagreements, runFuzz, type FuzzReport, type FuzzTarget } from '../support/fuzz/run.ts';
import { fuzzTarget } from '../support/fuzz/target.ts';

let api: TestApi;
let org: TestOrg;
let target: FuzzTarget;
let report: FuzzReport;
let disagreements: string[];

test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
  target = await fuzzTarget(`${api.url}/api/v1`, org.apiKey);
  const before = await countWrites(api.sql, target, org.organizationId);
  report = await runFuzz(target, { count: 400, seed: 14 });
  disagreements = ledgerDisagreements(before, await countWrites(api.sql, target, org.organizationId), report.ledger);
});
test.after.always(async () => {
  await api?.close();
});

const show = (findings: FuzzReport['serverErrors']) =>
  findings.slice(0, 5).map((f) => `${f.case.mutation} ${f.case.method} ${f.case.path} -> ${f.status} ${f.text.slice(0, 200)}`).join('\n');

test('no mutated request answers 5xx', (t) => {
  t.true(report.sent >= 400); // and the retries of writes the client gave up on
  t.is(report.serverErrors.length, 0, show(report.serverErrors));
});

test('every refusal has the one error body', (t) => {
  t.is(report.nonStandardBodies.length, 0, show(report.nonStandardBodies));
});

test('every status is one the document lists for the route', (t) => {
  t.is(report.outsideSpec.length, 0, show(report.outsideSpec));
});

test('rows and reads agree with the writes the 2xx answers acknowledged (a write the client gave up on is retried with its key)', (t) => {
  t.is(report.ledger.neverAnswered, 0);
  t.deepEqual(disagreements, []);
});
