import test from 'ava';
import { copiesApply, copyRounds, copyShare, type Copies } from '../../solver/pack/fleet/share-copies.ts';
import { input, line, fleetOn } from './helpers.ts';

/** The first round's copies over `target` Units. */
function firstCopies({ fleet, prep, ticker }: ReturnType<typeof fleetOf>, target: number): Copies {
  const rounds = copyRounds(fleet, fleet.views[0], { left: prep.counts.slice(), groups: new Set() }, target, ticker.now() + 3000, ticker);
  return rounds.next().value as Copies;
}

/** 500 mm cubes of two lines, `a` and `b` of each, for the test's 1 m cube Unit (eight a Unit). */
function fleetOf(a: number, b: number) {
  const inp = input({
    lines: [
      line({ id: 'a', quantity: a, lengthMm: 500, widthMm: 500, heightMm: 500 }),
      line({ id: 'b', quantity: b, lengthMm: 500, widthMm: 500, heightMm: 500 }),
    ],
  });
  return fleetOn(inp);
}

test('a Unit copied over the target is offered each item\'s count over the target, rounded up', (t) => {
  t.is(copyShare(8, 2), 4);
  t.is(copyShare(7, 3), 3);
  t.is(copyShare(2, 3), 1);
  t.is(copyShare(0, 2), 0);
});

test('copies are tried only over two Units or more, for cargo of many pieces per line and no groups', (t) => {
  const { fleet, prep } = fleetOf(8, 8);
  const all = { left: prep.counts.slice(), groups: new Set<number>() };
  t.true(copiesApply(fleet, all, 2));
  t.false(copiesApply(fleet, all, 1));
  t.false(copiesApply(fleet, { ...all, groups: new Set([0]) }, 2));
  // Lines of one piece each: one Unit would be offered all of the cargo.
  const few = fleetOf(1, 1);
  t.false(copiesApply(few.fleet, { left: few.prep.counts.slice(), groups: new Set() }, 2));
});

test('one Unit packed from the shares is copied as often as the counts allow', (t) => {
  const copied = firstCopies(fleetOf(8, 8), 2);
  t.truthy(copied);
  t.is(copied!.units.length, 2);
  for (const u of copied!.units) t.deepEqual([...u.state.used], [4, 4]);
  t.true(copied!.rest.left.every((n) => n === 0));
  // Copies, not one state shared: filling one on does not change the other.
  t.not(copied!.units[0].state, copied!.units[1].state);
});

test('what the copies cannot cover is left for the caller', (t) => {
  // Shares over 2: 4 of a and 3 of b; after one copy 2 of b are left, too few for another.
  const copied = firstCopies(fleetOf(8, 5), 2);
  t.is(copied!.units.length, 1);
  t.deepEqual(copied!.rest.left, [4, 2]);
});

test('the next round offers the items the pattern took in full only their share rounded down', (t) => {
  // Shares over 2 of 9 and 7 cubes: 5 and 4, one more than a Unit holds. Of the item the first
  // pattern took in full the next is offered 4 (of a) or 3 (of b): eight cubes, all taken.
  const f = fleetOf(9, 7);
  const rounds = copyRounds(f.fleet, f.fleet.views[0], { left: f.prep.counts.slice(), groups: new Set() }, 2, f.ticker.now() + 3000, f.ticker);
  const first = [...(rounds.next().value as Copies).units[0].state.used];
  const second = [...(rounds.next().value as Copies).units[0].state.used];
  t.is(first[0] + first[1], 8);
  t.deepEqual(second, first[0] === 5 ? [4, 4] : [5, 3]);
});

test('copies are deterministic', (t) => {
  const run = () => firstCopies(fleetOf(8, 8), 2).units.map((u) => u.state.placed.map((p) => [p.block.item, p.x, p.y, p.z]));
  t.deepEqual(run(), run());
});
