// The whole test suite on a fresh machine: real Postgres (embedded unless DATABASE_URL is
// set; then a fresh database in it), a real Temporal dev server (unless TEMPORAL_ADDRESS
// is set), migrations, one workflow bundle, the browser tests' Chromium (from its npm
// package), then ava. Ends with "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';
import { bundleWorkflows } from '../bin/start-worker.ts';
import { CHROMIUM_ENV, findChromium } from '../test/support/chromium.ts';

const log = (line: string) => console.log(`[test] ${line}`);
const dataDir = resolve('.test-data', `run-${process.pid}`);

async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `loadplan_test_${Date.now()}_${process.pid}`;
  const admin = connect(serverUrl, { max: 1 });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  await mkdir(dataDir, { recursive: true });
  // the browser tests' Chromium, unpacked from its npm package once (before anything else
  // runs: unpacking points TMPDIR at the package's own folder for a moment)
  const chromiumPath = await findChromium(log);
  log(`browser tests drive ${chromiumPath}`);
  const infra = await startInfrastructure({
    dataDir,
    persistent: false,
    ui: false,
    databaseUrl: process.env.DATABASE_URL,
    temporalAddress: process.env.TEMPORAL_ADDRESS,
    log,
  });
  const database = await freshDatabase(infra.databaseUrl);
  try {
    const sql = connect(database.url, { max: 2 });
    await migrate(sql);
    await seedBuiltIns(sql);
    await sql.end();
    log('bundling workflows…');
    const bundlePath = join(dataDir, 'workflow-bundle.js');
    await writeFile(bundlePath, (await bundleWorkflows()).code);
    log(`infrastructure ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return await runAva({
      TEST_DATABASE_URL: database.url,
      TEST_TEMPORAL_ADDRESS: infra.temporalAddress,
      TEST_WORKFLOW_BUNDLE: bundlePath,
      [CHROMIUM_ENV]: chromiumPath,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', // request and activity lines would drown the TAP output
    });
  } finally {
    await database.drop().catch((err) => console.error(err));
    await infra.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs ava with TAP output (shown as it comes) and counts its results. */
function runAva(env: Record<string, string>): Promise<number> {
  // TEST_REPORTER=verbose shows ava's own report (for debugging; no counts are printed then)
  const args = ['ava', ...(process.env.TEST_REPORTER === 'verbose' ? ['--verbose'] : ['--tap']), ...process.argv.slice(2)];
  return new Promise((resolvePromise) => {
    const child = spawn('npx', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let passed = 0;
    let failed = 0;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (/^ok \d+/.test(line) && !/# (SKIP|TODO)/.test(line)) passed++;
        else if (/^not ok \d+/.test(line) && !/# TODO/.test(line)) failed++;
      }
    });
    child.on('exit', (code, signal) => {
      if (code !== 0) console.log(`\n[test] ava ended with ${signal ? `signal ${signal}` : `exit code ${code}`}`);
      // ava's TAP reporter crashes on a test that times out and never lists it: count the run as failed
      const unlisted = code !== 0 && failed === 0 ? 1 : 0;
      if (unlisted) console.log('[test] no test is listed as failed: one ended without a result (a timeout?)');
      console.log(`\n${passed} passed, ${failed + unlisted} failed`);
      resolvePromise(code ?? 1);
    });
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  },
);
