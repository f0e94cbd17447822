// Strict TypeScript is part of the contract with ourselves: the suite fails on a type error.
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

test('the whole project type-checks under strict mode', async (t) => {
  const run = promisify(execFile);
  const result = await run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { maxBuffer: 10_000_000 }).then(
    () => '',
    (err: { stdout?: string }) => err.stdout ?? String(err),
  );
  t.is(result, '');
});
