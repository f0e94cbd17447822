import test from 'ava';
import { renderReportPage } from '../../share-page/report.ts';
import { embeddedPlanData } from '../../share-page/report-viewer.ts';
import { resolveAsset } from '../../share-page/assets.ts';
import { BASE, planNamed, planWithoutSteps, samplePlan } from './fixture.ts';
import { bodyRows, byTestId, count, headerCells } from './html.ts';

const page = (view = samplePlan()) => renderReportPage(view, { basePath: BASE });

test('the report is a complete HTML5 document for phones', (t) => {
  const html = page();
  t.true(html.startsWith('<!DOCTYPE html>'));
  t.regex(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  t.regex(html, /<link rel="stylesheet" href="\/share\/tok123\/assets\/share\.css">/);
  t.true(html.trimEnd().endsWith('</html>'));
});

test('the report sends no referrer, so the token does not leak to other sites', (t) => {
  t.regex(page(), /<meta name="referrer" content="no-referrer">/);
});

test('the header names the plan and project, the solved time and the revision', (t) => {
  const header = byTestId(page(), 'plan-header') ?? '';
  t.regex(header, /Hamburg run/);
  t.regex(header, /Spring fair/);
  t.regex(header, /<time datetime="2025-03-01T14:05:09Z"[^>]*>2025-03-01 14:05 UTC<\/time>/);
  t.is(byTestId(header, 'revision'), '7');
});

test('the Units table lists each Unit with equipment, utilization, weight and pieces', (t) => {
  const rows = bodyRows(byTestId(page(), 'units') ?? '');
  t.deepEqual(rows, [
    ['Unit 1', '20&#39; Standard', '5,898 × 2,352 × 2,393 mm', '8.8 %', '5.1 %', '1,450.0 kg', '3'],
    ['Unit 2', 'Van', '3,000 × 1,700 × 1,800 mm', '2.1 %', '108.3 %', '1,300.0 kg', '2'],
  ]);
});

test('the totals show Units, pieces loaded and not, volume, weight and utilization', (t) => {
  const totals = byTestId(page(), 'totals') ?? '';
  for (const text of ['<dt>Units</dt><dd>2</dd>', '<dt>Pieces loaded</dt><dd>5</dd>', '<dt>Pieces not loaded</dt><dd>2</dd>',
    '<dd>3.11 m³</dd>', '<dd>2,750.0 kg</dd>', '<dd>7.2 %</dd>']) {
    t.true(totals.includes(text), text);
  }
});

test('each kind of warning has its own labelled section with its messages', (t) => {
  const html = page();
  const expected: [string, string, RegExp][] = [
    ['warnings-general', 'Warnings', /Centre of gravity is 12 % off centre/],
    ['warnings-axle', 'Axle loads', /Rear axle overloaded[\s\S]*axle: rear · load 2,400\.0 kg · limit 2,000\.0 kg/],
    ['warnings-stop', 'Stop order', /Unit 1 \([^)]+\): 1 piece\(s\) of Stop 1 \(Hamburg\) are blocked by cargo of a later Stop or of no Stop: Euro pallet #2/],
    ['warnings-securing', 'Load securing', /Unit 2 \([^)]+\): 1 piece\(s\) not blocked forward that friction cannot hold: Carton #2[\s\S]*direction: forward · leg: road/],
  ];
  for (const [id, heading, message] of expected) {
    const section = byTestId(html, id);
    t.truthy(section, id);
    t.regex(section ?? '', new RegExp(`<h2 id="${id}-h">${heading}</h2>`));
    t.regex(section ?? '', message);
  }
});

test('a kind of warning without entries has no section', (t) => {
  const view = samplePlan();
  view.result.warnings = [];
  view.result.axleWarnings = [];
  view.result.stopWarnings = [];
  view.result.securingWarnings = [];
  const html = page(view);
  for (const id of ['warnings-general', 'warnings-axle', 'warnings-stop', 'warnings-securing']) {
    t.false(html.includes(`data-testid="${id}"`), id);
  }
});

test('cargo not loaded is listed with its quantity and reason', (t) => {
  const rows = bodyRows(byTestId(page(), 'unloaded') ?? '');
  t.deepEqual(rows, [['Drum', '2', 'does not fit in the equipment offered']]);
});

test('with everything loaded there is no Unloaded section', (t) => {
  const view = samplePlan();
  view.result.unloaded = [];
  t.false(page(view).includes('data-testid="unloaded"'));
});

test('placements are listed in loading order: Unit by Unit, then by loading step', (t) => {
  const rows = bodyRows(byTestId(page(), 'placements') ?? '');
  t.deepEqual(
    rows.map((r) => [r[0], r[1], r[2], r[3]]),
    [
      ['Unit 1', '1', 'Euro pallet', '1'],
      ['Unit 1', '2', 'Euro pallet', '2'],
      ['Unit 1', '3', 'Crate', '1'],
      ['Unit 2', '4', 'Carton', '1'],
      ['Unit 2', '5', 'Carton', '2'],
    ],
  );
});

test('a placement row shows position, size, rotation and Stop', (t) => {
  const rows = bodyRows(byTestId(page(), 'placements') ?? '');
  t.deepEqual(rows[2], ['Unit 1', '3', 'Crate', '1', '1,200 / 0 / 0', '1,000 × 1,000 × 1,000 mm', 'WLH (turned a quarter, flat)', 'Stop 2 (Bremen)']);
  t.is(rows[3][7], 'after all Stops');
});

test('a piece not standing at its delivered height is marked in the placement list', (t) => {
  const view = samplePlan();
  view.result.placements[0] = { ...view.result.placements[0], rotation: 'WHL' };
  const html = byTestId(page(view), 'placements') ?? '';
  t.is(count(html, 'data-testid="turned-marker"'), 1);
  t.regex(html, /WHL \(on end\) <strong[^>]*>⚠ not upright<\/strong>/);
});

test('a piece at its delivered height carries no marker', (t) => {
  t.is(count(byTestId(page(), 'placements') ?? '', 'data-testid="turned-marker"'), 0);
});

test('with loading steps shown, the step column links every placement to its step page', (t) => {
  const html = page();
  const table = byTestId(html, 'placements') ?? '';
  t.deepEqual(headerCells(table).slice(0, 2), ['Unit', 'Step']);
  for (let n = 1; n <= 5; n++) t.true(table.includes(`href="/share/tok123/steps/${n}"`), `step ${n}`);
  t.regex(byTestId(html, 'plan-header') ?? '', /data-testid="steps-link" href="\/share\/tok123\/steps\/1"/);
  t.regex(html, /<a href="\/share\/tok123\/steps\/4" data-testid="unit-steps-link-1">/);
});

test('with loading steps hidden there is no step column and no link to a step page', (t) => {
  const html = page(planWithoutSteps());
  const table = byTestId(html, 'placements') ?? '';
  t.false(headerCells(table).includes('Step'));
  t.false(html.includes('data-column="step"'));
  t.false(html.includes('/steps/'));
  t.false(html.includes('steps-link'));
  t.is(bodyRows(table)[0].length, 7);
});

test('with loading steps hidden the placements still keep the loading order', (t) => {
  const rows = bodyRows(byTestId(page(planWithoutSteps()), 'placements') ?? '');
  t.deepEqual(rows.map((r) => `${r[0]} ${r[1]} ${r[2]}`), [
    'Unit 1 Euro pallet 1', 'Unit 1 Euro pallet 2', 'Unit 1 Crate 1', 'Unit 2 Carton 1', 'Unit 2 Carton 2',
  ]);
});

test('the report links to the plan PDF and offers a print action', (t) => {
  const html = page();
  t.regex(html, /data-testid="pdf-link" href="\/share\/[^"]*\/plan\.pdf"/);
  t.regex(html, /data-testid="print-button"[^>]*>Print or save as PDF</);
});

test('the report links to the placements CSV', (t) => {
  t.regex(page(), /<a [^>]*data-testid="csv-link" href="\/share\/tok123\/placements\.csv"/);
});

test('every Unit has its own canvas with a stable test id', (t) => {
  const html = page();
  t.regex(html, /<canvas id="unit-canvas-0" data-testid="unit-canvas-0"/);
  t.regex(html, /<canvas id="unit-canvas-1" data-testid="unit-canvas-1"/);
  t.is(count(html, '<canvas'), 2);
});

test('the legend lists the placed lines and, hidden until toggled, the Stops', (t) => {
  const html = page();
  const legend = byTestId(html, 'legend') ?? '';
  t.truthy(legend);
  const lines = byTestId(html, 'legend-lines') ?? '';
  t.deepEqual([...lines.matchAll(/<\/svg>([^<]+)<\/li>/g)].map((m) => m[1]), ['Euro pallet', 'Crate', 'Carton']);
  t.regex(html, /data-testid="legend-stops" data-legend="stop" hidden/);
  const stops = byTestId(html, 'legend-stops') ?? '';
  t.deepEqual([...stops.matchAll(/<\/svg>([^<]+)<\/li>/g)].map((m) => m[1]), ['Stop 1 (Hamburg)', 'Stop 2 (Bremen)', 'after all Stops']);
});

test('a name with <script> is escaped wherever it appears', (t) => {
  const html = page(planNamed('<script>alert(1)</script>'));
  t.false(html.includes('<script>alert'));
  t.true(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  // Only the page's own three scripts: plan data, import map, viewer.
  t.is(count(html, '<script'), 3);
  t.is(count(html, '</script>'), 3);
});

test('quotes in a name cannot break out of an attribute', (t) => {
  const html = page(planNamed('" onmouseover="alert(1)'));
  t.false(html.includes('" onmouseover="'));
  t.true(html.includes('&quot; onmouseover=&quot;alert(1)'));
});

test('the embedded plan data survives </script> and <!-- in names and parses back whole', (t) => {
  const view = planNamed('</script><script>alert(1)</script><!--');
  const html = page(view);
  const match = /<script type="application\/json" id="plan-data">([\s\S]*?)<\/script>/.exec(html);
  t.truthy(match);
  t.false(match![1].includes('<'));
  t.deepEqual(JSON.parse(match![1]), JSON.parse(JSON.stringify(embeddedPlanData(view))));
});

test('the embedded plan data holds the full result even when loading steps are hidden', (t) => {
  const view = planWithoutSteps();
  const json = /id="plan-data">([\s\S]*?)<\/script>/.exec(page(view))![1];
  const data = JSON.parse(json);
  t.deepEqual(data.plan.result, view.result);
  t.is(data.plan.result.placements[0].loadingStep, 2);
});

test('three.js comes from the served assets through an import map, never a CDN', (t) => {
  const html = page();
  const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]);
  t.deepEqual(Object.keys(map.imports).sort(), ['three', 'three/addons/controls/OrbitControls.js']);
  for (const url of Object.values<string>(map.imports)) {
    t.true(url.startsWith('/share/tok123/assets/'), url);
    t.truthy(resolveAsset(url.slice('/share/tok123/assets/'.length)), url);
  }
  t.regex(html, /<script type="module" src="\/share\/tok123\/assets\/viewer\.js"><\/script>/);
  t.false(/https?:\/\//.test(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')));
  t.true(html.indexOf('type="importmap"') < html.indexOf('type="module"'));
});

test('a CSP nonce, when given, is put on the inline import map', (t) => {
  const html = renderReportPage(samplePlan(), { basePath: BASE, nonce: 'abc123' });
  t.regex(html, /<script type="importmap" nonce="abc123">/);
});

test('a plan without placements still renders, saying nothing was loaded', (t) => {
  const view = samplePlan();
  view.result.placements = [];
  const html = page(view);
  t.regex(byTestId(html, 'placements') ?? '', /No pieces were loaded\./);
  t.false(html.includes('steps-link'));
});

test('a trailing slash on the base path gives the same links', (t) => {
  t.is(renderReportPage(samplePlan(), { basePath: `${BASE}/` }), page());
});

test('the report prints every loading step with a tick box, its image and the pieces to load', (t) => {
  const html = page();
  t.is(count(html, 'data-testid="print-step"'), 5);
  t.is(count(html, 'class="tick-box"'), 5);
  t.regex(html, /<img src="\/share\/tok123\/steps\/1\.svg" alt="Unit 1 after step 1" loading="lazy"/);
  t.regex(byTestId(html, 'print-steps') ?? '', /Crate #1: at 1,200 \/ 0 \/ 0 mm, WLH \(turned a quarter, flat\), Stop 2 \(Bremen\)/);
});

test('with loading steps hidden the print holds no loading steps', (t) => {
  t.is(count(page(planWithoutSteps()), 'data-testid="print-steps"'), 0);
});
