// Log lines leave through an asynchronous destination (ops/logger.ts): a process that exits
// right after logging still writes every line to stdout.
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

test('every line logged just before the process exits reaches stdout, whole and in order', async (t) => {
  const script = `
    const { requestLogger } = await import('./ops/logger.ts');
    for (let i = 0; i < 2000; i++) requestLogger.info({ n: i }, 'request');
    process.exit(0);`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), env: { ...process.env, LOG_LEVEL: 'info' }, maxBuffer: 64 * 1024 * 1024 });
  const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
  t.is(lines.length, 2000);
  t.deepEqual(lines.map((l) => l.n), Array.from({ length: 2000 }, (_, i) => i));
  t.true(lines.every((l) => l.msg === 'request' && l.level === 'info'));
});
