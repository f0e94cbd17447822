import test from 'ava';
import { Fleet } from '../../solver/pack/fleet.ts';
import { groupRoom, tightGroupBlock } from '../../solver/pack/fleet/group-block.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { FLEETS, generateCargo } from '../../scripts/bench/cargo-generator.ts';
import { equipment, input, line, placed, solveChecked } from './helpers.ts';

const upright = ['LWH', 'WLH'] as const;

test('a keep-together group takes only the room its pieces need: the rest of the width stays for other cargo', (t) => {
  // Two pallets and a group (a pallet with two cartons) fill 3 x 800 mm of a 2,400 mm width
  // when the cartons stand on the group's pallet; spread over the width the group takes it all.
  const r = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 1200, innerWidthMm: 2400, innerHeightMm: 1200, doorWidthMm: 2400, doorHeightMm: 1200 })],
    lines: [
      line({ id: 'p', quantity: 1, lengthMm: 1200, widthMm: 800, heightMm: 1000, orientations: [...upright], groupKey: 'G' }),
      line({ id: 'c', quantity: 2, lengthMm: 300, widthMm: 300, heightMm: 200, orientations: [...upright], groupKey: 'G' }),
      line({ id: 'o', quantity: 2, lengthMm: 1200, widthMm: 800, heightMm: 1100, orientations: [...upright] }),
    ],
  }));
  t.is(r.units.length, 1);
  t.is(placed(r, 'p').length + placed(r, 'c').length + placed(r, 'o').length, 5);
});

test('a group block never takes more room than the row packing it into an empty Unit, and holds every member', (t) => {
  const inp = input({ equipment: FLEETS.sea, lines: generateCargo(1000, 7) });
  const prep = prepare(inp);
  const ticker = new Ticker({});
  const fleet = new Fleet(inp, prep, ticker);
  const view = fleet.views[2];
  const packing = { spec: view.spec, items: prep.items, counts: prep.counts, orientationsOf: view.orientationsOf, ticker };
  t.true(prep.groups.length > 0);
  prep.groups.forEach((members, g) => {
    const loose = view.groupBlock(g)!;
    const tight = tightGroupBlock(g, members, loose, packing)!;
    t.true(groupRoom(tight, packing) <= groupRoom(loose, packing));
    t.is(tight.count, members.reduce((a, i) => a + prep.counts[i], 0));
    t.true(tight.pieces!.every((p) => p.x >= 0 && p.y >= 0 && p.x + p.dx <= tight.dx && p.y + p.dy <= tight.dy && p.z + p.dz <= tight.dz));
  });
});

/** A one-row fleet of `lines` and its first group's members, row view and packing. */
function groupOf(lines: ReturnType<typeof line>[], unit = equipment({ innerLengthMm: 12_032, innerWidthMm: 2352, innerHeightMm: 2698, doorWidthMm: 2340, doorHeightMm: 2585 })) {
  const inp = input({ equipment: [unit], lines });
  const prep = prepare(inp);
  const ticker = new Ticker({});
  const view = new Fleet(inp, prep, ticker).views[0];
  const packing = { spec: view.spec, items: prep.items, counts: prep.counts, orientationsOf: view.orientationsOf, ticker };
  return { members: prep.groups[0], view, packing };
}

test('the room of a group box counts the room up to the roof over the part of its top nothing may stand on', (t) => {
  const { packing } = groupOf([
    line({ id: 's', lengthMm: 1200, widthMm: 800, heightMm: 1000, orientations: [...upright], groupKey: 'G' }),
    line({ id: 'n', lengthMm: 1200, widthMm: 800, heightMm: 1000, orientations: [...upright], stackable: false, groupKey: 'G' }),
  ]);
  const piece = (item: number, y: number) => ({ item, rotation: 'LWH' as const, x: 0, y, z: 0, dx: 1200, dy: 800, dz: 1000 });
  const box = { dx: 1200, dy: 1600, dz: 1000, volume: 1.92e9, weight: 0, item: -1, rotation: 'LWH' as const, nx: 1, ny: 1, nz: 1, count: 2, group: 0, pieces: [piece(0, 0), piece(1, 800)], parts: undefined, need: undefined, flat: undefined, fullSupport: undefined };
  // The stackable pallet's top carries; over the other one's 1200 x 800 mm the room up to 2,698 mm is taken too.
  t.is(groupRoom(box, packing), 1200 * 1600 * 1000 + 1200 * 800 * 1698);
});

test('in a group, a stackable pallet carries the pallet nothing may stand on: the group takes one floor place', (t) => {
  const { members, view, packing } = groupOf([
    line({ id: 's', lengthMm: 1200, widthMm: 1000, heightMm: 1000, orientations: [...upright], groupKey: 'G' }),
    line({ id: 'n', lengthMm: 1200, widthMm: 1000, heightMm: 1200, orientations: [...upright], stackable: false, groupKey: 'G' }),
  ]);
  const tight = tightGroupBlock(0, members, view.groupBlock(0), packing)!;
  t.is(tight.dx * tight.dy, 1200 * 1000);
  t.is(tight.dz, 2200);
});
