import test from 'ava';
import {
  DISABLE_AFTER_MS,
  MAX_ATTEMPTS,
  jitterFactor,
  nextRetry,
  nominalWaitMs,
  shouldDisable,
  waitBeforeAttemptMs,
} from '../../workflows/webhook-schedule.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

test('the nominal waits are 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h before attempts 2 to 8', (t) => {
  t.deepEqual(
    [2, 3, 4, 5, 6, 7, 8].map(nominalWaitMs),
    [1 * MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR],
  );
});

test('eight attempts is the limit: no retry after the eighth', (t) => {
  t.is(MAX_ATTEMPTS, 8);
  t.is(nextRetry(8, 'dlv_1'), null);
  t.deepEqual(nextRetry(7, 'dlv_1')?.attempt, 8);
  t.throws(() => nominalWaitMs(9), { instanceOf: RangeError });
  t.throws(() => nominalWaitMs(1), { instanceOf: RangeError });
});

test('the first retry follows the first failure after about one minute', (t) => {
  const next = nextRetry(1, 'dlv_first')!;
  t.is(next.attempt, 2);
  t.true(next.waitMs >= 0.9 * MIN && next.waitMs < 1.1 * MIN);
});

test('every jittered wait stays within 10 % of its nominal wait', (t) => {
  for (let d = 0; d < 500; d++) {
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const wait = waitBeforeAttemptMs(attempt, `dlv_${d}`);
      const nominal = nominalWaitMs(attempt);
      t.true(wait >= Math.floor(0.9 * nominal) && wait <= Math.ceil(1.1 * nominal), `dlv_${d} attempt ${attempt}: ${wait}`);
    }
  }
});

test('the jitter is deterministic: the same delivery and attempt always wait the same', (t) => {
  t.is(waitBeforeAttemptMs(5, 'dlv_abc'), waitBeforeAttemptMs(5, 'dlv_abc'));
  t.is(jitterFactor('dlv_abc#5'), jitterFactor('dlv_abc#5'));
});

test('the jitter spreads deliveries: different ids get different waits over the whole ±10 % band', (t) => {
  const factors = Array.from({ length: 2000 }, (_, i) => jitterFactor(`dlv_${i}#2`));
  t.true(new Set(factors).size > 1900);
  t.true(Math.min(...factors) < 0.91);
  t.true(Math.max(...factors) > 1.09);
  const mean = factors.reduce((a, b) => a + b, 0) / factors.length;
  t.true(Math.abs(mean - 1) < 0.01);
});

test('the total nominal retry span is about 44 h 36 min', (t) => {
  const total = [2, 3, 4, 5, 6, 7, 8].reduce((sum, a) => sum + nominalWaitMs(a), 0);
  t.is(total, 44 * HOUR + 36 * MIN);
});

test('scale shrinks every wait proportionally for tests', (t) => {
  const full = waitBeforeAttemptMs(3, 'dlv_s');
  const scaled = waitBeforeAttemptMs(3, 'dlv_s', { scale: 0.001 });
  t.true(Math.abs(scaled - full / 1000) <= 1);
  t.true(waitBeforeAttemptMs(2, 'dlv_s', { scale: 0.001 }) < 100);
  t.throws(() => waitBeforeAttemptMs(2, 'dlv_s', { scale: 0 }), { instanceOf: RangeError });
});

test('an endpoint is disabled once it has been failing for three days', (t) => {
  const first = Date.parse('2025-03-01T10:00:00Z');
  t.is(DISABLE_AFTER_MS, 3 * DAY);
  t.false(shouldDisable(first, first + 3 * DAY - 1));
  t.true(shouldDisable(first, first + 3 * DAY));
  t.true(shouldDisable(new Date(first), new Date(first + 4 * DAY)));
  t.true(shouldDisable('2025-03-01T10:00:00Z', '2025-03-04T10:00:00Z'));
});

test('an endpoint whose last attempt succeeded is never disabled', (t) => {
  t.false(shouldDisable(null, Date.now()));
});

test('the disable window scales with the test scale', (t) => {
  const first = 1_000_000;
  t.false(shouldDisable(first, first + 3 * DAY * 0.001 - 1, { scale: 0.001 }));
  t.true(shouldDisable(first, first + 3 * DAY * 0.001, { scale: 0.001 }));
});

test('the schedule module imports only the Temporal contracts (which import nothing), so it is safe in the workflow sandbox', async (t) => {
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(new URL('../../workflows/webhook-schedule.ts', import.meta.url), 'utf8');
  const contracts = await readFile(new URL('../../temporal/contracts.ts', import.meta.url), 'utf8');
  const imports = [...source.matchAll(/^\s*import\s[^;]*from\s+'([^']+)'/gm)].map((m) => m[1]);
  t.deepEqual(imports, ['../temporal/contracts.ts']);
  t.notRegex(contracts, /^\s*import\s/m);
  t.notRegex(source, /Math\.random|Date\.now\(/);
});
