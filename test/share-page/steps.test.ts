import test from 'ava';
import { loadingSteps } from '../../share-page/loading-steps.ts';
import { renderStepPage, renderStepSvg, stepCount } from '../../share-page/steps.ts';
import { BASE, planNamed, planWithoutSteps, samplePlan } from './fixture.ts';
import { bodyRows, byTestId } from './html.ts';

const stepPage = (n: number, view = samplePlan()) => renderStepPage(view, n, { basePath: BASE });

test('steps are numbered across the plan: Unit by Unit, then by loadingStep', (t) => {
  const steps = loadingSteps(samplePlan().result);
  t.deepEqual(
    steps.map((s) => [s.number, s.unitIndex, s.loadingStep, s.numberInUnit, s.stepsInUnit]),
    [[1, 0, 1, 1, 3], [2, 0, 2, 2, 3], [3, 0, 3, 3, 3], [4, 1, 1, 1, 2], [5, 1, 2, 2, 2]],
  );
  t.is(stepCount(samplePlan()), 5);
});

test('placements sharing a Unit and a loadingStep form one step', (t) => {
  const view = samplePlan();
  for (const p of view.result.placements) if (p.unitIndex === 0) p.loadingStep = 1;
  const steps = loadingSteps(view.result);
  t.is(steps.length, 3);
  t.is(steps[0].placements.length, 3);
  t.deepEqual(steps.map((s) => s.number), [1, 2, 3]);
});

test('a step page shows what to load at that step', (t) => {
  const html = stepPage(3) ?? '';
  t.is(byTestId(html, 'step-number'), 'Step 3 of 5');
  t.deepEqual(bodyRows(byTestId(html, 'step-pieces') ?? ''), [
    ['Crate', '1', '1,200 / 0 / 0', '1,000 × 1,000 × 1,000 mm', 'WLH (turned a quarter, flat)', 'Stop 2 (Bremen)'],
  ]);
  t.regex(html, /Unit 1 · 20&#39; Standard · step 3 of 3 in this Unit · 3 pieces in the Unit after this step/);
});

test('a step page shows the image of the Unit after the step', (t) => {
  t.regex(stepPage(2) ?? '', /<img data-testid="step-image" src="\/share\/tok123\/steps\/2\.svg" alt="[^"]+">/);
});

test('the first step links to the next step and the report, not to a previous one', (t) => {
  const html = stepPage(1) ?? '';
  t.regex(html, /rel="next" data-testid="step-next" href="\/share\/tok123\/steps\/2"/);
  t.regex(html, /data-testid="report-link" href="\/share\/tok123"/);
  t.false(html.includes('step-prev'));
});

test('a middle step links to both neighbours, across a Unit boundary too', (t) => {
  const html = stepPage(4) ?? '';
  t.regex(html, /data-testid="step-prev" href="\/share\/tok123\/steps\/3"/);
  t.regex(html, /data-testid="step-next" href="\/share\/tok123\/steps\/5"/);
  t.regex(html, /Unit 2 · Van · step 1 of 2 in this Unit/);
});

test('the last step links back but not forward', (t) => {
  const html = stepPage(5) ?? '';
  t.regex(html, /data-testid="step-prev" href="\/share\/tok123\/steps\/4"/);
  t.false(html.includes('step-next'));
});

test('an out-of-range or non-integer step has no page and no image', (t) => {
  for (const n of [0, -1, 6, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    t.is(stepPage(n), null, `page ${n}`);
    t.is(renderStepSvg(samplePlan(), n), null, `svg ${n}`);
  }
});

test('with loading steps hidden there are no step pages or images', (t) => {
  t.is(stepPage(1, planWithoutSteps()), null);
  t.is(renderStepSvg(planWithoutSteps(), 1), null);
  t.is(stepCount(planWithoutSteps()), 0);
});

test('a step page lists the stop and securing warnings that name its pieces', (t) => {
  t.regex(byTestId(stepPage(2) ?? '', 'step-notes') ?? '', /Stop 1 is blocked by Stop 2 cargo/);
  t.regex(byTestId(stepPage(5) ?? '', 'step-notes') ?? '', /Carton needs blocking forward/);
  t.false((stepPage(1) ?? '').includes('step-notes'));
});

test('names on a step page are escaped', (t) => {
  const html = stepPage(1, planNamed('<script>alert(1)</script>')) ?? '';
  t.false(html.includes('<script'));
  t.true(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
});
