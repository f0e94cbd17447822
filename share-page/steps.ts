// Loading step pages (`GET /share/:token/steps/:n`) and their images
// (`GET /share/:token/steps/:n.svg`). Steps are numbered 1..N across the plan, Unit by
// Unit and by loadingStep inside a Unit (see loading-steps.ts). Both functions answer null
// when there is no such step, or when the link hides loading steps (Share Link rule 2), so
// the server answers 404.
//
// Page hooks: `a[data-testid="step-prev"]` (absent on the first step),
// `a[data-testid="step-next"]` (absent on the last), `a[data-testid="report-link"]`,
// `table[data-testid="step-pieces"]`, `img[data-testid="step-image"]`,
// `[data-testid="step-number"]`; `<main data-step="n">`.
import type { PieceRef } from '../solver/types.ts';
import { escapeHtml } from './escape.ts';
import { formatDims, formatNumber, pieceLabel, rotationLabel, stopLabel, unitLabel } from './format.ts';
import { assetHref, basePathOf, renderDocument, tableScrollOpen, type PageOptions } from './layout.ts';
import { loadingSteps, type LoadingStep } from './loading-steps.ts';
import { stepSvg } from './step-svg.ts';
import { indexView, type SharedPlanView, type ViewIndex } from './view-model.ts';

export type { PageOptions } from './layout.ts';

/** The step numbered n, or null when it does not exist or steps are hidden. */
function findStep(view: SharedPlanView, n: number): { steps: LoadingStep[]; step: LoadingStep } | null {
  if (!view.showLoadingSteps || !Number.isInteger(n)) return null;
  const steps = loadingSteps(view.result);
  const step = steps[n - 1];
  return step ? { steps, step } : null;
}

export function stepCount(view: SharedPlanView): number {
  return view.showLoadingSteps ? loadingSteps(view.result).length : 0;
}

export function renderStepSvg(view: SharedPlanView, n: number): string | null {
  const found = findStep(view, n);
  return found ? stepSvg(view, found.steps, found.step) : null;
}

function renderNav(options: PageOptions, step: LoadingStep, total: number): string {
  const prev =
    step.number > 1
      ? `<a class="button" rel="prev" data-testid="step-prev" href="${escapeHtml(`${basePathOf(options)}/steps/${step.number - 1}`)}">‹ Step ${step.number - 1}</a>`
      : '<span class="button disabled" aria-hidden="true">‹</span>';
  const next =
    step.number < total
      ? `<a class="button primary" rel="next" data-testid="step-next" href="${escapeHtml(`${basePathOf(options)}/steps/${step.number + 1}`)}">Step ${step.number + 1} ›</a>`
      : '<span class="button disabled" aria-hidden="true">Done</span>';
  const report = `<a class="button" data-testid="report-link" href="${escapeHtml(basePathOf(options))}">Plan</a>`;
  return `<nav class="step-nav" aria-label="Steps">${prev}${report}${next}</nav>`;
}

function renderPieces(step: LoadingStep, index: ViewIndex): string {
  const rows = step.placements
    .map(
      (p) => `<tr>
<td>${escapeHtml(index.lineName(p.cargoLineId))}</td>
<td class="num">${escapeHtml(pieceLabel(p.pieceIndex))}</td>
<td class="num">${formatNumber(p.xMm)} / ${formatNumber(p.yMm)} / ${formatNumber(p.zMm)}</td>
<td class="num">${escapeHtml(formatDims(p.lengthMm, p.widthMm, p.heightMm))}</td>
<td>${escapeHtml(rotationLabel(p.rotation))}</td>
<td>${escapeHtml(index.stopLabel(p.stop))}</td>
</tr>`,
    )
    .join('\n');
  return `${tableScrollOpen('load-h')}
<table data-testid="step-pieces">
<thead><tr><th scope="col">Line</th><th scope="col">Piece</th><th scope="col">Position x / y / z (mm)</th>
<th scope="col">Size L × W × H</th><th scope="col">Rotation</th><th scope="col">Stop</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

/** Stop and securing warnings that name a piece of this step. */
function renderStepNotes(view: SharedPlanView, step: LoadingStep): string {
  const here = new Set(step.placements.map((p) => `${p.cargoLineId}#${p.pieceIndex}`));
  const names = (pieces: PieceRef[]) => pieces.some((p) => here.has(`${p.cargoLineId}#${p.pieceIndex}`));
  const messages = [
    ...view.result.stopWarnings.filter((w) => w.unitIndex === step.unitIndex && names(w.pieces)),
    ...view.result.securingWarnings.filter((w) => w.unitIndex === step.unitIndex && names(w.pieces)),
  ].map((w) => `<li>${escapeHtml(w.message)}</li>`);
  if (messages.length === 0) return '';
  return `<section class="warnings" data-testid="step-notes"><h2>Notes for this step</h2><ul>${messages.join('')}</ul></section>`;
}

export function renderStepPage(view: SharedPlanView, n: number, options: PageOptions): string | null {
  const found = findStep(view, n);
  if (!found) return null;
  const { steps, step } = found;
  const index = indexView(view);
  const unit = view.result.units.find((u) => u.index === step.unitIndex);
  const unitName = unit ? unit.name || index.equipment(unit.equipmentId)?.name || '' : '';
  const loadedInUnit = steps
    .filter((s) => s.unitIndex === step.unitIndex && s.number <= step.number)
    .reduce((count, s) => count + s.placements.length, 0);
  const imageHref = `${basePathOf(options)}/steps/${step.number}.svg`;
  const body = `<main class="step-page" data-step="${step.number}">
<header class="plan-header">
<p class="project-name">${escapeHtml(view.planName)} · ${escapeHtml(view.projectName)}</p>
<h1 data-testid="step-number">Step ${step.number} of ${steps.length}</h1>
<p class="plan-meta">${escapeHtml(unitLabel(step.unitIndex))}${unitName ? ` · ${escapeHtml(unitName)}` : ''} · step ${step.numberInUnit} of ${step.stepsInUnit} in this Unit · ${loadedInUnit} pieces in the Unit after this step</p>
</header>
${renderNav(options, step, steps.length)}
<section aria-labelledby="load-h">
<h2 id="load-h">Load now</h2>
${renderPieces(step, index)}
</section>
${renderStepNotes(view, step)}
<figure class="step-image">
<a href="${escapeHtml(imageHref)}"><img data-testid="step-image" src="${escapeHtml(imageHref)}" alt="${escapeHtml(`${unitLabel(step.unitIndex)} after step ${step.number}: from above, from the left side and from the door; the pieces to load now are outlined in red`)}"></a>
<figcaption>After this step. Red outline: the pieces to load now. Front wall on the left.</figcaption>
</figure>
</main>`;
  return renderDocument({
    title: `Step ${step.number} of ${steps.length} · ${view.planName}`,
    body,
    stylesheetHref: assetHref(options, 'share.css'),
  });
}
