import test from 'ava';
import { builtInEquipmentTypes, type EquipmentTypeData } from '../../db/catalogue/equipment-types.ts';
import type { RigidAxleProfile, SemiTrailerAxleProfile } from '../../solver/types.ts';

const rows = builtInEquipmentTypes;
const road = rows.filter((r) => r.mode === 'road');
const sea = rows.filter((r) => r.mode === 'sea');
const T = 1_000_000; // grams per tonne

const dimensionFields = [
  'innerLengthMm',
  'innerWidthMm',
  'innerHeightMm',
  'doorWidthMm',
  'doorHeightMm',
  'maxPayloadG',
  'tareG',
] as const;

test('ids are unique, stable-looking and prefixed eqt_', (t) => {
  const ids = rows.map((r) => r.id);
  t.is(new Set(ids).size, ids.length);
  for (const id of ids) t.regex(id, /^eqt_[a-z0-9_]+$/);
});

test('names are unique and every row names its source', (t) => {
  t.is(new Set(rows.map((r) => r.name)).size, rows.length);
  for (const r of rows) t.true(r.source.length > 30, r.id);
});

test('the catalogue holds the ISO containers and European road equipment the contract names', (t) => {
  const ids = new Set(rows.map((r) => r.id));
  for (const id of [
    'eqt_iso_20gp', 'eqt_iso_40gp', 'eqt_iso_40hc', 'eqt_iso_45hc', 'eqt_iso_20rf', 'eqt_iso_40rh',
    'eqt_iso_20ot', 'eqt_iso_40ot', 'eqt_iso_20fr', 'eqt_iso_40fr',
    'eqt_road_curtainsider_136', 'eqt_road_box_136', 'eqt_road_mega_136', 'eqt_road_swap_c745',
    'eqt_road_swap_c782', 'eqt_road_rigid_18t', 'eqt_road_rigid_7t5', 'eqt_road_van_3t5',
  ]) {
    t.true(ids.has(id), id);
  }
});

test('every length and weight is a positive whole number', (t) => {
  for (const r of rows) {
    for (const f of dimensionFields) t.true(Number.isInteger(r[f]) && r[f] > 0, `${r.id}.${f}`);
  }
});

test('the door opening never exceeds the inner cross-section', (t) => {
  for (const r of rows) {
    t.true(r.doorWidthMm <= r.innerWidthMm, r.id);
    t.true(r.doorHeightMm <= r.innerHeightMm, r.id);
  }
});

test('openings are a non-empty set of rear, side and top', (t) => {
  for (const r of rows) {
    t.true(r.openings.length > 0, r.id);
    t.is(new Set(r.openings).size, r.openings.length, r.id);
    for (const o of r.openings) t.true(['rear', 'side', 'top'].includes(o), r.id);
  }
});

test('open tops open at the rear and top, flat racks at the side and top', (t) => {
  for (const r of rows.filter((x) => x.category === 'open-top')) t.deepEqual([...r.openings].sort(), ['rear', 'top']);
  for (const r of rows.filter((x) => x.category === 'flat-rack')) t.deepEqual([...r.openings].sort(), ['side', 'top']);
});

test('inner dimensions fit the outer gauges: ISO 8 ft wide containers, 2.55 m road bodies', (t) => {
  for (const r of sea) {
    t.true(r.innerWidthMm < 2438 && r.innerHeightMm < 2896 && r.innerLengthMm < 13716, r.id);
  }
  for (const r of road) {
    t.true(r.innerWidthMm < 2550 && r.innerHeightMm <= 3000 && r.innerLengthMm <= 13620, r.id);
  }
});

test('high cubes are taller than the matching dry containers', (t) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  t.true(byId.get('eqt_iso_40hc')!.innerHeightMm > byId.get('eqt_iso_40gp')!.innerHeightMm);
  t.true(byId.get('eqt_road_mega_136')!.innerHeightMm === 3000);
});

test('sea containers: tare 2-6 t and payload + tare within the ISO gross ratings', (t) => {
  for (const r of sea) {
    t.true(r.tareG >= 2 * T && r.tareG <= 6 * T, r.id);
    t.true(r.maxPayloadG + r.tareG <= 45 * T, r.id);
    t.true(r.maxPayloadG >= 20 * T, r.id);
  }
});

test('sea containers carry no axle profile; every road row carries one', (t) => {
  for (const r of sea) t.is(r.axleProfile, null, r.id);
  for (const r of road) t.not(r.axleProfile, null, r.id);
});

test('semi-trailers use the tractor + semi-trailer profile, the others a rigid one', (t) => {
  for (const r of road) {
    const semi = r.category === 'semi-trailer' || r.category === 'mega-trailer';
    t.is(r.axleProfile!.kind, semi ? 'semi-trailer' : 'rigid', r.id);
  }
});

function rigidRows(): Array<[EquipmentTypeData, RigidAxleProfile]> {
  return road.flatMap((r) => (r.axleProfile?.kind === 'rigid' ? [[r, r.axleProfile] as [EquipmentTypeData, RigidAxleProfile]] : []));
}

function semiRows(): Array<[EquipmentTypeData, SemiTrailerAxleProfile]> {
  return road.flatMap((r) =>
    r.axleProfile?.kind === 'semi-trailer' ? [[r, r.axleProfile] as [EquipmentTypeData, SemiTrailerAxleProfile]] : [],
  );
}

