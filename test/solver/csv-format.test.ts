import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvMultiContainer, loadCsvSets, parseBins, parseItems } from '../../scripts/bench/csv-format.ts';

const HEADER = 'ID,X,Y,Z,ROTATION_XYZ,ROTATION_YXZ,ROTATION_ZYX,ROTATION_YZX,ROTATION_XZY,ROTATION_ZXY,COPIES';
const ITEMS = `${HEADER}\r\n0,108,76,30,1,1,0,0,0,0,40\r\n1,110,43,25,1,1,0,0,1,1,33\r\n2,92,81,55,1,1,1,1,1,1,39\r\n`;

/** A folder holding the given instances as `<set>.txt_<n>_items.csv` / `_bins.csv` pairs. */
function folderOf(files: { set: string; n: number; items: string }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'csv-format-'));
  for (const f of files) {
    writeFileSync(join(dir, `${f.set}.txt_${f.n}_items.csv`), f.items);
    writeFileSync(join(dir, `${f.set}.txt_${f.n}_bins.csv`), 'ID,X,Y,Z\n0,587,233,220\n');
  }
  writeFileSync(join(dir, 'README.md'), 'not an instance');
  return dir;
}

test('a side may stand vertical when a rotation with that side along z is allowed', (t) => {
  const boxes = parseItems(ITEMS);
  t.deepEqual(boxes[0], { type: 1, dims: [108, 76, 30], upright: [false, false, true], quantity: 40 });
  t.deepEqual(boxes[1].upright, [false, true, true]);
  t.deepEqual(boxes[2].upright, [true, true, true]);
});

test('items without rotation columns may take every orientation', (t) => {
  t.deepEqual(parseItems('ID,X,Y,Z,COPIES\n0,2,6,8,20\n')[0].upright, [true, true, true]);
});

test('a cell that is not a number is named by row and column', (t) => {
  t.throws(() => parseItems('ID,X,Y,Z,COPIES\n0,2,six,8,20\n', 'a.csv'), { message: 'a.csv: row 2, column Y is not a number' });
  t.deepEqual(parseBins('ID,X,Y,Z\n0,10,6,16\n'), [10, 6, 16]);
});

test('a folder of CSV instances reads per set in instance order, the first N of each', (t) => {
  const dir = folderOf([
    { set: 'BR8', n: 10, items: ITEMS }, { set: 'BR8', n: 2, items: ITEMS }, { set: 'BR8', n: 1, items: ITEMS },
    { set: 'BR0', n: 1, items: `${HEADER}\n0,108,76,30,1,1,0,0,0,0,122\n` },
  ]);
  const sets = loadCsvSets(dir, 2);
  t.deepEqual(sets.map((s) => s.set), ['BR0', 'BR8']);
  t.deepEqual(sets[1].instances.map((i) => i.number), [1, 2]);
  t.deepEqual(sets[0].instances[0].container, [587, 233, 220]);
  t.is(sets[0].instances[0].boxes[0].quantity, 122);
});

test('a multi-container problem scales the sides and asks for every box without a support rule', (t) => {
  const dir = folderOf([{ set: 'thpack9', n: 1, items: 'ID,X,Y,Z,COPIES\n0,2,6,8,20\n' }]);
  const p = csvMultiContainer(join(dir, 'thpack9.txt_1_items.csv'), 1, 5);
  t.is(p.pieces, 20);
  t.is(p.input.equipment[0].innerLengthMm, 58_700);
  t.deepEqual([p.input.lines[0].lengthMm, p.input.lines[0].widthMm, p.input.lines[0].heightMm], [200, 600, 800]);
  t.is(p.input.options.supportRule, 'none');
  t.is(p.input.equipment[0].maxUnits, null);
});
