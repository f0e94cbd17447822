/// <reference path="./svg-to-pdfkit.d.ts" />
// The plan as a PDF for the loading crew (`GET /share/:token/plan.pdf`), drawn with pdfkit:
// per Unit a cover (equipment, pieces, weight, centre of gravity, advisories), then its
// loading steps in order, three per A4 page, each with its step image (the same SVG as the
// step pages, drawn as vectors by svg-to-pdfkit), the pieces to load now and a tick box.
// With loading steps hidden: the report and the placement list only.
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Placement } from '../solver/types.ts';
import { formatDims, formatNumber, formatPercent, formatWeight, heightChanged, pieceLabel, rotationLabel, stopLabel, unitLabel } from './format.ts';
import { loadingSteps, placementsInLoadingOrder, type LoadingStep } from './loading-steps.ts';
import { stepSvg } from './step-svg.ts';
import { indexView, type SharedPlanView, type ViewIndex } from './view-model.ts';

export const PDF_CONTENT_TYPE = 'application/pdf';

const MARGIN = 36;
const STEPS_PER_PAGE = 3;

type Doc = PDFKit.PDFDocument;

export function planPdf(view: SharedPlanView): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${view.planName} · ${view.projectName}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const index = indexView(view);
  const steps = loadingSteps(view.result);
  view.result.units.forEach((unit, i) => {
    if (i > 0) doc.addPage();
    unitCover(doc, view, index, unit.index);
    if (view.showLoadingSteps) {
      steps.filter((s) => s.unitIndex === unit.index).forEach((step, n) => {
        if (n % STEPS_PER_PAGE === 0) doc.addPage();
        stepBlock(doc, view, index, steps, step);
      });
    } else {
      placementList(doc, index, placementsInLoadingOrder(view.result).filter((p) => p.unitIndex === unit.index));
    }
  });
  if (view.result.units.length === 0) doc.fontSize(12).text('No pieces were loaded.');
  doc.end();
  return done;
}

function unitName(view: SharedPlanView, index: ViewIndex, unitIndex: number): string {
  const unit = view.result.units.find((u) => u.index === unitIndex);
  const name = unit ? unit.name || index.equipment(unit.equipmentId)?.name : undefined;
  return name ? `${unitLabel(unitIndex)} (${name})` : unitLabel(unitIndex);
}

function unitCover(doc: Doc, view: SharedPlanView, index: ViewIndex, unitIndex: number): void {
  const unit = view.result.units.find((u) => u.index === unitIndex)!;
  const equipment = index.equipment(unit.equipmentId);
  doc.fontSize(10).fillColor('#5c6670').text(`${view.projectName} · ${view.planName} · revision ${view.revision}`);
  doc.fontSize(20).fillColor('#000').text(unitName(view, index, unitIndex));
  doc.moveDown(0.5).fontSize(11);
  const cog = unit.centreOfGravity;
  const facts: [string, string][] = [
    ['Equipment', equipment?.name ?? unit.equipmentId],
    ['Inside L × W × H', equipment ? formatDims(equipment.innerLengthMm, equipment.innerWidthMm, equipment.innerHeightMm) : '—'],
    ['Pieces', formatNumber(unit.pieces)],
    ['Weight', `${formatWeight(unit.loadedWeightG)} (${formatPercent(unit.weightUtilization)} of payload)`],
    ['Volume used', formatPercent(unit.volumeUtilization)],
    ['Centre of gravity', cog ? `${formatNumber(cog.xMm)} mm from the front wall, ${formatNumber(cog.yMm)} mm from the left wall, ${formatNumber(cog.zMm)} mm above the floor` : '—'],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  const advisories = unitAdvisories(view, index, unitIndex);
  doc.moveDown().font('Helvetica-Bold').text(advisories.length ? 'Advisories' : 'No advisories for this Unit').font('Helvetica');
  for (const a of advisories) doc.text(`• ${a}`);
}

function piecesText(pieces: { cargoLineId: string; pieceIndex: number }[], index: ViewIndex): string {
  return pieces.map((p) => `${index.lineName(p.cargoLineId)} #${pieceLabel(p.pieceIndex)}`).join(', ');
}

function unitAdvisories(view: SharedPlanView, index: ViewIndex, unitIndex: number): string[] {
  const r = view.result;
  return [
    ...r.warnings.filter((w) => w.unitIndex === unitIndex).map((w) => w.message),
    ...r.axleWarnings.filter((w) => w.unitIndex === unitIndex).map((w) => w.message),
    ...r.stopWarnings.filter((w) => w.unitIndex === unitIndex)
      .map((w) => `${index.stopLabel(w.stop)}: pieces blocked by cargo of a later Stop: ${piecesText(w.pieces, index)}`),
    ...r.securingWarnings.filter((w) => w.unitIndex === unitIndex)
      .map((w) => `${w.kind === 'securing-tipping' ? 'would tip' : 'needs blocking'} ${w.direction}: ${piecesText(w.pieces, index)}`),
  ];
}

function pieceLine(p: Placement, index: ViewIndex): string {
  const marker = heightChanged(p.rotation) ? ' — NOT UPRIGHT' : '';
  return `${index.lineName(p.cargoLineId)} #${pieceLabel(p.pieceIndex)} at ${formatNumber(p.xMm)} / ${formatNumber(p.yMm)} / ${formatNumber(p.zMm)} mm, ` +
    `${rotationLabel(p.rotation)}${marker}, ${index.stopLabel(p.stop)}`;
}

function stepBlock(doc: Doc, view: SharedPlanView, index: ViewIndex, steps: LoadingStep[], step: LoadingStep): void {
  const pageHeight = doc.page.height - 2 * MARGIN;
  const blockHeight = pageHeight / STEPS_PER_PAGE;
  const top = MARGIN + ((step.numberInUnit - 1) % STEPS_PER_PAGE) * blockHeight;
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(MARGIN, top + 2, 12, 12).lineWidth(1).stroke('#000');
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(12)
    .text(`Step ${step.number} · ${unitLabel(step.unitIndex)}, ${step.numberInUnit} of ${step.stepsInUnit}`, MARGIN + 20, top + 2);
  const imageTop = top + 20;
  const imageHeight = blockHeight - 60;
  SVGtoPDF(doc, stepSvg(view, steps, step), MARGIN, imageTop, { width, height: imageHeight, preserveAspectRatio: 'xMinYMin meet' });
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  doc.text(`Load now: ${step.placements.map((p) => pieceLine(p, index)).join('; ')}`, MARGIN, imageTop + imageHeight + 4, { width, height: 34, ellipsis: true });
}

function placementList(doc: Doc, index: ViewIndex, placements: Placement[]): void {
  doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Placements in loading order').font('Helvetica').fontSize(9);
  for (const p of placements) doc.text(`${pieceLine(p, index)}, size ${formatDims(p.lengthMm, p.widthMm, p.heightMm)}`);
}
