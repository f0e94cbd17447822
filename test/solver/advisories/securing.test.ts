import test from 'ava';
import { advise } from '../../../solver/advisories/index.ts';
import type { Placement, SecuringLeg, SecuringSettings, SolverCargoLine } from '../../../solver/types.ts';
import { input, line, place, unit } from '../check/fixtures.ts';

// Unit 1000 x 500 x 500; pieces 100 x 100 x 100 unless said otherwise.
function securing(placements: Placement[], lines: SolverCargoLine[], settings: SecuringSettings | null) {
  return advise(input(lines, { securing: settings }), [unit(0)], placements).securingWarnings;
}
const legs = (...l: SecuringLeg[]): SecuringSettings => ({ legs: l, frictionPermille: null });
const summary = (ws: ReturnType<typeof securing>) => ws.map((w) => `${w.kind}:${w.direction}:${w.leg}`).sort();

const wood = line('w', { frictionSurface: 'wood_on_wood', quantity: 2 });
const mat = line('m', { frictionSurface: 'rubber_mat' });

test('no securing check without securing settings', (t) => {
  t.deepEqual(securing([place(wood, 0, 450, 200, 0)], [wood], null), []);
});

test('a loose piece on sawn wood slides under road accelerations every way', (t) => {
  // mu 0.45 * c_z 1.0 = 0.45 < 0.8 forward, < 0.5 rearward, < 0.5 sideways.
  const ws = securing([place(wood, 0, 450, 200, 0)], [wood], legs('road'));
  t.deepEqual(summary(ws), ['securing-unblocked:forward:road', 'securing-unblocked:rearward:road', 'securing-unblocked:sideways:road']);
  t.deepEqual(ws[0].pieces, [{ cargoLineId: 'w', pieceIndex: 0 }]);
  t.regex(ws[0].message, /^Unit 1 \(box\): .*: w #1$/);
});

test('a rubber mat holds a loose piece except against braking', (t) => {
  // mu 0.6: 0.6 < 0.8 forward slides; 0.6 >= 0.5 rearward and sideways holds.
  t.deepEqual(summary(securing([place(mat, 0, 450, 200, 0)], [mat], legs('road'))), ['securing-unblocked:forward:road']);
});

test('a piece against the front wall is blocked forward', (t) => {
  t.deepEqual(summary(securing([place(mat, 0, 0, 200, 0)], [mat], legs('road'))), []);
});

test('a piece touching a neighbour face to face is blocked towards it', (t) => {
  // Both against the front wall row: w#0 at x 0..100, w#1 at x 100..200 touches it.
  const ws = securing([place(wood, 0, 0, 200, 0), place(wood, 1, 100, 200, 0)], [wood], legs('road'));
  const forward = ws.find((w) => w.kind === 'securing-unblocked' && w.direction === 'forward');
  t.is(forward, undefined);
  const rearward = ws.find((w) => w.kind === 'securing-unblocked' && w.direction === 'rearward')!;
  t.deepEqual(rearward.pieces, [{ cargoLineId: 'w', pieceIndex: 1 }]);
});

test('a neighbour meeting only at an edge does not block', (t) => {
  // w#1 sits diagonally behind w#0: x faces meet but the y ranges only touch.
  const ws = securing([place(wood, 0, 0, 100, 0), place(wood, 1, 100, 200, 0)], [wood], legs('road'));
  const forward = ws.find((w) => w.kind === 'securing-unblocked' && w.direction === 'forward')!;
  t.deepEqual(forward.pieces, [{ cargoLineId: 'w', pieceIndex: 1 }]);
});

test('sideways a piece must be blocked on both sides', (t) => {
  const wide = line('x', { frictionSurface: 'wood_on_wood', widthMm: 500 });
  t.false(summary(securing([place(wide, 0, 450, 0, 0)], [wide], legs('road'))).includes('securing-unblocked:sideways:road'));
  t.true(summary(securing([place(wood, 0, 450, 0, 0)], [wood], legs('road'))).includes('securing-unblocked:sideways:road'));
});

test('a tall narrow piece tips when not blocked', (t) => {
  // 100 x 100 x 300 on a rubber mat, road: forward 0.8 * 150 = 120 > 1.0 * 50; rearward and
  // sideways 0.5 * 150 = 75 > 50. It slides only forward (0.6 < 0.8).
  const tall = line('t', { heightMm: 300, frictionSurface: 'rubber_mat' });
  t.deepEqual(summary(securing([place(tall, 0, 450, 200, 0)], [tall], legs('road'))), [
    'securing-tipping:forward:road', 'securing-tipping:rearward:road', 'securing-tipping:sideways:road',
    'securing-unblocked:forward:road',
  ]);
});

test('a piece tips only beyond the CTU balance c_x h > c_z b', (t) => {
  // 100 x 100 x 190 on a rubber mat against the front wall, road rearward: 0.5 * 95 = 47.5 <= 50: stands;
  // sideways the same; height 210: 0.5 * 105 = 52.5 > 50: tips.
  const stands = line('s', { heightMm: 190, frictionSurface: 'rubber_mat' });
  const tips = line('t', { heightMm: 210, frictionSurface: 'rubber_mat' });
  t.deepEqual(summary(securing([place(stands, 0, 0, 200, 0)], [stands], legs('road'))), []);
  t.deepEqual(summary(securing([place(tips, 0, 0, 200, 0)], [tips], legs('road'))), [
    'securing-tipping:rearward:road', 'securing-tipping:sideways:road',
  ]);
});

test('the strictest leg decides and is named', (t) => {
  // Rubber mat, road + sea-b. Longitudinal: sea-b c_z = 1.0 - 0.7 = 0.3, 0.3 / 0.3 = 1 beats road 0.8 / 1.0;
  // 0.6 * 0.3 = 0.18 < 0.3: slides forward and rearward. Sideways: sea-b 0.7 / 1.0 beats road 0.5 / 1.0;
  // 0.6 * 1.0 = 0.6 < 0.7: slides. Tipping of the cube: 0.3 * 50 <= 0.3 * 50 and 0.7 * 50 <= 1.0 * 50: none.
  const ws = securing([place(mat, 0, 450, 200, 0)], [mat], legs('road', 'sea-b'));
  t.deepEqual(summary(ws), [
    'securing-unblocked:forward:sea-b', 'securing-unblocked:rearward:sea-b', 'securing-unblocked:sideways:sea-b',
  ]);
});

test('lines without a surface use the plan friction', (t) => {
  const bare = line('b');
  // 0.9 * 1.0 >= 0.8: holds under road accelerations.
  t.deepEqual(securing([place(bare, 0, 450, 200, 0)], [bare], { legs: ['road'], frictionPermille: 900 }), []);
});

test('lines without a surface or plan friction use the default friction', (t) => {
  const bare = line('b');
  // Default 0.3 < 0.5 rearward: slides (and forward, sideways).
  t.is(securing([place(bare, 0, 450, 200, 0)], [bare], legs('road')).length, 3);
});
