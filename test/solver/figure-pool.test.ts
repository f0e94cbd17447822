// Figure buffers of kept block lists used again (pack/figure-pool.ts): a released buffer is
// taken again only after `recycle` (between Units, where no search reads a list), never before.
import test from 'ava';
import { recycle, release, takeFigures } from '../../solver/pack/figure-pool.ts';

test('a released buffer is not taken again before the next recycle', (t) => {
  const a = takeFigures(1000);
  release(a);
  t.not(takeFigures(1000), a);
  recycle();
  t.is(takeFigures(1000), a);
});

test('a buffer taken is at least as large as asked, the smallest free one that is', (t) => {
  const small = takeFigures(800), large = takeFigures(4000);
  release(large);
  release(small);
  recycle();
  t.is(takeFigures(600), small);
  t.is(takeFigures(2000), large);
  t.true(takeFigures(9000).byteLength >= 9000);
});
