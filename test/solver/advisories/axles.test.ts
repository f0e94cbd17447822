import test from 'ava';
import { axleWarnings } from '../../../solver/advisories/axles.ts';
import { advise } from '../../../solver/advisories/index.ts';
import type { AxleWarning, RigidAxleProfile, SemiTrailerAxleProfile } from '../../../solver/types.ts';
import { equipment, input, line, place, unit } from '../check/fixtures.ts';

// Rigid truck: front axle 1000 mm ahead of the front wall, rear axle at x = 4000 (wheelbase 5000).
const rigid: RigidAxleProfile = {
  kind: 'rigid', frontAxleXMm: -1000, rearAxleXMm: 4000, tareFrontG: 4_000_000, tareRearG: 2_000_000,
  maxFrontG: 7_100_000, maxRearG: 11_500_000, maxGrossG: 18_000_000, minSteerPermille: 200,
};

const kinds = (ws: AxleWarning[]) => ws.map((w) => `${w.kind}:${w.axle}`).sort();

test('a rigid truck loaded near the middle gets no axle advisory', (t) => {
  // 10 t at x = 3000: front 10 t * (4000 - 3000) / 5000 = 2 t (+ 4 t tare = 6 t <= 7.1 t),
  // rear 8 t (+ 2 t = 10 t <= 11.5 t), gross 16 t <= 18 t, steer 6 t >= 20 % of 16 t = 3.2 t.
  t.deepEqual(axleWarnings(0, rigid, 10_000_000, 3000), []);
});

test('a rigid truck loaded at the back overloads the rear axle and underloads the steer axle', (t) => {
  // 10 t at x = 4500: front 10 t * (4000 - 4500) / 5000 = -1 t (+ 4 t = 3 t), rear 11 t (+ 2 t = 13 t > 11.5 t);
  // steer minimum 20 % of 16 t = 3.2 t > 3 t.
  const ws = axleWarnings(0, rigid, 10_000_000, 4500);
  t.deepEqual(kinds(ws), ['axle-overload:rear', 'steer-axle-underload:front']);
  t.is(ws.find((w) => w.axle === 'rear')!.loadG, 13_000_000);
  t.is(ws.find((w) => w.axle === 'rear')!.limitG, 11_500_000);
  t.is(ws.find((w) => w.kind === 'steer-axle-underload')!.limitG, 3_200_000);
});

test('a rigid truck whose front axle would carry a negative load lifts', (t) => {
  // 10 t at x = 9000: front 10 t * (4000 - 9000) / 5000 = -10 t (+ 4 t = -6 t < 0).
  const ws = axleWarnings(0, rigid, 10_000_000, 9000);
  t.true(kinds(ws).includes('axle-lift:front'));
  t.is(ws.find((w) => w.kind === 'axle-lift')!.loadG, -6_000_000);
});

test('a rigid truck above its gross weight is reported', (t) => {
  const roomy = { ...rigid, maxFrontG: 20_000_000, maxRearG: 20_000_000 };
  // 13 t at x = 1500: front 6.5 t + 4 t = 10.5 t, rear 6.5 t + 2 t = 8.5 t, gross 19 t > 18 t.
  const ws = axleWarnings(0, roomy, 13_000_000, 1500);
  t.deepEqual(kinds(ws), ['gross-overload:gross']);
  t.is(ws[0].loadG, 19_000_000);
});

// Semi-trailer: kingpin at x = 1000, trailer axles at x = 11000 (span 10000); tractor wheelbase 4000,
// fifth wheel 500 ahead of the drive axle (steer takes 500/4000 = 1/8 of the kingpin load, drive 7/8).
const semi: SemiTrailerAxleProfile = {
  kind: 'semi-trailer', kingpinXMm: 1000, trailerAxlesXMm: 11000, tareKingpinG: 2_000_000, tareTrailerAxlesG: 5_000_000,
  tractorWheelbaseMm: 4000, fifthWheelAheadOfDriveMm: 500, tractorTareSteerG: 5_000_000, tractorTareDriveG: 2_500_000,
  maxSteerG: 7_500_000, maxDriveG: 11_500_000, maxTrailerAxlesG: 24_000_000, maxGrossG: 40_000_000,
  minSteerPermille: 150, minDrivePermille: 250,
};

test('a semi-trailer loaded well gets no axle advisory', (t) => {
  // 20 t at x = 7000: kingpin 20 t * 4000 / 10000 = 8 t + 2 t = 10 t; trailer axles 12 t + 5 t = 17 t;
  // steer 5 t + 10 t / 8 = 6.25 t; drive 2.5 t + 10 t * 7/8 = 11.25 t <= 11.5 t; gross 34.5 t;
  // minimum steer 15 % of the tractor's 17.5 t = 2.625 t, drive 25 % of 34.5 t = 8.625 t.
  t.deepEqual(axleWarnings(0, semi, 20_000_000, 7000), []);
});

test('the kingpin load splits over steer and drive axle by lever arm', (t) => {
  // 20 t at x = 6000: kingpin 10 t + 2 t = 12 t; steer 5 t + 12 t / 8 = 6.5 t; drive 2.5 t + 12 t * 7/8 = 13 t > 11.5 t.
  const ws = axleWarnings(0, semi, 20_000_000, 6000);
  t.deepEqual(kinds(ws), ['axle-overload:drive']);
  t.is(ws[0].loadG, 13_000_000);
});

test('a semi-trailer loaded behind its axles lifts off the fifth wheel', (t) => {
  // 20 t at x = 13000: kingpin 20 t * (11000 - 13000) / 10000 = -4 t + 2 t = -2 t < 0;
  // trailer axles 24 t + 5 t = 29 t > 24 t; steer 5 t - 2 t / 8 = 4.75 t, not below 15 % of the
  // tractor's own axle loads (4.75 t + 0.75 t = 5.5 t -> 0.825 t);
  // drive 2.5 t - 2 t * 7/8 = 0.75 t < 25 % of the combination's 34.5 t = 8.625 t.
  const ws = axleWarnings(0, semi, 20_000_000, 13000);
  t.deepEqual(kinds(ws), [
    'axle-lift:kingpin', 'axle-overload:trailer-axles', 'drive-axle-underload:drive',
  ]);
  t.is(ws.find((w) => w.kind === 'drive-axle-underload')!.loadG, 750_000);
});

test('advise computes axle loads from the cargo centre of gravity of each Unit', (t) => {
  // One 20 t piece 1000 long at x = 5500: centre x = 6000, as in the lever-arm case above.
  const heavy = line('h', { lengthMm: 1000, weightG: 20_000_000 });
  const eq = equipment({ innerLengthMm: 13_600, innerWidthMm: 2_450, innerHeightMm: 2_700, maxPayloadG: 30_000_000, axleProfile: semi });
  const result = advise(input([heavy], { equipment: [eq] }), [unit(0)], [place(heavy, 0, 5500, 0, 0)]);
  t.deepEqual(kinds(result.axleWarnings), ['axle-overload:drive']);
});

test('equipment without an axle profile gets no axle advisory', (t) => {
  const heavy = line('h', { weightG: 900_000 });
  const result = advise(input([heavy]), [unit(0)], [place(heavy, 0, 900, 0, 0)]);
  t.deepEqual(result.axleWarnings, []);
});
