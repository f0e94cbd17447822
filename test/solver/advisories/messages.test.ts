// Advisory messages are read by people: Units from 1 with their equipment name, pieces by
// line name and piece number from 1, Stops by their name from the Project. The machine
// fields beside them keep ids and 0-based indexes.
import test from 'ava';
import { advise } from '../../../solver/advisories/index.ts';
import { solve } from '../../../solver/index.ts';
import type { RigidAxleProfile } from '../../../solver/types.ts';
import { equipment, input, line, place, unit } from '../check/fixtures.ts';

const container = equipment({ id: 'eq_hc', name: "40' HC" });
const crates = line('cl_crates', { name: 'Crate 2.5 t', stop: 1, quantity: 3 });
const drums = line('cl_drums', { name: 'Drums', stop: 2, quantity: 3 });
const stops = [{ stop: 1, name: 'Hamburg' }, { stop: 2, name: 'Bremen' }];

test('a Stop advisory names the Unit with its equipment, the Stop by name and the pieces by line and number', (t) => {
  const inp = input([crates, drums], { equipment: [container], stops });
  const [w] = advise(inp, [unit(1, 'eq_hc')], [place(crates, 2, 0, 0, 0, { unitIndex: 1 }), place(drums, 0, 500, 0, 0, { unitIndex: 1 })]).stopWarnings;
  t.is(w.message, "Unit 2 (40' HC): 1 piece(s) of Stop 1 (Hamburg) are blocked by cargo of a later Stop or of no Stop: Crate 2.5 t #3");
  t.deepEqual([w.unitIndex, w.stop, w.pieces], [1, 1, [{ cargoLineId: 'cl_crates', pieceIndex: 2 }]]);
});

test('a Stop the Project does not name is called by its number', (t) => {
  const inp = input([crates, drums], { equipment: [container] });
  const [w] = advise(inp, [unit(0, 'eq_hc')], [place(crates, 0, 0, 0, 0), place(drums, 0, 500, 0, 0)]).stopWarnings;
  t.regex(w.message, /of Stop 1 are blocked/);
});

test('a securing advisory names the Unit and the pieces by line and number', (t) => {
  const inp = input([crates], { equipment: [container], securing: { legs: ['road'], frictionPermille: null } });
  const [w] = advise(inp, [unit(0, 'eq_hc')], [place(crates, 0, 450, 200, 0)]).securingWarnings;
  t.regex(w.message, /^Unit 1 \(40' HC\): 1 piece\(s\) not blocked .*: Crate 2\.5 t #1$/);
});

test('long piece lists are cut after ten with a count of the rest', (t) => {
  const many = line('cl_many', { name: 'Box', quantity: 12, stop: 1 });
  const wall = line('cl_wall', { name: 'Wall', stop: 2, widthMm: 500, heightMm: 500 });
  const inp = input([many, wall], { equipment: [equipment({ innerLengthMm: 2000 })] });
  const boxes = Array.from({ length: 12 }, (_, i) => place(many, i, 0, (i % 4) * 100, Math.floor(i / 4) * 100));
  const [w] = advise(inp, [unit(0)], [...boxes, place(wall, 0, 1000, 0, 0)]).stopWarnings;
  t.regex(w.message, /: Box #1, Box #2, .*, Box #10 and 2 more$/);
});

test('an axle advisory and the centre-of-gravity warning name the Unit with its equipment', (t) => {
  const rigid: RigidAxleProfile = {
    kind: 'rigid', frontAxleXMm: -1000, rearAxleXMm: 4000, tareFrontG: 4_000_000, tareRearG: 2_000_000,
    maxFrontG: 7_100_000, maxRearG: 11_500_000, maxGrossG: 18_000_000, minSteerPermille: 200,
  };
  const truck = equipment({ id: 'eq_truck', name: '7.5 t box truck', innerLengthMm: 6000, maxPayloadG: 20_000_000, axleProfile: rigid });
  const heavy = line('cl_heavy', { name: 'Press', weightG: 10_000_000 });
  const a = advise(input([heavy], { equipment: [truck] }), [unit(0, 'eq_truck')], [place(heavy, 0, 5900, 0, 0)]);
  t.true(a.axleWarnings.length > 0);
  for (const w of a.axleWarnings) t.regex(w.message, /^Unit 1 \(7\.5 t box truck\): /);
  t.regex(a.cogWarnings[0].message, /^Unit 1 \(7\.5 t box truck\): the load's centre of gravity is /);
});

test('an unloaded warning names the line, not its id', (t) => {
  const huge = line('cl_huge', { name: 'Transformer', lengthMm: 5000 });
  const result = solve(input([huge], { equipment: [container] }));
  t.is(result.warnings[0].message, '1 piece(s) of line Transformer not loaded: does-not-fit');
  t.is(result.warnings[0].cargoLineId, 'cl_huge');
});
