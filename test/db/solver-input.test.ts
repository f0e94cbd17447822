// The solver's input carries the Project's Stop names, so its messages can name Stops as
// the Project does.
import test from 'ava';
import { readSolveInput } from '../../db/solver-input.ts';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';

let api: TestApi;
let org: TestOrg;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
});

test('the solve input holds the Project’s Stops with their names', async (t) => {
  const stops = [{ stop: 1, name: 'Hamburg' }, { stop: 2, name: 'Bremen' }];
  const project = (await api.post(org.apiKey, '/projects', { name: 'Two drops', stops })).body;
  const plan = (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Plan' })).body;
  const read = await readSolveInput(api.sql, plan.id, { seed: 1, timeBudgetMs: 0 });
  t.deepEqual(read?.input.stops, stops);
});

test('a Project without Stops gives an empty list', async (t) => {
  const project = (await api.post(org.apiKey, '/projects', { name: 'One drop' })).body;
  const plan = (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Plan' })).body;
  const read = await readSolveInput(api.sql, plan.id, { seed: 1, timeBudgetMs: 0 });
  t.deepEqual(read?.input.stops, []);
});
