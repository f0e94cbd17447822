import test from 'ava';
import { csvField, neutraliseFormula, placementsCsv } from '../../share-page/csv.ts';
import { planWithoutSteps, samplePlan } from './fixture.ts';

/** RFC 4180 reader for the tests. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  if (field !== '' || row.length) throw new Error('last record not ended by CRLF');
  return rows;
}

test('the CSV has a header row and ends every record with CRLF', (t) => {
  const csv = placementsCsv(samplePlan());
  t.true(csv.startsWith('Unit,Equipment,Step,Line,Piece,X (mm),Y (mm),Z (mm),Length (mm),Width (mm),Height (mm),Rotation,Stop\r\n'));
  t.true(csv.endsWith('\r\n'));
  t.is(csv.replace(/\r\n/g, '').includes('\n'), false);
});

test('CSV rows keep the loading order, Unit by Unit', (t) => {
  const rows = parseCsv(placementsCsv(samplePlan())).slice(1);
  t.deepEqual(rows.map((r) => [r[0], r[2], r[3], r[4]]), [
    ['1', '1', 'Euro pallet', '1'],
    ['1', '2', 'Euro pallet', '2'],
    ['1', '3', 'Crate', '1'],
    ['2', '4', 'Carton', '1'],
    ['2', '5', 'Carton', '2'],
  ]);
});

test('a CSV row holds position, size, rotation and Stop (empty for no Stop)', (t) => {
  const rows = parseCsv(placementsCsv(samplePlan())).slice(1);
  t.deepEqual(rows[2], ['1', "20' Standard", '3', 'Crate', '1', '1200', '0', '0', '1000', '1000', '1000', 'WLH', '2']);
  t.is(rows[3][12], '');
});

test('fields with commas, quotes or line breaks are quoted, quotes doubled', (t) => {
  t.is(csvField('a,b'), '"a,b"');
  t.is(csvField('say "hi"'), '"say ""hi"""');
  t.is(csvField('two\nlines'), '"two\nlines"');
  t.is(csvField('cr\rhere'), '"cr\rhere"');
  t.is(csvField('plain'), 'plain');
  const view = samplePlan();
  view.cargoLines[0].name = 'Pallet, "euro"\r\nwide';
  const rows = parseCsv(placementsCsv(view));
  t.is(rows[1][3], 'Pallet, "euro"\r\nwide');
  t.is(rows.length, 6);
});

test('names a spreadsheet would run as a formula are neutralised', (t) => {
  for (const start of ['=', '+', '-', '@', '\t', '\r']) {
    t.is(neutraliseFormula(`${start}SUM(A1)`), `'${start}SUM(A1)`);
  }
  t.is(neutraliseFormula('Crate = big'), 'Crate = big');
  const view = samplePlan();
  view.cargoLines[0].name = '=HYPERLINK("http://x","y")';
  view.result.units[0].name = '@cmd';
  const rows = parseCsv(placementsCsv(view));
  t.is(rows[1][3], '\'=HYPERLINK("http://x","y")');
  t.is(rows[1][1], "'@cmd");
});

test('the step column is present only when loading steps are shown', (t) => {
  const rows = parseCsv(placementsCsv(planWithoutSteps()));
  t.false(rows[0].includes('Step'));
  t.true(rows.every((r) => r.length === 12));
  t.deepEqual(rows.slice(1).map((r) => `${r[0]} ${r[2]} ${r[3]}`), [
    '1 Euro pallet 1', '1 Euro pallet 2', '1 Crate 1', '2 Carton 1', '2 Carton 2',
  ]);
});

test('an Excel byte order mark is added only on request', (t) => {
  t.false(placementsCsv(samplePlan()).startsWith('\uFEFF'));
  t.true(placementsCsv(samplePlan(), { excelBom: true }).startsWith('\uFEFFUnit,'));
});
