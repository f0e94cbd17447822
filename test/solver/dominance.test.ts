// Beam nodes that duplicate others: the same pieces loaded, or siblings whose completions load the same pieces (dominance.ts).
import test from 'ava';
import { distinctPieces, distinctSiblings, piecesHash } from '../../solver/pack/dominance.ts';
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

test('of one parent\'s children whose completions load the same pieces only the first stays; other parents keep theirs', (t) => {
  const child = (parent: number, score: number, pieces = 1) => ({ state: stateUsing([parent, score]), score, pieces, parent });
  const children = [child(0, 9), child(0, 9), child(1, 9), child(0, 8), child(1, 9)];
  t.deepEqual(distinctSiblings(children), [children[0], children[2], children[3]]);
});

test('siblings of equal score whose completions load other pieces both stay', (t) => {
  const children = [
    { state: stateUsing([1, 0]), score: 512, pieces: piecesHash(stateUsing([1, 0])), parent: 0 },
    { state: stateUsing([0, 1]), score: 512, pieces: piecesHash(stateUsing([0, 1])), parent: 0 },
  ];
  t.is(distinctSiblings(children).length, 2);
});
