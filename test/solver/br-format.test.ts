import test from 'ava';
import { brToInput, parseBr } from '../../scripts/bench/br-format.ts';
import { setName } from '../../scripts/bench-solver.ts';

const ORIGINAL = ` 1
 1 2502505
 587 233 220
 3
 1 108 0 76 0 30 1 40
 2 110 0 43 1 25 1 33
 3 92 1 81 1 55 1 39
`;

test('the parser reads problems, containers and box types with their flags', (t) => {
  const [p] = parseBr(ORIGINAL);
  t.is(p.number, 1);
  t.is(p.seed, 2502505);
  t.deepEqual(p.container, [587, 233, 220]);
  t.deepEqual(p.boxes[1], { type: 2, dims: [110, 43, 25], upright: [false, true, true], quantity: 33 });
});

test('the parser tolerates CRLF, tabs, leading spaces and blank lines', (t) => {
  const messy = '\r\n' + ORIGINAL.replace(/\n/g, '\r\n').replace(/ 1 108/, '\t1\t108') + '\r\n\r\n';
  t.deepEqual(parseBr(messy), parseBr(ORIGINAL));
});

test('the parser names where a truncated file ends', (t) => {
  t.throws(() => parseBr(' 1\n 1 2502505\n 587 233'), { message: /ends early/ });
  t.throws(() => parseBr(' 1\n x'), { message: /expected an integer/ });
});

test('orientation flags become the allowed orientations', (t) => {
  const input = brToInput(parseBr(ORIGINAL)[0], { seconds: 1, support: 'none' });
  t.deepEqual(input.lines[0].orientations, ['LWH', 'WLH']);
  t.deepEqual(input.lines[1].orientations, ['LWH', 'WLH', 'LHW', 'HLW']);
  t.is(input.lines[2].orientations.length, 6);
  t.is(input.options.supportRule, 'none');
  t.is(input.options.timeBudgetMs, 1000);
});

test('set names come from the file names', (t) => {
  t.is(setName('/x/thpack3.txt'), 'BR3');
  t.is(setName('BR7.txt'), 'BR7');
  t.is(setName('mine.dat'), 'mine');
});
