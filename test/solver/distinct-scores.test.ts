// Beam children with equal completion volumes: only the first of each group stays (distinct-scores.ts).
import test from 'ava';
import { distinctScores } from '../../solver/pack/distinct-scores.ts';

const child = (parent: number, score: number) => ({ parent, score });

test('of one parent\'s children with equal scores only the first stays', (t) => {
  const children = [child(0, 9), child(0, 9), child(1, 9), child(0, 8), child(1, 9)];
  t.deepEqual(distinctScores(children, true), [children[0], children[2], children[3]]);
});

test('across a level only the first child of each score stays', (t) => {
  const children = [child(0, 9), child(1, 9), child(1, 8), child(0, 8)];
  t.deepEqual(distinctScores(children, false), [children[0], children[2]]);
});
