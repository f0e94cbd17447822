// Real headless Chromium for the browser tests, driven by playwright-core (which downloads
// no browser): the one that arrives with npm install, else the system's (see chromium.ts).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { findChromium, SYSTEM_CHROMIUM } from './chromium.ts';

/** Screenshots for people to look at; gitignored. */
export const ARTIFACTS_DIR = resolve('test-artifacts');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL on the CPU: the 3D view draws without a GPU
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Launches the chosen Chromium; one that will not start (a library it lacks) gives way to the system's. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = await findChromium();
  try {
    return await launchWithRetry(executablePath);
  } catch (err) {
    if (executablePath === SYSTEM_CHROMIUM || !existsSync(SYSTEM_CHROMIUM)) throw err;
    console.error(`Chromium at ${executablePath} did not start, using ${SYSTEM_CHROMIUM}: ${(err as Error).message}`);
    return launchWithRetry(SYSTEM_CHROMIUM);
  }
}

const LAUNCH_ATTEMPTS = 3;

/**
 * Why retry: on a loaded two-core CI machine headless Chromium now and then dies at start
 * (SIGSEGV before its first page); a second start succeeds. A browser that never starts
 * still fails after the last attempt, with that attempt's error.
 */
async function launchWithRetry(executablePath: string): Promise<Browser> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({ executablePath, args: ARGS });
    } catch (err) {
      if (attempt >= LAUNCH_ATTEMPTS) throw err;
      console.error(`Chromium start ${attempt} of ${LAUNCH_ATTEMPTS} failed, trying again: ${(err as Error).message.split('\n')[0]}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

/** A full-page screenshot (or of one element: long pages take long) in test-artifacts/<name>.png; answers its path. */
export async function saveScreenshot(page: Page, name: string, element?: Locator): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  if (element) await element.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Console errors, uncaught exceptions and failed loads of a page (CSP violations show up
 * as console errors). The browser's own favicon probe is not the page's and is ignored.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname !== '/favicon.ico') errors.push(`${response.status()} ${url.pathname}`);
  });
  return errors;
}
