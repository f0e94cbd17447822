import test from 'ava';
import { advise } from '../../../solver/advisories/index.ts';
import type { Opening, Placement, SolverCargoLine } from '../../../solver/types.ts';
import { equipment, input, line, place, unit } from '../check/fixtures.ts';

// Unit 1000 x 500 x 500 with a rear door at x = 1000 unless said otherwise.
const s1 = line('s1', { stop: 1, quantity: 3 });
const s2 = line('s2', { stop: 2, quantity: 3 });
const none = line('n', { stop: null });

function stops(placements: Placement[], openings: Opening[] = ['rear'], lines: SolverCargoLine[] = [s1, s2, none]) {
  return advise(input(lines, { equipment: [equipment({ openings })] }), [unit(0)], placements).stopWarnings;
}

test('Stop 1 nearest the door and later Stops deeper is not blocked', (t) => {
  t.deepEqual(stops([place(s2, 0, 0, 0, 0), place(s1, 0, 100, 0, 0)]), []);
});

test('a later Stop between a Stop and the rear door blocks it', (t) => {
  const ws = stops([place(s1, 0, 0, 0, 0), place(s2, 0, 500, 0, 0)]);
  t.is(ws.length, 1);
  t.is(ws[0].kind, 'stop-blocked');
  t.is(ws[0].stop, 1);
  t.deepEqual(ws[0].pieces, [{ cargoLineId: 's1', pieceIndex: 0 }]);
});

test('cargo without a Stop counts as later than every Stop', (t) => {
  const ws = stops([place(s2, 0, 0, 0, 0), place(none, 0, 500, 0, 0)]);
  t.deepEqual(ws.map((w) => w.stop), [2]);
});

test('later cargo nearer the door but beside the piece does not block the rear door', (t) => {
  t.deepEqual(stops([place(s1, 0, 0, 0, 0), place(s2, 0, 500, 200, 0)]), []);
});

test('later cargo resting on a Stop blocks it whatever the openings', (t) => {
  const plan = [place(s1, 0, 800, 0, 0), place(s2, 0, 800, 0, 100)];
  t.is(stops(plan, ['rear']).length, 1);
  t.is(stops(plan, ['rear', 'top']).length, 1);
});

test('later cargo above a Stop with a gap between still blocks it', (t) => {
  t.is(stops([place(s1, 0, 800, 0, 0), place(s2, 0, 850, 50, 300)]).length, 1);
});

test('later cargo resting on it through other pieces blocks a Stop', (t) => {
  // s1#0 x 0..100; s1#1 x 50..150 rests on it; s2 x 120..220 rests on s1#1 only, not above s1#0.
  const plan = [place(s1, 0, 0, 0, 0), place(s1, 1, 50, 0, 100), place(s2, 0, 120, 0, 200)];
  const ws = stops(plan);
  t.is(ws.length, 1);
  t.deepEqual(ws[0].pieces, [{ cargoLineId: 's1', pieceIndex: 0 }, { cargoLineId: 's1', pieceIndex: 1 }]);
});

test('an open top frees a Stop blocked only in front of the door', (t) => {
  t.deepEqual(stops([place(s1, 0, 0, 0, 0), place(s2, 0, 500, 0, 0)], ['rear', 'top']), []);
});

test('a side opening frees a Stop unless later cargo stands on both sides', (t) => {
  const front = place(s2, 0, 500, 200, 0);
  const left = place(s2, 1, 0, 0, 0);
  const right = place(s2, 2, 0, 400, 0);
  const middle = place(s1, 0, 0, 200, 0);
  t.deepEqual(stops([middle, front, left], ['rear', 'side']), []);
  t.deepEqual(stops([middle, front, left, right], ['rear', 'side']).map((w) => w.stop), [1]);
});

test('one advisory per Unit and Stop lists every blocked piece', (t) => {
  const plan = [place(s1, 0, 0, 0, 0), place(s1, 1, 0, 100, 0), place(s2, 0, 0, 0, 100), place(s2, 1, 0, 100, 100), place(none, 0, 0, 0, 200)];
  const ws = stops(plan);
  t.deepEqual(ws.map((w) => [w.stop, w.pieces.length]), [[1, 2], [2, 1]]);
});
