// Beam nodes loading the same pieces: only the best-scored one stays (dominance.ts).
import test from 'ava';
import { distinctPieces } from '../../solver/pack/dominance.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';

const spec: UnitSpec = { L: 2000, W: 1000, H: 1000, payload: 1e12, supportNone: true, anchor: 'corner', order: 'volume' };

/** A state whose pieces used per item are `used`. */
function stateUsing(used: number[]): PackState {
  const s = new PackState(spec, used.length);
  s.used.set(used);
  return s;
}

test('of beam nodes loading the same pieces only the first (best-scored) one stays', (t) => {
  const nodes = [
    { state: stateUsing([2, 0, 1]), score: 9 },
    { state: stateUsing([1, 1, 1]), score: 8 },
    { state: stateUsing([2, 0, 1]), score: 7 },
  ];
  t.deepEqual(distinctPieces(nodes).map((n) => n.score), [9, 8]);
});
