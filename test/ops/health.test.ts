// The operations port through real sockets: /livez, /readyz (API and worker), and what
// readiness says when Postgres is gone or the worker stops polling.
import test from 'ava';
import { startOpsApi, get, untilReady } from './ops-harness.ts';
import { proxiedTestDatabase } from '../support/tcp-proxy.ts';
import { startTestWorker } from '../support/worker-harness.ts';
import { startWorkerOps } from '../../ops/processes.ts';

test('/livez answers 200 while the process runs', async (t) => {
  const api = await startOpsApi();
  t.teardown(api.close);
  const res = await get(`${api.opsUrl}/livez`);
  t.is(res.status, 200);
  t.deepEqual(JSON.parse(res.text), { status: 'live' });
});

test('/readyz answers 200 when the API reaches Postgres and Temporal', async (t) => {
  const api = await startOpsApi();
  t.teardown(api.close);
  const res = await untilReady(api.opsUrl);
  t.is(res.status, 200, res.text);
  t.deepEqual(JSON.parse(res.text), { ready: true, checks: { postgres: 'ok', temporal: 'ok' } });
});

test('/readyz answers 503 naming Postgres when the database is unreachable, and 200 again once it is back', async (t) => {
  const { proxy, url } = await proxiedTestDatabase();
  t.teardown(proxy.close);
  const api = await startOpsApi(url);
  t.teardown(api.close);
  t.is((await untilReady(api.opsUrl)).status, 200);

  await proxy.cut();
  const down = await get(`${api.opsUrl}/readyz`);
  t.is(down.status, 503);
  const body = JSON.parse(down.text);
  t.false(body.ready);
  t.regex(body.checks.postgres, /^failed: /);
  t.is(body.checks.temporal, 'ok');
  t.is((await get(`${api.opsUrl}/livez`)).status, 200, 'live though not ready: a restart would not help');

  await proxy.restore();
  t.is((await untilReady(api.opsUrl)).status, 200);
});

test('the operations port is not the API: no key, and API paths are not served there', async (t) => {
  const api = await startOpsApi();
  t.teardown(api.close);
  t.is((await get(`${api.opsUrl}/api/v1/projects`)).status, 404);
  t.is((await api.call('GET', '/readyz')).status, 404);
});

test('another method on the operations port answers 405 with Allow: GET, HEAD', async (t) => {
  const api = await startOpsApi();
  t.teardown(api.close);
  const res = await fetch(`${api.opsUrl}/livez`, { method: 'POST' });
  t.is(res.status, 405);
  t.is(res.headers.get('allow'), 'GET, HEAD');
});

test('a worker is ready while it polls its task queue, and not once it has stopped', async (t) => {
  const w = await startTestWorker();
  t.teardown(w.close);
  const ops = await startWorkerOps({ host: '127.0.0.1', port: 0 }, { sql: w.sql, connection: w.client.connection, worker: w.worker });
  t.teardown(ops.close);
  const ready = await untilReady(ops.url);
  t.is(ready.status, 200, ready.text);
  t.deepEqual(JSON.parse(ready.text).checks, { postgres: 'ok', temporal: 'ok', polling: 'ok' });

  w.worker.shutdown();
  const stopped = await get(`${ops.url}/readyz`);
  t.is(stopped.status, 503);
  t.regex(JSON.parse(stopped.text).checks.polling, /not polling/);
});
