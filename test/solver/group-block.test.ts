import test from 'ava';
import { Fleet } from '../../solver/pack/fleet.ts';
import { tightGroupBlock } from '../../solver/pack/fleet/group-block.ts';
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

test('a group block is never bigger than the row packing it into an empty Unit, and holds every member', (t) => {
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
    t.true(tight.dx * tight.dy * tight.dz <= loose.dx * loose.dy * loose.dz);
    t.is(tight.count, members.reduce((a, i) => a + prep.counts[i], 0));
    t.true(tight.pieces!.every((p) => p.x >= 0 && p.y >= 0 && p.x + p.dx <= tight.dx && p.y + p.dy <= tight.dy && p.z + p.dz <= tight.dz));
  });
});
