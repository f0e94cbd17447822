// The Share Link on paper, in real headless Chromium: the print layout (print media
// emulated, screenshots in test-artifacts/), the plan PDF as a visitor downloads it, and a
// link that hides loading steps printing only the report and the placement list.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { ARTIFACTS_DIR, collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { pdfPages } from '../support/pdf.ts';
import { startShareBrowser, type ShareBrowser } from '../support/share-browser.ts';

let share: ShareBrowser;
test.before(async () => {
  share = await startShareBrowser();
});
test.after.always(async () => {
  await share?.close();
});

test('printed, the report drops the 3D view and buttons and adds every loading step with a tick box and image', async (t) => {
  const page = await share.openPage(1123, 794); // A4 landscape at 96 dpi
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  await page.goto(await share.mintUrl());
  t.false(await page.getByTestId('print-steps').isVisible(), 'the steps print only');
  await page.emulateMedia({ media: 'print' });
  t.false(await page.getByTestId('viewer').isVisible());
  t.false(await page.getByTestId('print-button').isVisible());
  t.true(await page.getByTestId('units').isVisible());
  t.true(await page.getByTestId('placements').isVisible());
  const steps = page.getByTestId('print-step');
  t.is(await steps.count(), 20);
  t.true(await steps.first().locator('.tick-box').isVisible());
  const image = steps.nth(4).locator('img');
  await image.scrollIntoViewIfNeeded();
  await t.notThrowsAsync(image.evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode()));
  t.regex((await steps.first().textContent()) ?? '', /Step 1 · Unit 1, 1 of 12.*Euro pallet #\d+: at 0 \/ 0 \/ 0 mm, LWH \(as delivered\), after all Stops/s);
  await saveScreenshot(page, 'share-print');
  // Chromium's own print to PDF lays the same out on A4 pages
  const printed = await pdfPages(await page.pdf({ format: 'A4', landscape: true }));
  t.true(printed.length >= 3, `${printed.length} printed pages`);
  t.regex(printed.join('\n'), /Step 20 · Unit 2, 8 of 8/);
  t.deepEqual(errors, []);
});

test('printed, a link that hides loading steps holds the report and the placement list only', async (t) => {
  const page = await share.openPage(1123, 794);
  t.teardown(() => page.context().close());
  await page.goto(await share.mintUrl({ showLoadingSteps: false }));
  await page.emulateMedia({ media: 'print' });
  t.is(await page.getByTestId('print-steps').count(), 0);
  t.false(await page.getByTestId('viewer').isVisible());
  t.is(await page.locator('table[data-testid="placements"] tbody tr').count(), 20);
  t.is(await page.locator('th[data-column="step"]').count(), 0);
  await saveScreenshot(page, 'share-print-steps-hidden');
  const text = (await pdfPages(await page.pdf({ format: 'A4', landscape: true }))).join('\n');
  t.regex(text, /Placements in loading order/);
  t.notRegex(text, /Loading steps|Step 1 ·/);
});

test('the plan PDF downloads with a cover per Unit and its loading steps, three to a page', async (t) => {
  const page = await share.openPage(1280, 900);
  t.teardown(() => page.context().close());
  await page.goto(await share.mintUrl());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-link').click()]);
  t.is(download.suggestedFilename(), 'plan.pdf');
  const path = join(ARTIFACTS_DIR, 'share-plan.pdf');
  await download.saveAs(path);
  const pages = await pdfPages(await readFile(path));
  // Unit 1: cover + 12 steps on 4 pages; Unit 2: cover + 8 steps on 3 pages
  t.is(pages.length, 9);
  t.regex(pages[0], /Unit 1 \(20' Standard\)/);
  t.regex(pages[0], /Centre of gravity/);
  t.regex(pages[1], /Step 1 · Unit 1, 1 of 12.*Step 2 · Unit 1, 2 of 12.*Step 3 · Unit 1, 3 of 12/s);
  t.regex(pages[1], /Load now: Euro pallet #\d+ at 0 \/ 0 \/ 0 mm, LWH \(as delivered\), after all Stops/);
  t.regex(pages[5], /Unit 2 \(20' Standard\)/);
});

test('the plan PDF of a link that hides loading steps holds a cover and the placement list per Unit', async (t) => {
  const url = await share.mintUrl({ showLoadingSteps: false });
  const res = await fetch(`${url}/plan.pdf`);
  t.is(res.status, 200);
  const pages = await pdfPages(new Uint8Array(await res.arrayBuffer()));
  t.is(pages.length, 2);
  t.regex(pages[0], /Placements in loading order/);
  t.notRegex(pages.join('\n'), /Step \d+ ·/);
});
