// How a Unit-by-Unit re-plan shares its time: over the Units the cargo still needs.
import test from 'ava';
import { boundSlice } from '../../solver/pack/fleet/bound-slices.ts';

const UNIT = 100;

test('a last Unit of a few per cent gets no share: the Units the cargo needs by volume share the time', (t) => {
  // Four Units planned (even share 1,000 ms), cargo of 2.7 Units: three share the 4,000 ms.
  t.is(boundSlice(1000, 4000, 4, 270, UNIT), 4000 / 3);
  // The third Unit, 0.86 of a Unit left: all the time left.
  t.is(boundSlice(1000, 2000, 2, 86, UNIT), 2000);
});

test('where the volume bound is far below the plan, only the last Unit share moves', (t) => {
  t.is(boundSlice(100, 1100, 11, 700, UNIT), 110);
});

test('a Unit never gets less than the even share', (t) => {
  t.is(boundSlice(1000, 500, 4, 270, UNIT), 1000);
});
