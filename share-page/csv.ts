// The placements as CSV (`GET /share/:token/placements.csv`), RFC 4180: CRLF line ends, a
// header row, fields with commas, quotes or line breaks quoted, quotes doubled. Rows keep
// the loading order. Names from API callers that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return) get a leading apostrophe. The Step
// column (plan-wide step numbers, as on the step pages) is there only when the link shows
// loading steps. Unit and piece numbers are 1-based, as on the pages.
import { placementsInLoadingOrder, loadingSteps, stepKey, stepNumbers } from './loading-steps.ts';
import { indexView, type SharedPlanView } from './view-model.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** A text cell a spreadsheet would not evaluate. */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(fields: (string | number)[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark, which Excel needs to read non-ASCII names. */
  excelBom?: boolean;
}

export function placementsCsv(view: SharedPlanView, options: CsvOptions = {}): string {
  const showSteps = view.showLoadingSteps;
  const index = indexView(view);
  const numbers = stepNumbers(loadingSteps(view.result));
  const unitNames = new Map(view.result.units.map((u) => [u.index, u.name || index.equipment(u.equipmentId)?.name || '']));
  const header = [
    'Unit',
    'Equipment',
    ...(showSteps ? ['Step'] : []),
    'Line',
    'Piece',
    'X (mm)',
    'Y (mm)',
    'Z (mm)',
    'Length (mm)',
    'Width (mm)',
    'Height (mm)',
    'Rotation',
    'Stop',
  ];
  const rows = placementsInLoadingOrder(view.result).map((p) =>
    csvRow([
      p.unitIndex + 1,
      neutraliseFormula(unitNames.get(p.unitIndex) ?? ''),
      ...(showSteps ? [numbers.get(stepKey(p.unitIndex, p.loadingStep)) ?? ''] : []),
      neutraliseFormula(index.lineName(p.cargoLineId)),
      p.pieceIndex + 1,
      p.xMm,
      p.yMm,
      p.zMm,
      p.lengthMm,
      p.widthMm,
      p.heightMm,
      p.rotation,
      p.stop ?? '',
    ]),
  );
  return (options.excelBom ? '\uFEFF' : '') + csvRow(header) + rows.join('');
}
