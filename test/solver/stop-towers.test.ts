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
const at = (pieces: Placement[]) => pieces.map((p) => [p.cargoLineId, p.xMm, p.yMm, p.zMm]);

test('two towers of one floor plan trade places so the later Stop lies deeper; what stands on each goes with it', (t) => {
  // Lane y 0-500: Stop 1 (two high) at the front wall, Stop 2 (as high) in front of it; lane 500-1000 is free.
  const pieces = [piece('a', 1, 0, 0, 0), piece('a-top', 1, 0, 0, 500), piece('b', 2, 1000, 0, 0, 1000, 500, 1000)];
  t.is(countStopBlocked(pieces, eq.openings), 2);
  stopTowers(pieces, eq, noGroups, Infinity, new Ticker());
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
  stopTowers(pieces, eq, noGroups, Infinity, new Ticker());
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.deepEqual(pieces.map((p) => p.xMm), [2000, 1000, 0, 0]);
});

test('a piece over two towers ties them: neither moves alone', (t) => {
  const pieces = [piece('a', 1, 0, 0, 0), piece('b', 2, 1000, 0, 0), piece('over', 1, 500, 0, 500)];
  const before = at(pieces);
  stopTowers(pieces, eq, noGroups, Infinity, new Ticker());
  t.deepEqual(at(pieces), before);
});

test('a keep-together group reaching out of a tower keeps the tower in place', (t) => {
  const pieces = [piece('a', 1, 0, 0, 0), piece('b', 2, 1000, 0, 0), piece('g', 1, 0, 500, 0)];
  const groupOf = (p: Placement) => (p.cargoLineId === 'b' ? null : 'G');
  const before = at(pieces);
  stopTowers(pieces, eq, groupOf, Infinity, new Ticker());
  t.deepEqual(at(pieces), before);
});

test('nothing moves where pieces are locked, nor when no move blocks fewer pieces', (t) => {
  const locked = [piece('a', 1, 0, 0, 0), { ...piece('b', 2, 1000, 0, 0), locked: true }];
  stopTowers(locked, eq, noGroups, Infinity, new Ticker());
  t.deepEqual(locked.map((p) => p.xMm), [0, 1000]);
  const fine = [piece('b', 2, 0, 0, 0), piece('a', 1, 1000, 0, 0)];
  stopTowers(fine, eq, noGroups, Infinity, new Ticker());
  t.deepEqual(fine.map((p) => p.xMm), [0, 1000]);
});
