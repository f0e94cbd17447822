// The operator CLI's usage, run as a real process (no database needed).
import test from 'ava';
import { runProcess } from '../support/run-process.ts';

function cli(...args: string[]) {
  return runProcess('node', ['bin/loadplan.js', ...args]);
}

test('--help prints the commands and exits 0', async (t) => {
  const r = await cli('--help');
  t.is(r.code, 0);
  t.regex(r.out, /^loadplan <command> <action>/);
  t.regex(r.out, /webhook/);
});

test('-h is --help', async (t) => {
  const r = await cli('-h');
  t.is(r.code, 0);
  t.regex(r.out, /calculate start --plan ID/);
});

test('no command prints the commands on stderr and exits 2', async (t) => {
  const r = await cli();
  t.is(r.code, 2);
  t.regex(r.err, /^loadplan <command> <action>/);
});

test('an unknown option names it in one line and exits 2', async (t) => {
  const r = await cli('org', 'list', '--bogus');
  t.is(r.code, 2);
  t.is(r.err, "loadplan: Unknown option '--bogus' ('loadplan help' lists the commands)\n");
});
