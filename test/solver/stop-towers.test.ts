import test from 'ava';
import { countStopBlocked } from '../../solver/advisories/stops.ts';
import { stopTowers } from '../../solver/stop-towers.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { Placement } from '../../solver/types.ts';
import { equipment } from './helpers.ts';

const eq = equipment({ innerLengthMm: 3000, innerWidthMm: 1000, innerHeightMm: 2000 });

function piece(id: string, stop: number | null, x: number, y: number, z: number, lengthMm = 1000, widthMm = 500, heightMm = 500): Placement {
  return {
    unitIndex: 0, cargoLineId: id, pieceIndex: 0, xMm: x, yMm: y, zMm: z, lengthMm, widthMm, heightMm,
    rotation: 'LWH', loadingStep: 0, stop, locked: false, manual: false,
  };
}

const noGroups = () => null;
const weight = () => 100_000;
const at = (pieces: Placement[]) => pieces.map((p) => [p.cargoLineId, p.xMm, p.yMm, p.zMm]);
/** The towers moved with no time limit and a tolerance of 50 per mille. */
const moveTowers = (pieces: Placement[], groupOf: (p: Placement) => string | null = noGroups, weightOf: (p: Placement) => number = weight) =>
  stopTowers(pieces, eq, groupOf, weightOf, 50, Infinity, new Ticker());

test('two towers of one floor plan trade places so the later Stop lies deeper; what stands on each goes with it', (t) => {
  // Lane y 0-500: Stop 1 (two high) at the front wall, Stop 2 (as high) in front of it; lane 500-1000 is free.
  const pieces = [piece('a', 1, 0, 0, 0), piece('a-top', 1, 0, 0, 500), piece('b', 2, 1000, 0, 0, 1000, 500, 1000)];
  t.is(countStopBlocked(pieces, eq.openings), 2);
  moveTowers(pieces);
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.deepEqual(at(pieces), [['a', 1000, 0, 0], ['a-top', 1000, 0, 500], ['b', 0, 0, 0]]);
});

test('three towers beside a piece running the Unit\'s length end deepest Stop first', (t) => {
  // A long piece of no Stop fills the other lane from the front wall to the door.
  const pieces = [
    piece('a', 1, 0, 0, 0), piece('b', 2, 1000, 0, 0), piece('c', 3, 2000, 0, 0),
    piece('long', null, 0, 500, 0, 3000, 500, 1000),
  ];
  t.is(countStopBlocked(pieces, eq.openings), 2);
  moveTowers(pieces);
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.deepEqual(pieces.map((p) => p.xMm), [2000, 1000, 0, 0]);
});

test('a piece over two floor pieces ties them into one tower: they move as one', (t) => {
  const pieces = [piece('a', 1, 0, 0, 0), piece('b', 2, 1000, 0, 0), piece('over', 1, 500, 0, 500)];
  t.is(countStopBlocked(pieces, eq.openings), 1);
  moveTowers(pieces);
  // Mirrored lengthwise as a whole: 'over' still stands half on each.
  t.deepEqual(at(pieces), [['a', 1000, 0, 0], ['b', 0, 0, 0], ['over', 500, 0, 500]]);
  t.is(countStopBlocked(pieces, eq.openings), 0);
});

test('towers of different lengths change places along a lane', (t) => {
  // Lane y 0-500: Stop 1 (1,000 long), Stop 2 (500 long), Stop 3 (1,500 long) from the front wall; a
  // piece of no Stop fills the other lane (the slices would cut here too: this pins the lane move alone).
  const pieces = [
    piece('a', 1, 0, 0, 0, 1000), piece('b', 2, 1000, 0, 0, 500), piece('c', 3, 1500, 0, 0, 1500),
    piece('long', null, 0, 500, 0, 3000, 500, 1000),
  ];
  t.is(countStopBlocked(pieces, eq.openings), 2);
  moveTowers(pieces);
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.deepEqual(pieces.map((p) => p.xMm), [2000, 1500, 0, 0]);
});

test('a keep-together group reaching out of a tower keeps the tower in place', (t) => {
  const pieces = [piece('a', 1, 0, 0, 0), piece('b', 2, 1000, 0, 0), piece('g', 1, 0, 500, 0)];
  const groupOf = (p: Placement) => (p.cargoLineId === 'b' ? null : 'G');
  const before = at(pieces);
  moveTowers(pieces, groupOf);
  t.deepEqual(at(pieces), before);
});

test('nothing moves where pieces are locked, nor when no move blocks fewer pieces', (t) => {
  const locked = [piece('a', 1, 0, 0, 0), { ...piece('b', 2, 1000, 0, 0), locked: true }];
  moveTowers(locked);
  t.deepEqual(locked.map((p) => p.xMm), [0, 1000]);
  const fine = [piece('b', 2, 0, 0, 0), piece('a', 1, 1000, 0, 0)];
  moveTowers(fine);
  t.deepEqual(fine.map((p) => p.xMm), [0, 1000]);
});

test('towers trade places across the width only while the centre of gravity stays within the tolerance across', (t) => {
  // A heavy Stop 1 tower at the front wall behind a light Stop 2 one; a light Stop 2 tower of the same
  // floor plan in the other lane at the door, balanced by a heavy piece of no Stop (another floor plan).
  const heavy = new Set(['a', 'd']);
  const weightOf = (p: Placement) => (heavy.has(p.cargoLineId) ? 2_000_000 : 10_000);
  const pieces = [
    piece('a', 1, 0, 0, 0), piece('b', 2, 1000, 0, 0), piece('c', 2, 2000, 500, 0), piece('d', null, 0, 500, 0, 900),
  ];
  t.is(countStopBlocked(pieces, eq.openings), 1);
  moveTowers(pieces, noGroups, weightOf);
  t.is(countStopBlocked(pieces, eq.openings), 0);
  // The heavy tower stays in its lane (trading places with the light one there), not across at the door.
  t.deepEqual(at(pieces).slice(0, 2), [['a', 1000, 0, 0], ['b', 0, 0, 0]]);
});
