// The Share Link report page (`GET /share/:token`): plan header, totals, Units, warnings
// and advisories, cargo not loaded, a 3D view per Unit, and the placements in loading order.
//
// Test hooks (stable for browser tests):
// - `[data-testid="plan-header"]`, `plan-name`, `project-name`, `solved-at`, `revision`
// - `[data-testid="totals"]`, `[data-testid="units"]` (rows carry `data-unit-index`)
// - warning sections, each present only when it has entries:
//   `warnings-general`, `warnings-axle`, `warnings-stop`, `warnings-securing`; `unloaded`
// - `[data-testid="viewer"]` holds, per Unit, `canvas[data-testid="unit-canvas-<index>"]`
//   (index = the Unit's `index` in the result, also `id="unit-canvas-<index>"`)
// - `[data-testid="legend"]` with `legend-lines` and `legend-stops` (one is `hidden`);
//   `colour-toggle` (hidden until the viewer runs) with `colour-by-line`, `colour-by-stop`
// - `table[data-testid="placements"]`: rows in loading order; the Step column
//   (`th[data-column="step"]`, cells link via `a[data-testid="step-link"]`) exists only when
//   the link shows loading steps
// - `section[data-testid="print-steps"]` (print only, only with loading steps): one
//   `article[data-testid="print-step"]` per step with a tick box, image and pieces
// - `a[data-testid="csv-link"]`; `a[data-testid="steps-link"]` (only with loading steps);
//   `a[data-testid="unit-steps-link-<index>"]` per Unit (only with loading steps)
// - `script#plan-data` (application/json): `{ plan: SharedPlanView, colours }`
// - `document.body.dataset.viewerReady` (`data-viewer-ready` on <body>) becomes "true" once
//   every Unit's first frame is drawn, or "error" when WebGL or three.js is unavailable
//   (then `data-viewer-error` holds the reason).
import { assetHref, basePathOf, renderDocument, type PageOptions } from './layout.ts';
import { loadingSteps } from './loading-steps.ts';
import { renderPlacements } from './report-placements.ts';
import { renderPrintSteps } from './report-print-steps.ts';
import { renderHeader, renderTotals, renderUnits } from './report-summary.ts';
import { embeddedPlanData, renderViewerScripts, renderViewerSection } from './report-viewer.ts';
import { renderUnloaded, renderWarnings } from './report-warnings.ts';
import { indexView, type SharedPlanView } from './view-model.ts';

export type { PageOptions } from './layout.ts';

export function stepHref(options: PageOptions, n: number): string {
  return `${basePathOf(options)}/steps/${n}`;
}

export function csvHref(options: PageOptions): string {
  return `${basePathOf(options)}/placements.csv`;
}

export function renderReportPage(view: SharedPlanView, options: PageOptions): string {
  const index = indexView(view);
  const steps = loadingSteps(view.result);
  const toStep = view.showLoadingSteps ? (n: number) => stepHref(options, n) : null;
  const data = embeddedPlanData(view);
  const pdfHref = `${basePathOf(options)}/plan.pdf`;
  const body = [
    '<main class="report">',
    renderHeader(view, {
      csvHref: csvHref(options),
      pdfHref,
      firstStepHref: toStep && steps.length > 0 ? toStep(1) : null,
    }),
    renderTotals(view),
    renderUnits(view, index),
    renderWarnings(view, index),
    renderUnloaded(view, index),
    renderViewerSection(view, index, steps, toStep, data),
    renderPlacements(view, index, steps, (n) => stepHref(options, n)),
    renderPrintSteps(steps, index, toStep && ((n) => `${toStep(n)}.svg`), pdfHref),
    '</main>',
    renderViewerScripts(options, data),
  ]
    .filter(Boolean)
    .join('\n');
  return renderDocument({
    title: `${view.planName} · ${view.projectName}`,
    body,
    stylesheetHref: assetHref(options, 'share.css'),
  });
}
