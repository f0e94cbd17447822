// The report's 3D view: one canvas per Unit, the colour toggle and legend, the embedded
// plan data, the import map and the viewer module. Legend and canvases are rendered here
// (not by the script), so the page reads and prints without JavaScript.
import { escapeHtml, jsonForScript } from './escape.ts';
import { stopLabel, unitLabel } from './format.ts';
import { assetHref, nonceAttribute, type PageOptions } from './layout.ts';
import { lineColour, lineColours, stopColour, stopKey, stopsPresent } from './palette.ts';
import type { LoadingStep } from './loading-steps.ts';
import { indexView, type SharedPlanView, type ViewIndex } from './view-model.ts';

/** Long line lists would bury the page; colours repeat long before this anyway. */
export const LEGEND_MAX_LINES = 40;

/** The shape viewer.js reads from `#plan-data`. */
export interface EmbeddedPlanData {
  plan: SharedPlanView;
  colours: { lines: Record<string, string>; stops: Record<string, string> };
  /** How the page names each Stop present ("Stop 1 (Hamburg)"), by `stopKey`, for the piece details. */
  stopLabels: Record<string, string>;
}

export function embeddedPlanData(view: SharedPlanView): EmbeddedPlanData {
  const index = indexView(view);
  const stops: Record<string, string> = {};
  const stopLabels: Record<string, string> = {};
  for (const stop of stopsPresent(view.result.placements.map((p) => p.stop))) {
    stops[stopKey(stop)] = stopColour(stop);
    stopLabels[stopKey(stop)] = index.stopLabel(stop);
  }
  return { plan: view, colours: { lines: lineColours(view), stops }, stopLabels };
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

/**
 * The step slider: shown by the script (it needs it), and only when the link shows loading
 * steps; it shows the load as it stands after the Unit's step N (counted within the Unit).
 */
function stepSlider(unitIndex: number, stepsInUnit: number): string {
  const id = `unit-steps-${unitIndex}`;
  return `<div class="step-slider" data-testid="step-slider-${unitIndex}" hidden>
<label for="${id}">Loaded up to step <output for="${id}" data-testid="step-shown-${unitIndex}">${stepsInUnit}</output> of ${stepsInUnit}</label>
<input type="range" id="${id}" data-testid="step-range-${unitIndex}" min="0" max="${stepsInUnit}" step="1" value="${stepsInUnit}">
</div>`;
}

function renderUnitFigure(
  unitIndex: number,
  name: string,
  pieces: number,
  stepsInUnit: number,
  firstStep: LoadingStep | undefined,
  stepHref: ((n: number) => string) | null,
): string {
  const stepsLink =
    stepHref && firstStep
      ? ` <a href="${escapeHtml(stepHref(firstStep.number))}" data-testid="unit-steps-link-${unitIndex}">Load step by step</a>`
      : '';
  // The drawing's text alternative is the placement list, which holds every piece in loading order.
  const label = `3D drawing of ${unitLabel(unitIndex)} (${name}) with ${pieces} piece(s); the placement list below gives each piece in words.`;
  return `<figure class="unit-view" data-unit-index="${unitIndex}">
<figcaption>${escapeHtml(unitLabel(unitIndex))} · ${escapeHtml(name)}${stepsLink}</figcaption>
<div class="canvas-box"><canvas id="unit-canvas-${unitIndex}" data-testid="unit-canvas-${unitIndex}" data-unit-index="${unitIndex}" role="img" aria-label="${escapeHtml(label)}"></canvas></div>
${stepHref && stepsInUnit > 0 ? stepSlider(unitIndex, stepsInUnit) : ''}
<p class="piece-info" data-testid="piece-info-${unitIndex}" aria-live="polite" hidden></p>
</figure>`;
}

export function renderViewerSection(
  view: SharedPlanView,
  index: ViewIndex,
  steps: LoadingStep[],
  stepHref: ((n: number) => string) | null,
  data: EmbeddedPlanData,
): string {
  const perUnit = new Map<number, { pieces: number; steps: Set<number> }>();
  for (const p of view.result.placements) {
    const u = perUnit.get(p.unitIndex) ?? { pieces: 0, steps: new Set<number>() };
    u.pieces++;
    u.steps.add(p.loadingStep);
    perUnit.set(p.unitIndex, u);
  }
  const figures = view.result.units
    .map((unit) =>
      renderUnitFigure(
        unit.index,
        unit.name || index.equipment(unit.equipmentId)?.name || unit.equipmentId,
        perUnit.get(unit.index)?.pieces ?? 0,
        perUnit.get(unit.index)?.steps.size ?? 0,
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
<p class="hint">Drag to turn, pinch or scroll to zoom, two fingers or right-drag to move; tap a piece for its details. The <a href="#placements-h">placement list</a> gives every piece in words.</p>
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
