// One box type: stacks over a guillotine or five-block floor plan (pack/stack-layout.ts).
import test from 'ava';
import { placedDims } from '../../solver/orientation.ts';
import { stackLayout, type StackShape } from '../../solver/pack/stack-layout.ts';
import { LAYOUT_STEPS_PER_MS, tubeStart } from '../../solver/pack/one-type.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import type { Orientation } from '../../solver/types.ts';
import { boxItem } from './helpers.ts';

const ANY: Orientation[] = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];
const UPRIGHT: Orientation[] = ['LWH', 'WLH'];
const spec: UnitSpec = { L: 587, W: 233, H: 220, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };
/** The step cap a Unit of 5 s gives the layout (fleet.ts: 15 % of the time at LAYOUT_STEPS_PER_MS). */
const CAP_5S = LAYOUT_STEPS_PER_MS * 0.15 * 5000;

function shapesOf(l: number, w: number, h: number, orientations: Orientation[]): StackShape[] {
  return orientations.map((rotation) => {
    const [fx, fy, c] = placedDims(l, w, h, rotation);
    return { rotation, fx, fy, c };
  });
}

// BR0 #87 (five blocks on the floor: 254 boxes, the block search 248), #100, #13, #65 (five blocks
// inside a rectangle of the floor) and one upright box.
const CASES: [number, number, number, Orientation[]][] = [
  [119, 34, 28, ANY.slice(0, 4)], [78, 49, 47, ANY], [52, 36, 25, ANY.slice(0, 4)], [55, 50, 26, ANY.slice(0, 4)], [97, 81, 27, UPRIGHT],
];

test('every box of a stack layout stands fully supported inside the Unit, none overlapping', (t) => {
  for (const [l, w, h, orientations] of CASES) {
    const layout = stackLayout(shapesOf(l, w, h, orientations), spec.L, spec.W, spec.H, { steps: 0, max: CAP_5S }, () => {})!;
    const box = boxItem(0, l, w, h, { orientations });
    // tubeStart places a grid only where canStand (full support, inside, no overlap) lets it.
    const state = tubeStart(box, layout, spec, [box], new PackState(spec, 1), 10_000, Math.min(l, w, h))!;
    t.is(state.used[0], layout.count, `${l} x ${w} x ${h}`);
  }
});

test('a five-block floor plan holds more than guillotine stacks where rows of mixed orientations meet (BR0 #87)', (t) => {
  const layout = stackLayout(shapesOf(119, 34, 28, ANY.slice(0, 4)), spec.L, spec.W, spec.H, { steps: 0, max: Infinity }, () => {})!;
  t.true(layout.count >= 254);
});

test('the stack table gives up past its step cap', (t) => {
  t.is(stackLayout(shapesOf(52, 36, 25, ANY), spec.L, spec.W, spec.H, { steps: 0, max: 1000 }, () => {}), null);
});

test('a rectangle of the floor holds a five-block plan of its own (BR0 #65: 388 boxes, 384 with five blocks over the whole floor only)', (t) => {
  const layout = stackLayout(shapesOf(55, 50, 26, ANY.slice(0, 4)), spec.L, spec.W, spec.H, { steps: 0, max: CAP_5S }, () => {})!;
  t.is(layout.count, 388);
});

test('nested five-block plans take only what the step cap leaves: the table still finishes under a 5 s Unit\'s cap (BR0 #13)', (t) => {
  const work = { steps: 0, max: CAP_5S };
  const layout = stackLayout(shapesOf(52, 36, 25, ANY.slice(0, 4)), spec.L, spec.W, spec.H, work, () => {});
  t.truthy(layout);
  t.true(layout!.count >= 632);
  t.true(work.steps < work.max);
});
