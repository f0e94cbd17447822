// Benchmark (not a test): render times and sizes for a large plan, the contract's upper end
// of 20,000 pieces, here in 100 Units of 200 pieces from 2,000 lines.
// Run: npx tsx test/share-page/bench-render.ts
import type { Placement } from '../../solver/types.ts';
import { placementsCsv } from '../../share-page/csv.ts';
import { renderReportPage } from '../../share-page/report.ts';
import { renderStepPage, renderStepSvg } from '../../share-page/steps.ts';
import { samplePlan } from './fixture.ts';

const UNITS = 100;
const PER_UNIT = 200;
const LINES = 2000;

function largePlan() {
  const view = samplePlan();
  view.cargoLines = Array.from({ length: LINES }, (_, i) => ({ id: `cl_${i}`, name: `Line ${i}`, stop: (i % 5) + 1, weightG: 10_000 }));
  view.result.units = Array.from({ length: UNITS }, (_, u) => ({ ...view.result.units[0], index: u, pieces: PER_UNIT }));
  const placements: Placement[] = [];
  for (let u = 0; u < UNITS; u++) {
    for (let k = 0; k < PER_UNIT; k++) {
      // 10 along x, 4 across, 5 high: 500 x 500 x 400 mm cartons.
      placements.push({
        unitIndex: u, cargoLineId: `cl_${(u * PER_UNIT + k) % LINES}`, pieceIndex: k, loadingStep: k + 1,
        xMm: (k % 10) * 500, yMm: (Math.floor(k / 10) % 4) * 500, zMm: Math.floor(k / 40) * 400,
        lengthMm: 500, widthMm: 500, heightMm: 400, rotation: 'LWH', stop: ((u + k) % 5) + 1, locked: false, manual: false,
      });
    }
  }
  view.result.placements = placements;
  return view;
}

function time<T>(label: string, runs: number, f: () => T): T {
  let out!: T;
  const start = performance.now();
  for (let i = 0; i < runs; i++) out = f();
  const ms = (performance.now() - start) / runs;
  const size = typeof out === 'string' ? ` ${(Buffer.byteLength(out) / 1024).toFixed(0)} KiB` : '';
  console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms${size}`);
  return out;
}

const view = largePlan();
console.log(`plan: ${UNITS} Units, ${view.result.placements.length} pieces, ${LINES} lines`);
time('report page', 3, () => renderReportPage(view, { basePath: '/share/t' }));
time('placements CSV', 3, () => placementsCsv(view));
time('step page (last step)', 10, () => renderStepPage(view, UNITS * PER_UNIT, { basePath: '/share/t' }));
time('step SVG (full Unit, 200 pieces)', 10, () => renderStepSvg(view, UNITS * PER_UNIT));
