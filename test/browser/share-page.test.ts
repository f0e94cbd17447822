// The Share Link page in real headless Chromium: the report renders, the 3D view draws,
// the loading steps can be walked, and a link that hides steps hides them. Each test saves
// a screenshot in test-artifacts/.
import test from 'ava';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { startShareBrowser, type ShareBrowser } from '../support/share-browser.ts';

const WAIT = { timeout: 60_000 };

let share: ShareBrowser;
test.before(async () => {
  share = await startShareBrowser();
});
test.after.always(async () => {
  await share?.close();
});

const mintUrl = (body?: Record<string, unknown>) => share.mintUrl(body);
const openPage = (width?: number, height?: number) => share.openPage(width, height);

test('the report renders the plan: header, Units, warnings, unloaded cargo and 20 placements', async (t) => {
  const page = await openPage();
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  const response = await page.goto(await mintUrl());
  t.is(response?.status(), 200);
  t.is(await page.getByTestId('plan-name').textContent(), 'Hamburg run');
  t.is(await page.getByTestId('project-name').textContent(), 'Spring fair');
  t.is(await page.locator('[data-testid="units"] [data-unit-index]').count(), 2);
  t.true(await page.getByTestId('warnings-general').isVisible());
  t.true(await page.getByTestId('unloaded').isVisible());
  t.is(await page.locator('table[data-testid="placements"] tbody tr').count(), 20);
  t.true(await page.locator('th[data-column="step"]').isVisible());
  await page.waitForSelector('body[data-viewer-ready]', WAIT);
  await saveScreenshot(page, 'share-report');
  t.deepEqual(errors, []);
});

test('the 3D view draws every Unit with WebGL under the page CSP', async (t) => {
  const page = await openPage(1280, 900);
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  await page.goto(await mintUrl());
  await page.waitForSelector('body[data-viewer-ready]', WAIT);
  const body = page.locator('body');
  t.deepEqual([await body.getAttribute('data-viewer-ready'), await body.getAttribute('data-viewer-error')], ['true', null]);
  t.true(await page.getByTestId('colour-toggle').isVisible());
  for (const unit of [0, 1]) {
    const canvas = page.getByTestId(`unit-canvas-${unit}`);
    const box = await canvas.boundingBox();
    t.true((box?.width ?? 0) > 100 && (box?.height ?? 0) > 100, `Unit ${unit} canvas has a size`);
    // a blank canvas compresses to a few hundred bytes; drawn boxes and edges do not
    const image = await canvas.screenshot();
    t.true(image.length > 4_000, `Unit ${unit} canvas shows a drawing (${image.length} bytes)`);
  }
  await page.getByTestId('viewer').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'share-3d-view');
  t.deepEqual(errors, []);
});

test('the loading steps can be walked with next and previous, each with its image', async (t) => {
  const page = await openPage();
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  const url = await mintUrl();
  await page.goto(url);
  await page.getByTestId('steps-link').click();
  await page.waitForURL(`${url}/steps/1`);
  t.is(await page.getByTestId('step-number').textContent(), 'Step 1 of 20');
  t.is(await page.getByTestId('step-prev').count(), 0);
  await page.getByTestId('step-next').click();
  await page.waitForURL(`${url}/steps/2`);
  t.is(await page.getByTestId('step-number').textContent(), 'Step 2 of 20');
  t.is(await page.locator('table[data-testid="step-pieces"] tbody tr').count(), 1);
  const image = page.getByTestId('step-image');
  // the image's own request answered an SVG the browser could decode
  t.true(await image.evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode().then(() => true)));
  t.true(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0));
  await saveScreenshot(page, 'share-step-2');
  await page.getByTestId('step-prev').click();
  await page.waitForURL(`${url}/steps/1`);
  t.is(await page.getByTestId('step-number').textContent(), 'Step 1 of 20');
  await page.goto(`${url}/steps/20`);
  t.is(await page.getByTestId('step-next').count(), 0);
  await page.getByTestId('report-link').click();
  await page.waitForURL(url);
  t.deepEqual(errors, []);
});

test('a link that hides loading steps shows no step column or links, and its step pages are the 404 page', async (t) => {
  const page = await openPage();
  t.teardown(() => page.context().close());
  const url = await mintUrl({ showLoadingSteps: false });
  await page.goto(url);
  t.is(await page.locator('table[data-testid="placements"] tbody tr').count(), 20);
  t.is(await page.locator('th[data-column="step"]').count(), 0);
  t.is(await page.getByTestId('steps-link').count(), 0);
  t.is(await page.getByTestId('unit-steps-link-0').count(), 0);
  await page.waitForSelector('body[data-viewer-ready]', WAIT);
  await saveScreenshot(page, 'share-report-steps-hidden');
  const step = await page.goto(`${url}/steps/1`);
  t.is(step?.status(), 404);
  t.true(await page.getByTestId('not-found').isVisible());
  await saveScreenshot(page, 'share-not-found');
});
