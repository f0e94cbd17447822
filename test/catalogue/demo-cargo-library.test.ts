import test from 'ava';
import { demoCargoLibrary } from '../../db/catalogue/demo-cargo-library.ts';
import { builtInEquipmentTypes } from '../../db/catalogue/equipment-types.ts';

const frictionSurfaces = [
  'wood_on_wood', 'planed_wood_on_wood', 'wood_on_steel', 'plastic_on_wood',
  'plastic_on_metal', 'steel_on_wood', 'steel_on_steel', 'rubber_mat',
];

test('the demo library holds 10 to 15 items with unique names', (t) => {
  t.true(demoCargoLibrary.length >= 10 && demoCargoLibrary.length <= 15);
  t.is(new Set(demoCargoLibrary.map((i) => i.name)).size, demoCargoLibrary.length);
});

test('dimensions and weights are positive whole millimetres and grams', (t) => {
  for (const i of demoCargoLibrary) {
    for (const v of [i.lengthMm, i.widthMm, i.heightMm, i.weightG]) t.true(Number.isInteger(v) && v > 0, i.name);
  }
});

test('rotation, support and friction use the contract values', (t) => {
  for (const i of demoCargoLibrary) {
    t.true(['free', 'upright', 'fixed'].includes(i.rotation), i.name);
    if (i.minSupportPermille !== undefined) t.true(i.minSupportPermille >= 501 && i.minSupportPermille <= 1000, i.name);
    if (i.frictionSurface !== undefined) t.true(frictionSurfaces.includes(i.frictionSurface), i.name);
  }
});

test('the library includes EUR and industrial pallet footprints', (t) => {
  t.true(demoCargoLibrary.some((i) => i.lengthMm === 1200 && i.widthMm === 800));
  t.true(demoCargoLibrary.some((i) => i.lengthMm === 1200 && i.widthMm === 1000));
});

test('every item fits through the door of a 40 ft high cube or a 13.6 m curtainsider', (t) => {
  const wide = builtInEquipmentTypes.filter((e) => e.id === 'eqt_iso_40hc' || e.id === 'eqt_road_curtainsider_136');
  for (const i of demoCargoLibrary) {
    const fits = wide.some(
      (e) =>
        i.lengthMm <= e.innerLengthMm &&
        Math.min(i.widthMm, i.lengthMm) <= e.doorWidthMm &&
        i.heightMm <= e.doorHeightMm,
    );
    t.true(fits, i.name);
  }
});

test('densities are plausible for packed goods (20 to 2500 kg per cubic metre)', (t) => {
  for (const i of demoCargoLibrary) {
    const m3 = (i.lengthMm * i.widthMm * i.heightMm) / 1e9;
    const density = i.weightG / 1000 / m3;
    t.true(density >= 20 && density <= 2500, `${i.name}: ${density.toFixed(0)} kg/m3`);
  }
});
