// The npm bench scripts' flags, run as real processes: usage on --help, one line on a bad flag.
import test from 'ava';
import { runProcess } from '../support/run-process.ts';

function script(file: string, ...args: string[]) {
  return runProcess('npx', ['tsx', file, ...args]);
}

test('--help prints the script header comment as its usage and exits 0', async (t) => {
  const r = await script('scripts/bench-solver-units.ts', '--help');
  t.is(r.code, 0);
  t.regex(r.out, /^Fewest-Units benchmark on known optima/);
  t.regex(r.out, /npm run bench:solver:units -- \[--ks 3,10\]/);
  t.notRegex(r.out, /^import/m);
});

test('an unknown flag is one line naming it, and exit 2', async (t) => {
  const r = await script('scripts/bench-solver-units.ts', '--bogus');
  t.is(r.code, 2);
  t.is(r.err, "Unknown option '--bogus' (--help prints the usage)\n");
});
