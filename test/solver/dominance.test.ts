// Beam nodes that duplicate others: the same pieces loaded, or siblings of equal score (dominance.ts).
import test from 'ava';
import { distinctPieces, distinctSiblings } from '../../solver/pack/dominance.ts';
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

test('of one parent\'s children with equal scores only the first stays; other parents keep theirs', (t) => {
  const child = (parent: number, score: number) => ({ state: stateUsing([parent, score]), score, parent });
  const children = [child(0, 9), child(0, 9), child(1, 9), child(0, 8), child(1, 9)];
  t.deepEqual(distinctSiblings(children), [children[0], children[2], children[3]]);
});
