import test from 'ava';
import { countStopBlocked } from '../../solver/advisories/stops.ts';
import { stopSlices } from '../../solver/stop-slices.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { Placement } from '../../solver/types.ts';
import { equipment } from './helpers.ts';

const eq = equipment({ innerLengthMm: 3000, innerWidthMm: 1000, innerHeightMm: 2000 });

function piece(id: string, stop: number | null, x: number, z: number, lengthMm: number, heightMm = 500): Placement {
  return {
    unitIndex: 0, cargoLineId: id, pieceIndex: 0, xMm: x, yMm: 0, zMm: z, lengthMm, widthMm: 1000, heightMm,
    rotation: 'LWH', loadingStep: 0, stop, locked: false, manual: false,
  };
}

const noGroups = () => null;

test('lengthwise slices change places so the later Stop lies deeper: nothing blocked', (t) => {
  // Stop 1 at the front wall, Stop 2 between it and the rear door: Stop 1 is blocked.
  const pieces = [piece('s1', 1, 0, 0, 1000), piece('s2', 2, 1000, 0, 1000)];
  t.is(countStopBlocked(pieces, eq.openings), 1);
  stopSlices(pieces, eq, noGroups, Infinity, new Ticker());
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.is(pieces[1].xMm, 0);
  t.is(pieces[0].xMm, 1000);
});

test('a slice no cut splits is mirrored lengthwise: what stands on what stays', (t) => {
  // One long piece of Stop 3 carries Stop 1 at its far end and Stop 2 towards the door.
  const pieces = [piece('base', 3, 0, 0, 2000), piece('s1', 1, 0, 500, 500), piece('s2', 2, 1500, 500, 500)];
  t.is(countStopBlocked(pieces, eq.openings), 1);
  stopSlices(pieces, eq, noGroups, Infinity, new Ticker());
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.deepEqual(pieces.map((p) => [p.xMm, p.zMm]), [[0, 0], [1500, 500], [0, 500]]);
});

test('nothing moves when no move blocks fewer pieces, nor where pieces are locked', (t) => {
  const fine = [piece('s2', 2, 0, 0, 1000), piece('s1', 1, 1000, 0, 1000)];
  stopSlices(fine, eq, noGroups, Infinity, new Ticker());
  t.deepEqual(fine.map((p) => p.xMm), [0, 1000]);
  const locked = [piece('s1', 1, 0, 0, 1000), { ...piece('s2', 2, 1000, 0, 1000), locked: true }];
  stopSlices(locked, eq, noGroups, Infinity, new Ticker());
  t.deepEqual(locked.map((p) => p.xMm), [0, 1000]);
});

test('a keep-together group moves as one slice: the Stops never split it, even where that would block fewer', (t) => {
  // Group of a (Stop 1) and b (Stop 3), c (Stop 2) alone. Split, b c a would block nothing; the
  // group whole, the best order still blocks one piece.
  const pieces = [piece('a', 1, 0, 0, 1000), piece('b', 3, 1000, 0, 1000), piece('c', 2, 2000, 0, 1000)];
  const groupOf = (p: Placement) => (p.cargoLineId === 'c' ? null : 'G');
  stopSlices(pieces, eq, groupOf, Infinity, new Ticker());
  t.is(Math.abs(pieces[0].xMm - pieces[1].xMm), 1000);
  t.is(countStopBlocked(pieces, eq.openings), 1);
});
