// The Share Link pages for keyboard and screen-reader users, checked by axe-core in real
// headless Chromium: no serious or critical violations (landmarks, table headers,
// contrast, names of controls) on the report and on a step page; the 3D view is an image
// with a text alternative, and the controls are reached by keyboard.
import test from 'ava';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startShareBrowser, type ShareBrowser } from '../support/share-browser.ts';

const WAIT = { timeout: 60_000 };

let share: ShareBrowser;
test.before(async () => {
  share = await startShareBrowser();
});
test.after.always(async () => {
  await share?.close();
});

/** Serious and critical axe violations, one line each: rule, impact, the first offending node. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes[0]?.target.join(' ')} ×${v.nodes.length}`);
}

test('the report has no serious or critical accessibility violations', async (t) => {
  const page = await share.openPage();
  t.teardown(() => page.context().close());
  await page.goto(await share.mintUrl());
  await page.waitForSelector('body[data-viewer-ready="true"]', WAIT);
  t.deepEqual(await seriousViolations(page), []);
});

test('a step page has no serious or critical accessibility violations', async (t) => {
  const page = await share.openPage();
  t.teardown(() => page.context().close());
  await page.goto(`${await share.mintUrl()}/steps/3`);
  t.deepEqual(await seriousViolations(page), []);
});

test('the 3D view is an image whose text alternative leads to the placement list', async (t) => {
  const page = await share.openPage();
  t.teardown(() => page.context().close());
  await page.goto(await share.mintUrl());
  const drawing = page.getByRole('img', { name: /3D drawing of Unit 1 \(20' Standard\) with 12 piece\(s\)/ });
  t.is(await drawing.count(), 1);
  await page.getByRole('link', { name: 'placement list' }).click();
  t.true(page.url().endsWith('#placements-h'));
  t.true(await page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Stop' }) }).first().isVisible());
});

test('the plan actions, colour toggle and step slider are reached and worked by keyboard', async (t) => {
  const page = await share.openPage(1280, 900);
  t.teardown(() => page.context().close());
  await page.goto(await share.mintUrl());
  await page.waitForSelector('body[data-viewer-ready="true"]', WAIT);
  const reached: string[] = [];
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate<string>("document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? ''"));
  }
  for (const id of ['steps-link', 'csv-link', 'pdf-link', 'print-button', 'colour-by-line', 'colour-by-stop', 'step-range-0']) {
    t.true(reached.includes(id), `${id} is reached by Tab (${reached.join(', ')})`);
  }
  await page.getByTestId('colour-by-stop').focus();
  await page.keyboard.press('Enter');
  t.is(await page.getByTestId('colour-by-stop').getAttribute('aria-pressed'), 'true');
  await page.getByTestId('step-range-0').focus();
  await page.keyboard.press('Home');
  t.is(await page.getByTestId('unit-canvas-0').getAttribute('data-shown-pieces'), '0');
  await page.keyboard.press('ArrowRight');
  t.is(await page.getByTestId('step-shown-0').textContent(), '1');
});
