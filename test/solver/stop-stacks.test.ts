import test from 'ava';
import { countStopBlocked } from '../../solver/advisories/stops.ts';
import { analyseUnit } from '../../solver/check/unit-geometry.ts';
import { stopStacks } from '../../solver/stop-stacks.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { Placement, SolverCargoLine } from '../../solver/types.ts';
import { equipment, line } from './helpers.ts';

const eq = equipment({ innerLengthMm: 3000, innerWidthMm: 1000, innerHeightMm: 2000 });

function piece(id: string, stop: number | null, x: number, z: number, heightMm: number, lengthMm = 1000): Placement {
  return {
    unitIndex: 0, cargoLineId: id, pieceIndex: 0, xMm: x, yMm: 0, zMm: z, lengthMm, widthMm: 1000, heightMm,
    rotation: 'LWH', loadingStep: 0, stop, locked: false, manual: false,
  };
}

function linesOf(over: Record<string, Partial<SolverCargoLine>> = {}): (p: Placement) => SolverCargoLine {
  return (p) => line({ id: p.cargoLineId, stop: p.stop, ...over[p.cargoLineId] });
}

test('a stack is turned over so the later Stop stands lowest: nothing blocked, the same room filled', (t) => {
  const pieces = [piece('s1', 1, 0, 0, 600), piece('s2', 2, 0, 600, 400)];
  t.is(countStopBlocked(pieces, eq.openings), 1);
  stopStacks(pieces, eq, linesOf(), Infinity, new Ticker());
  t.is(countStopBlocked(pieces, eq.openings), 0);
  t.deepEqual(pieces.map((p) => p.zMm), [400, 0]);
});

test('what stands on a stack stays at its height, now on the stack\'s new top piece', (t) => {
  // Stop 3 under Stop 4 under a long Stop 1 piece that also rests on a Stop 5 piece further in.
  const pieces = [piece('s3', 3, 1000, 0, 500), piece('s4', 4, 1000, 500, 500), piece('s5', 5, 0, 0, 1000), piece('top', 1, 0, 1000, 300, 2000)];
  t.is(countStopBlocked(pieces, eq.openings), 1);
  stopStacks(pieces, eq, linesOf(), Infinity, new Ticker());
  t.deepEqual(pieces.map((p) => p.zMm), [500, 0, 0, 1000]);
  t.is(countStopBlocked(pieces, eq.openings), 0);
});

test('a piece nothing may stand on is never put under another, though it blocks', (t) => {
  const pieces = [piece('s1', 1, 0, 0, 600), piece('s2', 2, 0, 600, 400)];
  stopStacks(pieces, eq, linesOf({ s2: { stackable: false } }), Infinity, new Ticker());
  t.deepEqual(pieces.map((p) => p.zMm), [0, 600]);
  t.is(countStopBlocked(pieces, eq.openings), 1);
});

test('the new lowest piece needs its own line\'s share of support from what the stack stood on', (t) => {
  // The stack stands on a 600 mm long base: 60 % of its base. Stop 1 may rest on that; Stop 2 needs all of it.
  const pieces = [piece('base', 9, 0, 0, 500, 600), piece('s1', 1, 0, 500, 500), piece('s2', 2, 0, 1000, 500)];
  const lines = linesOf({ s1: { minSupportPermille: 600 }, s2: { minSupportPermille: 1000 } });
  stopStacks(pieces, eq, lines, Infinity, new Ticker());
  t.deepEqual(pieces.map((p) => p.zMm), [0, 500, 1000]);
});

test('a fragile piece carries no heavier load than itself after the stack turns over', (t) => {
  // Light fragile Stop 2 on heavy fragile Stop 1: turned over, 2 kg would rest on a 1 kg piece.
  const pieces = [piece('s1', 1, 0, 0, 500), piece('s2', 2, 0, 500, 500)];
  const lines = linesOf({ s1: { fragile: true, weightG: 2000 }, s2: { fragile: true, weightG: 1000 } });
  stopStacks(pieces, eq, lines, Infinity, new Ticker());
  t.deepEqual(pieces.map((p) => p.zMm), [0, 500]);
});

test('a stack holding part of a keep-together group is never turned: the group stays one block', (t) => {
  // g1 and g2 (Stop 1) form a group; q (Stop 2) stands on g1. Turned over, q would lie inside the group's box.
  const pieces = [piece('g1', 1, 0, 0, 500), piece('g2', 1, 1000, 0, 500), piece('q', 2, 0, 500, 400)];
  const lines = linesOf({ g1: { groupKey: 'G' }, g2: { groupKey: 'G' } });
  t.is(countStopBlocked(pieces, eq.openings), 1);
  stopStacks(pieces, eq, lines, Infinity, new Ticker());
  t.deepEqual(pieces.map((p) => p.zMm), [0, 0, 500]);
});

test('a stack standing on a stack turned before it turns too, and no non-fragile piece ends on a fragile one', (t) => {
  // B: fragile x (Stop 2) under y (Stop 3), turned: x on top. T on B's top: fragile t1 (Stop 1) under fragile t2 (Stop 2).
  const half = (id: string, stop: number, z: number) => ({ ...piece(id, stop, 0, z, 500), lengthMm: 500 });
  const pieces = [piece('x', 2, 0, 0, 500), piece('y', 3, 0, 500, 500), half('t1', 1, 1000), half('t2', 2, 1500)];
  const lines = linesOf({ x: { fragile: true, weightG: 100_000 }, t1: { fragile: true, weightG: 10_000 }, t2: { fragile: true, weightG: 10_000 } });
  t.is(countStopBlocked(pieces, eq.openings), 2);
  stopStacks(pieces, eq, lines, Infinity, new Ticker());
  t.deepEqual(pieces.map((p) => p.zMm), [500, 0, 1500, 1000]);
  t.is(countStopBlocked(pieces, eq.openings), 0);
  const g = analyseUnit(pieces);
  pieces.forEach((p, i) => {
    if (lines(p).fragile) t.true(g.above[i].every((j) => lines(pieces[j]).fragile), `${p.cargoLineId} carries ${g.above[i].map((j) => pieces[j].cargoLineId)}`);
  });
});

test('nothing turns in a Unit holding locked or manual pieces: they stay where they were put', (t) => {
  for (const flag of ['locked', 'manual'] as const) {
    const pieces = [{ ...piece('s1', 1, 0, 0, 600), [flag]: true }, piece('s2', 2, 0, 600, 400)];
    stopStacks(pieces, eq, linesOf(), Infinity, new Ticker());
    t.deepEqual(pieces.map((p) => p.zMm), [0, 600]);
  }
});
