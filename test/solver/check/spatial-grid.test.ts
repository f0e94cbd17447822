import test from 'ava';
import { touchingNeighbours } from '../../../solver/check/spatial-grid.ts';
import type { Placement } from '../../../solver/types.ts';
import { brokenRules, equipment, input, line, place, withSteps } from './fixtures.ts';

const box = line('box', { quantity: 1000, lengthMm: 50, widthMm: 40, heightMm: 30 });
const inp = input([box], { equipment: [equipment({ innerLengthMm: 500, innerWidthMm: 400, innerHeightMm: 300 })] });

/** 10 x 10 x 10 boxes filling the Unit exactly. */
function fullStow(): Placement[] {
  const out: Placement[] = [];
  for (let i = 0; i < 1000; i++) {
    out.push(place(box, i, (i % 10) * 50, (Math.floor(i / 10) % 10) * 40, Math.floor(i / 100) * 30));
  }
  return withSteps(out);
}

test('a tight stow of a thousand pieces breaks no rule', (t) => {
  t.deepEqual(brokenRules(inp, fullStow()), []);
});

test('a single millimetre of overlap among a thousand pieces is found', (t) => {
  const plan = fullStow();
  const victim = plan.find((p) => p.xMm === 250 && p.yMm === 200 && p.zMm === 150)!;
  victim.xMm -= 1; // now it overlaps its neighbour at x = 200 and sticks out towards x = 300
  t.true(brokenRules(inp, plan).includes('no-overlap'));
});

test('pieces meeting only at an edge or corner are neighbours but never overlap', (t) => {
  const pieces = [place(box, 0, 0, 0, 0), place(box, 1, 50, 40, 0), place(box, 2, 50, 40, 30), place(box, 3, 200, 0, 0)];
  const n = touchingNeighbours(pieces);
  t.deepEqual(n[0].sort(), [1, 2]);
  t.deepEqual(n[3], []);
  t.deepEqual(brokenRules(inp, withSteps(pieces)).filter((r) => r === 'no-overlap'), []);
});
