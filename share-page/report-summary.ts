// The report's summary sections: plan header, totals and the Units table.
import { escapeHtml } from './escape.ts';
import { tableScrollOpen } from './layout.ts';
import {
  formatDims,
  formatNumber,
  formatPercent,
  formatTimestamp,
  formatVolume,
  formatWeight,
  unitLabel,
} from './format.ts';
import type { SharedPlanView, ViewIndex } from './view-model.ts';

export interface HeaderLinks {
  csvHref: string;
  pdfHref: string;
  /** null when loading steps are hidden. */
  firstStepHref: string | null;
}

export function renderHeader(view: SharedPlanView, links: HeaderLinks): string {
  const stepsLink = links.firstStepHref
    ? `<a class="button" data-testid="steps-link" href="${escapeHtml(links.firstStepHref)}">Step-by-step loading</a>`
    : '';
  return `<header class="plan-header" data-testid="plan-header">
<p class="project-name" data-testid="project-name">${escapeHtml(view.projectName)}</p>
<h1 data-testid="plan-name">${escapeHtml(view.planName)}</h1>
<p class="plan-meta">Solved <time datetime="${escapeHtml(view.solvedAt)}" data-testid="solved-at">${escapeHtml(formatTimestamp(view.solvedAt))}</time>
 · revision <span data-testid="revision">${escapeHtml(view.revision)}</span> · view only</p>
<nav class="actions" aria-label="Plan">
${stepsLink}<a class="button" data-testid="csv-link" href="${escapeHtml(links.csvHref)}" download>Placements (CSV)</a>
<a class="button" data-testid="pdf-link" href="${escapeHtml(links.pdfHref)}" download>Loading plan (PDF)</a>
<button type="button" class="button" data-testid="print-button" data-action="print" hidden>Print or save as PDF</button>
</nav>
</header>`;
}

export function renderTotals(view: SharedPlanView): string {
  const t = view.result.totals;
  const rows: [string, string][] = [
    ['Units', formatNumber(t.units)],
    ['Pieces loaded', formatNumber(t.piecesLoaded)],
    ['Pieces not loaded', formatNumber(t.piecesUnloaded)],
    ['Volume loaded', formatVolume(t.volumeLoadedMm3)],
    ['Weight loaded', formatWeight(t.weightLoadedG)],
    ['Volume utilization', formatPercent(t.volumeUtilization)],
  ];
  const items = rows
    .map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('\n');
  return `<section aria-labelledby="totals-h" data-testid="totals">
<h2 id="totals-h">Totals</h2>
<dl class="totals">
${items}
</dl>
</section>`;
}

export function renderUnits(view: SharedPlanView, index: ViewIndex): string {
  const rows = view.result.units
    .map((unit) => {
      const equipment = index.equipment(unit.equipmentId);
      const inner = equipment
        ? formatDims(equipment.innerLengthMm, equipment.innerWidthMm, equipment.innerHeightMm)
        : '';
      const name = unit.name || equipment?.name || unit.equipmentId;
      return `<tr data-unit-index="${unit.index}">
<th scope="row">${escapeHtml(unitLabel(unit.index))}</th>
<td>${escapeHtml(name)}</td>
<td class="num">${escapeHtml(inner)}</td>
<td class="num">${escapeHtml(formatPercent(unit.volumeUtilization))}</td>
<td class="num">${escapeHtml(formatPercent(unit.weightUtilization))}</td>
<td class="num">${escapeHtml(formatWeight(unit.loadedWeightG))}</td>
<td class="num">${escapeHtml(formatNumber(unit.pieces))}</td>
</tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="units-h" data-testid="units">
<h2 id="units-h">Units</h2>
${tableScrollOpen('units-h')}
<table>
<thead><tr><th scope="col">Unit</th><th scope="col">Equipment</th><th scope="col">Inside L × W × H</th>
<th scope="col">Volume used</th><th scope="col">Payload used</th><th scope="col">Weight</th><th scope="col">Pieces</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
</section>`;
}
