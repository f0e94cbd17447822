// The loading steps as the report prints them (shown in print only): Unit by Unit, each step
// with a tick box, its small step image and the pieces to load now, several to an A4 page.
// Past PRINT_STEPS_MAX steps the print points to the plan PDF instead: a page carrying
// thousands of step images would be slow to print and heavy for every visitor.
import { escapeHtml } from './escape.ts';
import { formatNumber, heightChanged, pieceLabel, rotationLabel, unitLabel } from './format.ts';
import type { LoadingStep } from './loading-steps.ts';
import type { ViewIndex } from './view-model.ts';

export const PRINT_STEPS_MAX = 200;

function pieceLine(p: LoadingStep['placements'][number], index: ViewIndex): string {
  const turned = heightChanged(p.rotation) ? ' <strong class="turned-marker">⚠ not upright</strong>' : '';
  return `<li>${escapeHtml(`${index.lineName(p.cargoLineId)} #${pieceLabel(p.pieceIndex)}`)}: at ` +
    `${formatNumber(p.xMm)} / ${formatNumber(p.yMm)} / ${formatNumber(p.zMm)} mm, ${escapeHtml(rotationLabel(p.rotation))}${turned}, ` +
    `${escapeHtml(index.stopLabel(p.stop))}</li>`;
}

function printStep(step: LoadingStep, index: ViewIndex, imageHref: (n: number) => string): string {
  return `<article class="print-step" data-testid="print-step">
<h3><span class="tick-box" aria-hidden="true"></span>Step ${step.number} · ${escapeHtml(unitLabel(step.unitIndex))}, ${step.numberInUnit} of ${step.stepsInUnit}</h3>
<img src="${escapeHtml(imageHref(step.number))}" alt="${escapeHtml(`${unitLabel(step.unitIndex)} after step ${step.number}`)}" loading="lazy" width="360" height="200">
<ul>
${step.placements.map((p) => pieceLine(p, index)).join('\n')}
</ul>
</article>`;
}

/** The print-only steps section; '' when the link hides loading steps. */
export function renderPrintSteps(
  steps: LoadingStep[], index: ViewIndex, imageHref: ((n: number) => string) | null, pdfHref: string,
): string {
  if (!imageHref || steps.length === 0) return '';
  const body = steps.length > PRINT_STEPS_MAX
    ? `<p data-testid="print-steps-too-many">This plan has ${formatNumber(steps.length)} loading steps: print the loading plan PDF (${escapeHtml(pdfHref)}) for them.</p>`
    : steps.map((step) => printStep(step, index, imageHref)).join('\n');
  return `<section class="print-steps" aria-labelledby="print-steps-h" data-testid="print-steps">
<h2 id="print-steps-h">Loading steps</h2>
${body}
</section>`;
}
