import test from 'ava';
import { loadingSteps } from '../../share-page/loading-steps.ts';
import { planPdf } from '../../share-page/plan-pdf.ts';
import { planWithoutSteps, samplePlan } from './fixture.ts';

/** Pages in a PDF: its page objects (pdfkit writes their dictionaries uncompressed). */
function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

test('the plan PDF is a PDF document', async (t) => {
  const pdf = await planPdf(samplePlan());
  t.is(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
});

test('each Unit has a cover page, then its loading steps three to a page', async (t) => {
  const view = samplePlan();
  const steps = loadingSteps(view.result);
  const expected = view.result.units
    .map((u) => 1 + Math.ceil(steps.filter((s) => s.unitIndex === u.index).length / 3))
    .reduce((a, b) => a + b, 0);
  t.is(pageCount(await planPdf(view)), expected);
});

test('with loading steps hidden the PDF holds one page per Unit: the cover and the placement list', async (t) => {
  const view = planWithoutSteps();
  t.is(pageCount(await planPdf(view)), view.result.units.length);
});
