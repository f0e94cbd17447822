// Real headless Chromium for the browser tests: Debian's `chromium` driven by
// playwright-core (no browser download). A missing browser fails the tests with a clear
// message; .ci/run installs it.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

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

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run "apt-get update && apt-get install -y chromium" (bash .ci/run does it)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/** A full-page screenshot in test-artifacts/<name>.png; answers its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
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
