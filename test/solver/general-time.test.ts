// Which Unit improvements build general blocks: those with the time a plan of up to four Units gives each in 5 s.
import test from 'ava';
import { generalBlocksFor } from '../../solver/pack/fleet/general-time.ts';

test('general blocks are built from 800 ms of improvement time, so four Units sharing 3.75 s get them', (t) => {
  t.false(generalBlocksFor(0));
  t.false(generalBlocksFor(799));
  t.true(generalBlocksFor(3750 / 4));
  t.true(generalBlocksFor(5000));
});
