// The report's 3D view: one canvas per Unit, the colour toggle and legend, the embedded
// plan data, the import map and the viewer module. Legend and canvases are rendered here
// (not by the script), so the page reads and prints without JavaScript.
import { escapeHtml, jsonForScript } from './escape.ts';
import { stopLabel, unitLabel } from './format.ts';
import { assetHref, nonceAttribute, type PageOptions } from './layout.ts';
import { lineColour, lineColours, stopColour, stopKey, stopsPresent } from './palette.ts';
import type { LoadingStep } from './loading-steps.ts';
import type { SharedPlanView, ViewIndex } from './view-model.ts';

/** Long line lists would bury the page; colours repeat long before this anyway. */
export const LEGEND_MAX_LINES = 40;

/** The shape viewer.js reads from `#plan-data`. */
export interface EmbeddedPlanData {
  plan: SharedPlanView;
  colours: { lines: Record<string, string>; stops: Record<string, string> };
}

export function embeddedPlanData(view: SharedPlanView): EmbeddedPlanData {
  const stops: Record<string, string> = {};
  for (const stop of stopsPresent(view.result.placements.map((p) => p.stop))) {
    stops[stopKey(stop)] = stopColour(stop);
  }
  return { plan: view, colours: { lines: lineColours(view), stops } };
}

function swatch(colour: string, label: string): string {
  // An SVG swatch rather than a style attribute: works under a strict CSP and prints.
  return `<li><svg class="swatch" width="14" height="14" aria-hidden="true"><rect width="14" height="14" rx="2" fill="${escapeHtml(colour)}"/></svg>${escapeHtml(label)}</li>`;
}

function renderLegend(view: SharedPlanView, index: ViewIndex, data: EmbeddedPlanData): string {
  const placedLineIds = [...new Set(view.result.placements.map((p) => p.cargoLineId))].sort(
    (a, b) => index.lineOrder(a) - index.lineOrder(b),
  );
  const shown = placedLineIds.slice(0, LEGEND_MAX_LINES);
  const more = placedLineIds.length - shown.length;
  const lineItems = shown.map((id) => swatch(lineColour(data.colours.lines, id), index.lineName(id)));
  if (more > 0) lineItems.push(`<li class="more">and ${more} more lines</li>`);
  const stopItems = stopsPresent(view.result.placements.map((p) => p.stop)).map((stop) =>
    swatch(stopColour(stop), index.stopLabel(stop)),
  );
  return `<div class="legend" data-testid="legend">
<ul data-testid="legend-lines" data-legend="line">
${lineItems.join('\n')}
</ul>
<ul data-testid="legend-stops" data-legend="stop" hidden>
${stopItems.join('\n')}
</ul>
</div>`;
}

function renderUnitFigure(
  unitIndex: number,
  name: string,
  firstStep: LoadingStep | undefined,
  stepHref: ((n: number) => string) | null,
): string {
  const stepsLink =
    stepHref && firstStep
      ? ` <a href="${escapeHtml(stepHref(firstStep.number))}" data-testid="unit-steps-link-${unitIndex}">Load step by step</a>`
      : '';
  return `<figure class="unit-view" data-unit-index="${unitIndex}">
<figcaption>${escapeHtml(unitLabel(unitIndex))} · ${escapeHtml(name)}${stepsLink}</figcaption>
<div class="canvas-box"><canvas id="unit-canvas-${unitIndex}" data-testid="unit-canvas-${unitIndex}" data-unit-index="${unitIndex}"></canvas></div>
</figure>`;
}

export function renderViewerSection(
  view: SharedPlanView,
  index: ViewIndex,
  steps: LoadingStep[],
  stepHref: ((n: number) => string) | null,
  data: EmbeddedPlanData,
): string {
  const figures = view.result.units
    .map((unit) =>
      renderUnitFigure(
        unit.index,
        unit.name || index.equipment(unit.equipmentId)?.name || unit.equipmentId,
        steps.find((s) => s.unitIndex === unit.index),
        stepHref,
      ),
    )
    .join('\n');
  return `<section class="viewer" aria-labelledby="viewer-h" data-testid="viewer">
<h2 id="viewer-h">3D view</h2>
<noscript><p>The 3D view needs JavaScript. The tables below hold the whole plan.</p></noscript>
<div class="colour-toggle" data-testid="colour-toggle" role="group" aria-label="Colour boxes by" hidden>
<button type="button" data-colour-mode="line" data-testid="colour-by-line" aria-pressed="true">Colour by line</button>
<button type="button" data-colour-mode="stop" data-testid="colour-by-stop" aria-pressed="false">Colour by Stop</button>
</div>
${renderLegend(view, index, data)}
<p class="hint">Drag to turn, pinch or scroll to zoom, two fingers or right-drag to move.</p>
${figures}
</section>`;
}

/** Data, import map and module script; the import map must precede the module. */
export function renderViewerScripts(options: PageOptions, data: EmbeddedPlanData): string {
  const importMap = {
    imports: {
      three: assetHref(options, 'three.module.js'),
      'three/addons/controls/OrbitControls.js': assetHref(options, 'OrbitControls.js'),
    },
  };
  return `<script type="application/json" id="plan-data">${jsonForScript(data)}</script>
<script type="importmap"${nonceAttribute(options)}>${jsonForScript(importMap)}</script>
<script type="module" src="${escapeHtml(assetHref(options, 'viewer.js'))}"></script>`;
}
