// The stop-blocked count the movers after packing use (stop-count.ts) is the advisory's count.
import test from 'ava';
import { countStopBlocked } from '../../solver/advisories/stops.ts';
import { makeRng } from '../../solver/prng.ts';
import { stopBlockedCounter } from '../../solver/stop-count.ts';
import type { Opening, Placement } from '../../solver/types.ts';
import { equipment } from './helpers.ts';

/** Pieces on a 6 x 3 grid, 1-3 high, of random Stops (some none), half of them filling their cell (touching the next). */
function grid(rng: () => number): Placement[] {
  const out: Placement[] = [];
  for (let x = 0; x < 6; x++) for (let y = 0; y < 3; y++) {
    const high = 1 + Math.floor(rng() * 3);
    for (let z = 0; z < high; z++) {
      const stop = rng() < 0.2 ? null : 1 + Math.floor(rng() * 4);
      out.push({
        unitIndex: 0, cargoLineId: `p${out.length}`, pieceIndex: 0, xMm: x * 1000, yMm: y * 700, zMm: z * 500,
        lengthMm: rng() < 0.5 ? 1000 : 600 + Math.floor(rng() * 400), widthMm: rng() < 0.5 ? 700 : 400 + Math.floor(rng() * 300), heightMm: 500,
        rotation: 'LWH', loadingStep: 0, stop, locked: false, manual: false,
      });
    }
  }
  return out;
}

for (const openings of [['rear'], ['rear', 'side'], ['side'], ['rear', 'top']] as Opening[][]) {
  test(`the movers' count equals the stop-blocked advisory's, and follows pieces moved across the floor (${openings.join(' + ')})`, (t) => {
    const eq = equipment({ innerLengthMm: 6000, innerWidthMm: 2100, innerHeightMm: 1500, openings });
    const rng = makeRng(openings.length * 17 + openings[0].length);
    for (let k = 0; k < 20; k++) {
      const pieces = grid(rng);
      const count = stopBlockedCounter(pieces, eq);
      t.is(count(), countStopBlocked(pieces, eq.openings));
      // Whole floor cells trade places lengthwise (every contact kept): the count follows.
      const a = Math.floor(rng() * 6), b = Math.floor(rng() * 6);
      for (const p of pieces) {
        const cell = Math.round(p.xMm / 1000) === a ? b : Math.round(p.xMm / 1000) === b ? a : -1;
        if (cell >= 0) p.xMm = cell * 1000 + (p.xMm % 1000);
      }
      t.is(count(), countStopBlocked(pieces, eq.openings));
    }
  });
}
