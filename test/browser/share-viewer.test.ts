// The Share Link 3D view in real headless Chromium: a tap on a piece tells what it is, the
// step slider shows the load up to a step, and a Unit of thousands of pieces is drawn in a
// handful of draw calls (one instanced mesh and one set of edges).
import test from 'ava';
import { writePlacements } from '../../db/results.ts';
import type { Placement, UnitResult } from '../../solver/types.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { createSolvedPlan } from '../support/solved-plan-fixture.ts';
import { startShareBrowser, type ShareBrowser } from '../support/share-browser.ts';

const WAIT = { timeout: 60_000 };
const LARGE = 2_500;

let share: ShareBrowser;
test.before(async () => {
  share = await startShareBrowser();
});
test.after.always(async () => {
  await share?.close();
});

/** A plan whose first Unit holds LARGE boxes of 100 mm, two layers on the floor of a 20'. */
async function largePlanId(): Promise<string> {
  const plan = await createSolvedPlan(share.api.sql, share.org.organizationId, { planName: 'Many small boxes' });
  const placements: Placement[] = Array.from({ length: LARGE }, (_, i) => {
    const layer = Math.floor(i / (58 * 23));
    const k = i % (58 * 23);
    return {
      unitIndex: 0, cargoLineId: plan.lines.pallet, pieceIndex: i, xMm: Math.floor(k / 23) * 100, yMm: (k % 23) * 100, zMm: layer * 100,
      lengthMm: 100, widthMm: 100, heightMm: 100, rotation: 'LWH', loadingStep: i + 1, stop: null, locked: false, manual: false,
    };
  });
  const units = [0, 1].map((index) => ({ index, equipmentId: plan.equipmentId }) as UnitResult);
  await writePlacements(share.api.sql, plan.loadPlanId, { units, placements: [...placements, ...plan.placements.filter((p) => p.unitIndex === 1)] });
  return plan.loadPlanId;
}

test('tapping a piece shows its line, piece number, Stop and weight, and highlights it', async (t) => {
  const page = await share.openPage(1280, 900);
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  await page.goto(await share.mintUrl());
  await page.waitForSelector('body[data-viewer-ready="true"]', WAIT);
  const canvas = page.getByTestId('unit-canvas-0');
  const info = page.getByTestId('piece-info-0');
  t.false(await info.isVisible());
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  // the camera looks at the Unit's middle; the pallets lie in the front part of it
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  t.true(await info.isVisible());
  t.regex((await info.textContent()) ?? '', /^Euro pallet #\d+ · after all Stops · 400\.0 kg · step \d+ of 12$/);
  t.regex((await canvas.getAttribute('data-selected-piece')) ?? '', /^cl_\w+#\d+$/);
  await saveScreenshot(page, 'share-3d-piece-selected');
  // a tap on empty space clears the selection
  await canvas.click({ position: { x: 5, y: 5 } });
  t.false(await info.isVisible());
  t.deepEqual(errors, []);
});

test('the step slider shows the load up to a step and back to the whole load', async (t) => {
  const page = await share.openPage();
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  await page.goto(await share.mintUrl());
  await page.waitForSelector('body[data-viewer-ready="true"]', WAIT);
  const canvas = page.getByTestId('unit-canvas-0');
  const range = page.getByTestId('step-range-0');
  t.true(await range.isVisible());
  t.is(await page.getByLabel(/Loaded up to step/).first().getAttribute('id'), 'unit-steps-0');
  t.is(await canvas.getAttribute('data-shown-pieces'), '12');
  const whole = (await canvas.screenshot()).length;
  await range.fill('3');
  t.is(await page.getByTestId('step-shown-0').textContent(), '3');
  t.is(await canvas.getAttribute('data-shown-pieces'), '3');
  t.true((await canvas.screenshot()).length < whole, 'fewer boxes draw a simpler picture');
  await range.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'share-3d-step-3');
  await range.fill('0');
  t.is(await canvas.getAttribute('data-shown-pieces'), '0');
  await range.fill('12');
  t.is(await canvas.getAttribute('data-shown-pieces'), '12');
  t.deepEqual(errors, []);
});

test('a link that hides loading steps has no step slider, and piece details leave out the step', async (t) => {
  const page = await share.openPage(1280, 900);
  t.teardown(() => page.context().close());
  await page.goto(await share.mintUrl({ showLoadingSteps: false }));
  await page.waitForSelector('body[data-viewer-ready="true"]', WAIT);
  t.is(await page.getByTestId('step-range-0').count(), 0);
  const canvas = page.getByTestId('unit-canvas-0');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  t.regex((await page.getByTestId('piece-info-0').textContent()) ?? '', /^Euro pallet #\d+ · after all Stops · 400\.0 kg$/);
});

test(`a Unit of ${LARGE} pieces draws in a handful of draw calls, whatever the step shown`, async (t) => {
  const page = await share.openPage(1280, 900);
  t.teardown(() => page.context().close());
  const errors = collectPageErrors(page);
  await page.goto(await share.mintUrl({}, await largePlanId()));
  await page.waitForSelector('body[data-viewer-ready="true"]', WAIT);
  const canvas = page.getByTestId('unit-canvas-0');
  t.is(await canvas.getAttribute('data-shown-pieces'), String(LARGE));
  // frame, floor, door, the pieces' instanced mesh and their edges
  t.is(await canvas.getAttribute('data-draw-calls'), '5');
  await page.getByTestId('step-range-0').fill('1000');
  t.is(await canvas.getAttribute('data-shown-pieces'), '1000');
  t.is(await canvas.getAttribute('data-draw-calls'), '5');
  await saveScreenshot(page, 'share-3d-large-unit', page.locator('figure[data-unit-index="0"]'));
  t.deepEqual(errors, []);
});