test('rigid axles sit in a plausible place: steer ahead of the body, rear axle in its back half', (t) => {
  for (const [r, p] of rigidRows()) {
    t.true(p.frontAxleXMm < 0 && p.frontAxleXMm >= -2500, r.id);
    t.true(p.rearAxleXMm > r.innerLengthMm * 0.4 && p.rearAxleXMm < r.innerLengthMm, r.id);
  }
});

test('semi-trailer kingpin sits 0.5-2.5 m behind the front wall and the axle group in the back half', (t) => {
  for (const [r, p] of semiRows()) {
    t.true(p.kingpinXMm >= 500 && p.kingpinXMm <= 2500, r.id);
    t.true(p.trailerAxlesXMm > r.innerLengthMm / 2 && p.trailerAxlesXMm < r.innerLengthMm, r.id);
    t.true(p.fifthWheelAheadOfDriveMm > 0 && p.fifthWheelAheadOfDriveMm < p.tractorWheelbaseMm, r.id);
  }
});

test('road weights follow 96/53/EC: 11.5 t drive axle, 24 t tri-axle, 40 t combination, 18 t 2-axle rigid', (t) => {
  for (const [r, p] of semiRows()) {
    t.is(p.maxDriveG, 11.5 * T, r.id);
    t.is(p.maxTrailerAxlesG, 24 * T, r.id);
    t.is(p.maxGrossG, 40 * T, r.id);
    t.true(p.maxSteerG >= 7.1 * T && p.maxSteerG <= 8 * T, r.id);
    t.is(p.minSteerPermille, 200, r.id);
    t.is(p.minDrivePermille, 250, r.id);
  }
  const rigid18 = rigidRows().find(([r]) => r.id === 'eqt_road_rigid_18t')![1];
  t.is(rigid18.maxRearG, 11.5 * T);
  t.is(rigid18.maxGrossG, 18 * T);
  t.true(rigid18.maxFrontG >= 7.1 * T && rigid18.maxFrontG <= 8 * T);
});

test('the tares agree: a semi-trailer row tare is its kingpin + axle tare, a rigid body sits within its axle tares', (t) => {
  for (const [r, p] of semiRows()) t.is(p.tareKingpinG + p.tareTrailerAxlesG, r.tareG, r.id);
  for (const [r, p] of rigidRows()) t.true(p.tareFrontG + p.tareRearG >= r.tareG, r.id);
});

test('the full payload plus every tare stays within the permitted gross weight', (t) => {
  for (const [r, p] of semiRows()) {
    const total = r.maxPayloadG + p.tareKingpinG + p.tareTrailerAxlesG + p.tractorTareSteerG + p.tractorTareDriveG;
    t.true(total <= p.maxGrossG, r.id);
  }
  for (const [r, p] of rigidRows()) t.true(r.maxPayloadG + p.tareFrontG + p.tareRearG <= p.maxGrossG, r.id);
});

// Static axle loads of the full payload spread evenly over the floor (CoG at mid-length).
test('a rigid vehicle with its full payload spread evenly overloads no axle and keeps 20 % on the steer axle', (t) => {
  for (const [r, p] of rigidRows()) {
    const cog = r.innerLengthMm / 2;
    const rear = p.tareRearG + (r.maxPayloadG * (cog - p.frontAxleXMm)) / (p.rearAxleXMm - p.frontAxleXMm);
    const front = p.tareFrontG + r.maxPayloadG - (rear - p.tareRearG);
    t.true(rear <= p.maxRearG, `${r.id} rear ${rear}`);
    t.true(front <= p.maxFrontG, `${r.id} front ${front}`);
    t.true((front * 1000) / (front + rear) >= p.minSteerPermille, r.id);
  }
});

test('a semi-trailer with its full payload spread evenly overloads no axle; drive keeps 25 % of the combination', (t) => {
  for (const [r, p] of semiRows()) {
    const cog = r.innerLengthMm / 2;
    const onAxles = (r.maxPayloadG * (cog - p.kingpinXMm)) / (p.trailerAxlesXMm - p.kingpinXMm);
    const fifthWheel = p.tareKingpinG + r.maxPayloadG - onAxles;
    const steer = p.tractorTareSteerG + (fifthWheel * p.fifthWheelAheadOfDriveMm) / p.tractorWheelbaseMm;
    const drive = p.tractorTareDriveG + fifthWheel - (steer - p.tractorTareSteerG);
    t.true(p.tareTrailerAxlesG + onAxles <= p.maxTrailerAxlesG, `${r.id} trailer axles`);
    t.true(steer <= p.maxSteerG, `${r.id} steer ${steer}`);
    t.true(drive <= p.maxDriveG, `${r.id} drive ${drive}`);
    const gross = r.maxPayloadG + p.tareKingpinG + p.tareTrailerAxlesG + p.tractorTareSteerG + p.tractorTareDriveG;
    t.true((steer * 1000) / (steer + drive) >= p.minSteerPermille, `${r.id} steer share of the tractor`);
    t.true((drive * 1000) / gross >= p.minDrivePermille, `${r.id} drive share of the combination`);
  }
});
