// The report's placement list, in loading order. The step column (plan-wide step numbers,
// linking to the step pages) is there only when the link shows loading steps.
import { escapeHtml } from './escape.ts';
import { tableScrollOpen } from './layout.ts';
import { formatDims, formatNumber, heightChanged, pieceLabel, rotationLabel, stopLabel, unitLabel } from './format.ts';
import { placementsInLoadingOrder, stepKey, stepNumbers, type LoadingStep } from './loading-steps.ts';
import type { SharedPlanView, ViewIndex } from './view-model.ts';

// Loaders must not miss a piece that does not stand as delivered.
const TURNED_MARKER = ' <strong class="turned-marker" data-testid="turned-marker">⚠ not upright</strong>';

export function renderPlacements(
  view: SharedPlanView,
  index: ViewIndex,
  steps: LoadingStep[],
  stepHref: (n: number) => string,
): string {
  const showSteps = view.showLoadingSteps;
  const numbers = stepNumbers(steps);
  const placements = placementsInLoadingOrder(view.result);
  const columns = 7 + (showSteps ? 1 : 0);
  const rows = placements.map((p) => {
    const n = numbers.get(stepKey(p.unitIndex, p.loadingStep)) ?? 0;
    const stepCell = showSteps
      ? `<td class="num"><a href="${escapeHtml(stepHref(n))}" data-testid="step-link">${n}</a></td>`
      : '';
    return `<tr data-unit-index="${p.unitIndex}">
<td>${escapeHtml(unitLabel(p.unitIndex))}</td>${stepCell}
<td>${escapeHtml(index.lineName(p.cargoLineId))}</td>
<td class="num">${escapeHtml(pieceLabel(p.pieceIndex))}</td>
<td class="num">${formatNumber(p.xMm)} / ${formatNumber(p.yMm)} / ${formatNumber(p.zMm)}</td>
<td class="num">${escapeHtml(formatDims(p.lengthMm, p.widthMm, p.heightMm))}</td>
<td>${escapeHtml(rotationLabel(p.rotation))}${heightChanged(p.rotation) ? TURNED_MARKER : ''}</td>
<td>${escapeHtml(index.stopLabel(p.stop))}</td>
</tr>`;
  });
  if (rows.length === 0) rows.push(`<tr><td colspan="${columns}">No pieces were loaded.</td></tr>`);
  const stepHeader = showSteps ? '<th scope="col" data-column="step">Step</th>' : '';
  return `<section aria-labelledby="placements-h">
<h2 id="placements-h">Placements in loading order</h2>
<p class="intro">Position: mm from the front wall / from the left wall / above the floor, of the piece’s corner nearest the front left floor corner.</p>
${tableScrollOpen('placements-h')}
<table class="placements" data-testid="placements">
<thead><tr><th scope="col">Unit</th>${stepHeader}<th scope="col">Line</th><th scope="col">Piece</th>
<th scope="col">Position x / y / z</th><th scope="col">Size L × W × H</th><th scope="col">Rotation</th><th scope="col">Stop</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</div>
</section>`;
}
