import test from 'ava';
import { countStopBlocked } from '../../solver/advisories/stops.ts';
import { moveForStops, type MovableUnit } from '../../solver/stop-movers.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { Placement } from '../../solver/types.ts';
import { equipment, input, line } from './helpers.ts';

const eq = equipment({ innerLengthMm: 3000, innerWidthMm: 1000, innerHeightMm: 2000 });

function piece(id: string, stop: number | null, x: number, lengthMm = 1000): Placement {
  return {
    unitIndex: 0, cargoLineId: id, pieceIndex: 0, xMm: x, yMm: 0, zMm: 0, lengthMm, widthMm: 1000, heightMm: 500,
    rotation: 'LWH', loadingStep: 0, stop, locked: false, manual: false,
  };
}

const lineOf = (p: Placement) => line({ id: p.cargoLineId, stop: p.stop });
const blocked = (u: MovableUnit) => countStopBlocked(u.pieces, u.equipment.openings);
const xs = (u: MovableUnit) => u.pieces.map((p) => p.xMm);

/** Stops 1, 2, 3 from the front wall: the deeper Stops in front of the later ones (2 blocked). */
const reversed = (movable = true): MovableUnit => ({
  pieces: [piece('a', 1, 0), piece('b', 2, 1000), piece('c', 3, 2000)], equipment: eq, movable,
});

test('every Unit with blocked pieces is moved; a Unit with none and a fixed Unit are left as they are', (t) => {
  const clear: MovableUnit = { pieces: [piece('a', 3, 0), piece('b', 2, 1000), piece('c', 1, 2000)], equipment: eq, movable: true };
  const units = [reversed(), clear, reversed(false)];
  t.deepEqual(units.map(blocked), [2, 0, 2]);
  moveForStops(input(), units, lineOf, Infinity, new Ticker());
  t.deepEqual(units.map(blocked), [0, 0, 2]);
  t.deepEqual(xs(units[1]), [0, 1000, 2000]);
  t.deepEqual(xs(units[2]), [0, 1000, 2000]);
});

test('with the window already over nothing moves', (t) => {
  const units = [reversed()];
  moveForStops(input(), units, lineOf, 0, new Ticker({ now: () => 1 }));
  t.deepEqual(xs(units[0]), [0, 1000, 2000]);
});
