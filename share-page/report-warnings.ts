// The report's warnings and advisories (one labelled section per kind, omitted when empty)
// and the Unloaded cargo.
import type { PieceRef, SecuringWarning, StopWarning } from '../solver/types.ts';
import { escapeHtml } from './escape.ts';
import { tableScrollOpen } from './layout.ts';
import { formatNumber, formatWeight, pieceLabel, stopLabel, unitLabel, unloadedReasonLabel } from './format.ts';
import type { SharedPlanView, ViewIndex } from './view-model.ts';

function section(testId: string, title: string, intro: string, items: string[]): string {
  if (items.length === 0) return '';
  return `<section class="warnings" aria-labelledby="${testId}-h" data-testid="${testId}">
<h2 id="${testId}-h">${escapeHtml(title)}</h2>
<p class="intro">${escapeHtml(intro)}</p>
<ul>
${items.join('\n')}
</ul>
</section>`;
}

function item(message: string, details: string[]): string {
  const detail = details.length ? `<br><span class="detail">${details.map(escapeHtml).join(' · ')}</span>` : '';
  return `<li>${escapeHtml(message)}${detail}</li>`;
}

function piecesText(pieces: PieceRef[], index: ViewIndex): string {
  return pieces.map((p) => `${index.lineName(p.cargoLineId)} #${pieceLabel(p.pieceIndex)}`).join(', ');
}

/** "Unit 1 (40' HC)": numbered from 1 with its equipment name, as in the Units table. */
function unitName(view: SharedPlanView, index: ViewIndex, unitIndex: number): string {
  const unit = view.result.units.find((u) => u.index === unitIndex);
  const name = unit ? unit.name || index.equipment(unit.equipmentId)?.name : undefined;
  return name ? `${unitLabel(unitIndex)} (${name})` : unitLabel(unitIndex);
}

// Stop and securing advisories are worded here from their machine fields: the API's
// message names pieces by id, a loader reads line names and piece numbers.
function stopMessage(view: SharedPlanView, index: ViewIndex, w: StopWarning): string {
  return `${unitName(view, index, w.unitIndex)}: ${w.pieces.length} piece(s) of ${index.stopLabel(w.stop)} are blocked ` +
    `by cargo of a later Stop or of no Stop: ${piecesText(w.pieces, index)}`;
}

function securingMessage(view: SharedPlanView, index: ViewIndex, w: SecuringWarning): string {
  const what = w.kind === 'securing-tipping' ? 'would tip' : 'friction cannot hold';
  return `${unitName(view, index, w.unitIndex)}: ${w.pieces.length} piece(s) not blocked ${w.direction} ` +
    `that ${what}: ${piecesText(w.pieces, index)}`;
}

export function renderWarnings(view: SharedPlanView, index: ViewIndex): string {
  const r = view.result;
  const general = r.warnings.map((w) =>
    item(w.message, [
      ...(w.unitIndex !== undefined ? [unitLabel(w.unitIndex)] : []),
      ...(w.cargoLineId !== undefined ? [index.lineName(w.cargoLineId)] : []),
    ]),
  );
  const axle = r.axleWarnings.map((w) =>
    item(w.message, [
      unitLabel(w.unitIndex),
      `axle: ${w.axle}`,
      `load ${formatWeight(w.loadG)}`,
      `limit ${formatWeight(w.limitG)}`,
    ]),
  );
  const stop = r.stopWarnings.map((w) =>
    item(stopMessage(view, index, w), [unitLabel(w.unitIndex), index.stopLabel(w.stop)]),
  );
  const securing = r.securingWarnings.map((w) =>
    item(securingMessage(view, index, w), [unitLabel(w.unitIndex), `direction: ${w.direction}`, `leg: ${w.leg}`]),
  );
  return [
    section('warnings-general', 'Warnings', 'Rule problems, cargo left behind and balance advisories.', general),
    section('warnings-axle', 'Axle loads', 'Axle loads outside the vehicle’s limits.', axle),
    section('warnings-stop', 'Stop order', 'Cargo of a Stop that other cargo blocks at unloading.', stop),
    section('warnings-securing', 'Load securing', 'Pieces that need lashing or blocking for the transport legs.', securing),
  ]
    .filter(Boolean)
    .join('\n');
}

export function renderUnloaded(view: SharedPlanView, index: ViewIndex): string {
  const unloaded = view.result.unloaded;
  if (unloaded.length === 0) return '';
  const rows = unloaded
    .map(
      (u) => `<tr><td>${escapeHtml(index.lineName(u.cargoLineId))}</td><td class="num">${escapeHtml(formatNumber(u.quantity))}</td>
<td>${escapeHtml(unloadedReasonLabel(u.reason))}</td></tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="unloaded-h" data-testid="unloaded">
<h2 id="unloaded-h">Cargo not loaded</h2>
${tableScrollOpen('unloaded-h')}
<table>
<thead><tr><th scope="col">Line</th><th scope="col">Pieces</th><th scope="col">Reason</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
</section>`;
}
