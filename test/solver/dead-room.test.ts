import test from 'ava';
import { deadRoomBound, deadRoomValue } from '../../solver/dead-room.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import { brokenRules, equipment as box, input, line as cargo, place, withSteps } from './check/fixtures.ts';
import { equipment, line } from './helpers.ts';

const UPRIGHT = ['LWH', 'WLH'] as const;

test('crates nothing may stand on and nothing may lift keep the room above them: two Units where volume and floor say one', (t) => {
  // A 1,000 mm cube Unit. Two crates 1,000 x 500 x 500 cover its floor; the cartons (550 high)
  // can neither stand on them nor lift them (550 + 500 > 1,000): one Unit cannot hold it all.
  const lines = [
    line({ id: 'crate', quantity: 2, lengthMm: 1000, widthMm: 500, heightMm: 500, orientations: ['LWH'], stackable: false }),
    line({ id: 'carton', quantity: 2, lengthMm: 500, widthMm: 500, heightMm: 550, orientations: [...UPRIGHT] }),
  ];
  const b = unitBounds(lines, [equipment()]);
  t.is(b.volume, 1);
  t.is(b.notStackableFloor, 1);
  t.is(b.volumeWeight, 1);
  t.is(b.dff, 1);
  t.is(b.deadRoom, 2);
  t.is(b.bound, 2);
});

test('the room above a crate is not dead when stackable pieces can lift it to the roof', (t) => {
  // 450 mm cartons lift a 500 mm crate to 950 mm: two cartons under one crate, the other crate
  // beside them, all in one Unit.
  const lines = [
    line({ id: 'crate', quantity: 2, lengthMm: 1000, widthMm: 500, heightMm: 500, orientations: ['LWH'], stackable: false }),
    line({ id: 'carton', quantity: 2, lengthMm: 500, widthMm: 500, heightMm: 450, orientations: [...UPRIGHT] }),
  ];
  t.is(deadRoomBound(lines, [equipment()]), 1);
});

test('a fragile crate may rise on fragile cartons, a sturdy one not', (t) => {
  const crate = (fragile: boolean) => line({ id: 'crate', quantity: 2, lengthMm: 1000, widthMm: 500, heightMm: 500, orientations: ['LWH'], stackable: false, fragile });
  const cartons = line({ id: 'carton', quantity: 2, lengthMm: 500, widthMm: 500, heightMm: 450, orientations: [...UPRIGHT], fragile: true });
  t.is(deadRoomBound([crate(false), cartons], [equipment()]), 2);
  t.is(deadRoomBound([crate(true), cartons], [equipment()]), 1);
});

test('a pallet bridging 20 % of its base over a crate takes back room above it: the bound must allow one Unit', (t) => {
  // In a 1,000 mm cube: a crate 1,000 x 200 x 500 on the floor, a carrier 1,000 x 800 x 600 beside
  // it, a fragile pallet 1,000 x 1,000 x 400 (800 permille) on the carrier, 200 mm of it over the
  // crate with 100 mm to spare. Nothing sturdy can lift the crate (600 + 500 > 1,000), so the room
  // above it would be 0.1 m^3 dead without the overhang: with it, 0.98 m^3 in one Unit.
  const eq = box({ innerLengthMm: 1000, innerWidthMm: 1000, innerHeightMm: 1000, doorWidthMm: 1000, doorHeightMm: 1000 });
  const crate = cargo('crate', { lengthMm: 1000, widthMm: 200, heightMm: 500, orientations: ['LWH'], stackable: false });
  const carrier = cargo('carrier', { lengthMm: 1000, widthMm: 800, heightMm: 600, orientations: ['LWH'] });
  const pallet = cargo('pallet', { lengthMm: 1000, widthMm: 1000, heightMm: 400, orientations: ['LWH'], fragile: true, minSupportPermille: 800 });
  const inp = input([crate, carrier, pallet], { equipment: [eq] });
  const plan = withSteps([place(crate, 0, 0, 0, 0), place(carrier, 0, 0, 200, 0), place(pallet, 0, 0, 0, 600)]);
  t.deepEqual(brokenRules(inp, plan), [], 'the one-Unit plan keeps every rule');
  t.is(deadRoomBound(inp.lines, [eq]), 1);
  // The same pallet needing its whole base supported cannot bridge: two Units, and the bound sees it.
  t.is(deadRoomBound([crate, carrier, { ...pallet, minSupportPermille: 1000 }], [eq]), 2);
});

test('with no support rule nothing is dead', (t) => {
  const lines = [line({ id: 'crate', quantity: 2, lengthMm: 1000, widthMm: 500, heightMm: 500, orientations: ['LWH'], stackable: false })];
  t.is(deadRoomValue(lines, [equipment()], true), 0);
});

test('several Unit types: a crate counts its room in the type where it costs least', (t) => {
  // The low type (600 mm) leaves 100 mm above a 500 mm crate, the tall one (1,000 mm) 500 mm:
  // 4 crates 1,000 x 1,000 x 500 fit 4 low Units (volume 0.5 of a tall one each).
  const low = equipment({ id: 'low', innerHeightMm: 600 });
  const lines = [line({ id: 'crate', quantity: 4, lengthMm: 1000, widthMm: 1000, heightMm: 500, orientations: ['LWH'], stackable: false })];
  t.is(deadRoomBound(lines, [low, equipment()]), 4);
  t.is(deadRoomBound(lines, [equipment()]), 4);
});
