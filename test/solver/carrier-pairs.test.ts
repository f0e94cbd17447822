import test from 'ava';
import { carriersFirst } from '../../solver/pack/fleet/carrier-pairs.ts';
import { prepare } from '../../solver/prepare.ts';
import { input, line, solveChecked, equipment } from './helpers.ts';

const UPRIGHT = ['LWH', 'WLH'] as const;
const pallet = (id: string, h: number, stackable: boolean, stop: number | null = null) =>
  line({ id, lengthMm: 1200, widthMm: 800, heightMm: h, orientations: [...UPRIGHT], stackable, stop, minSupportPermille: 800 });

/** Entries by volume within each Stop, as the fleet sorts them. */
function order(lines: ReturnType<typeof line>[], height = 2700) {
  const prep = prepare(input({ lines }));
  const entries = prep.items
    .map((it) => ({ group: -1, item: it.index, rank: it.phaseRank, volume: it.volume }))
    .sort((a, b) => a.rank - b.rank || b.volume - a.volume || a.item - b.item);
  return carriersFirst(entries, prep.items, prep.counts, height).map((e) => prep.items[e.item].lineId);
}

test('a tall non-stackable pallet comes right after the short carrier it fits on', (t) => {
  // By volume: tallNs, tallSt, mid, shortSt; tallNs (1500) fits only on shortSt (1000) under 2700.
  t.deepEqual(order([pallet('tallNs', 1500, false), pallet('tallSt', 1400, true), pallet('mid', 1300, true), pallet('shortSt', 1000, true)]),
    ['shortSt', 'tallNs', 'tallSt', 'mid']);
});

test('tops are matched only within their Stop and footprint; nothing to match keeps the order', (t) => {
  const lines = [pallet('ns1', 1500, false, 1), pallet('st2', 900, true, 2), line({ id: 'box', lengthMm: 1200, widthMm: 1000, heightMm: 900, orientations: [...UPRIGHT] })];
  const prep = prepare(input({ lines }));
  const byVolume = order(lines);
  // ns1 (Stop 1) may not use st2 (Stop 2), and box has another footprint: the plain order stays.
  const plain = prep.items.map((it) => ({ id: it.lineId, rank: it.phaseRank, volume: it.volume })).sort((a, b) => a.rank - b.rank || b.volume - a.volume).map((x) => x.id);
  t.deepEqual(byVolume, plain);
});

test('every piece still goes and the plan passes the checker with carriers moved forward', (t) => {
  const lines = [pallet('tallNs', 1500, false), pallet('tallSt', 1400, true), pallet('mid', 1300, true), pallet('shortSt', 1000, true)]
    .map((l) => ({ ...l, quantity: 2 }));
  const r = solveChecked(t, input({ equipment: [equipment({ innerLengthMm: 12_032, innerWidthMm: 2352, innerHeightMm: 2698, doorWidthMm: 2340, doorHeightMm: 2585 })], lines }));
  t.is(r.totals.piecesUnloaded, 0);
  // The two tall non-stackable pallets stand on the short carriers, not on the floor.
  const ns = r.placements.filter((p) => p.cargoLineId === 'tallNs');
  t.true(ns.every((p) => p.zMm === 1000));
});
