// Diagnostic: how many lower tops of a full-support phase-0 block list have an upper part that covers
// the top exactly in one direction: a block of the list (simple, or a side-by-side pair) as long or as
// wide as the lower block's packing area, stacked within the pairing's fill; and how many such blocks
// the list already holds. (The lever against the rims of `pit-makers.ts`: a rim along one whole side
// can join a neighbour's face.) T100 seed 101 #1-3 phase 0 (1,140-1,517 level tops, 466-569 with a block stacked on
// them, 260-403 of those with one covering exactly): a simple block or a level pair of the list covers exactly at the
// pairing's 0.98 on 151-242 tops (level pairs 4-16); two simple blocks of one height whose widths add up exactly, the
// stack carrying (packing area >= 90 % of the top), on 12-26 tops at a fill of 0.98, 34-72 at 0.96, 42-102 at 0.93 (26-62
// without an exact cover stacked). Real BR15 #1-3: 2-19 / 16-45 / 22-65 (14-46). Built (T100 #1) they added 19 blocks at
// 0.96 and 27 at 0.93 to a list of 2,122.
//   npx tsx scripts/bench/exact-tops.ts <T100 | BR15 --data /tmp/br1415> [--count 3] [--seed 101]
import { parseArgs } from 'node:util';
import type { Block } from '../../solver/model.ts';
import type { GeneralBlockOptions } from '../../solver/pack/general-blocks.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { Ticker } from '../../solver/ticker.ts';
import { brToInput } from './br-format.ts';
import { firstView } from './first-view.ts';
import { instancesOf } from './instance-set.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { count: { type: 'string', default: '3' }, seed: { type: 'string', default: '101' }, data: { type: 'string' }, from: { type: 'string', default: '0' } },
});
const set = positionals[0] ?? 'T100';
const GENERAL: GeneralBlockOptions = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };
const instances = instancesOf(set, values);

type Area = [number, number, number, number];
const areaOf = (b: Block): Area | null => (b.area !== undefined ? b.area : b.flat === false ? null : [0, 0, b.dx, b.dy]);
const needOf = (b: Block) => b.need ?? [[b.item, b.count] as [number, number]];

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  const ticker = new Ticker({ now: () => 0 });
  const { prep, view, left, phases, minDim, groupBlock } = firstView(input, ticker);
  const spec = { ...view.spec, anchor: 'corner' as const, order: 'volume' as const };
  const problem = new UnitProblem(spec, prep.items, left, phases, view.orientationsOf, groupBlock, minDim, ticker, GENERAL, 0, new Map(), false, true);
  const list = problem.blocks(0);
  const usable = (b: Block) => b.group < 0 && !b.pieces && needOf(b).every(([i]) => prep.items[i].stackable && !prep.items[i].fragile);
  const lowers = list.filter((b) => usable(b) && areaOf(b) && (b.parts === undefined || b.parts[0].z === b.parts[1].z));
  const simple = list.filter((b) => usable(b) && !b.parts);
  const pairs = list.filter((b) => usable(b) && b.parts && b.parts[0].z === b.parts[1].z && b.flat !== false);
  // Stacked general blocks already in the list, by lower block.
  const stacked = list.filter((b) => b.parts && b.parts[1].z > 0);
  const exactOn = new Set<Block>(), anyOn = new Set<Block>();
  for (const s of stacked) {
    const lo = s.parts![0].block, up = s.parts![1].block, pa = areaOf(lo)!;
    anyOn.add(lo);
    if (up.dx === pa[2] - pa[0] || up.dy === pa[3] - pa[1]) exactOn.add(lo);
  }
  const disjoint = (a: Block, b: Block) => needOf(a).every(([i, n]) => n + (needOf(b).find((e) => e[0] === i)?.[1] ?? 0) <= left[i]);
  // Side-by-side pairs of two simple blocks of one height whose widths (or lengths) add up to the
  // lower top's exactly, whatever the pair's own fill: simple blocks by height and width / length.
  const byDy = new Map<string, Block[]>(), byDx = new Map<string, Block[]>();
  for (const u of simple) {
    const ky = `${u.dz}:${u.dy}`, kx = `${u.dz}:${u.dx}`;
    (byDy.get(ky) ?? byDy.set(ky, []).get(ky)!).push(u);
    (byDx.get(kx) ?? byDx.set(kx, []).get(kx)!).push(u);
  }
  let tripleLows = 0, tripleNew = 0, triples = 0;
  const tripleFill = [0.98, 0.96, 0.93];
  const byFill = tripleFill.map(() => 0);
  for (const lo of lowers) {
    const pa = areaOf(lo)!, ax = pa[2] - pa[0], ay = pa[3] - pa[1];
    let best = 0;
    for (const s1 of simple) {
      if (s1.dz + lo.dz > spec.H || !disjoint(lo, s1)) continue;
      for (const along of ['y', 'x'] as const) {
        const w1 = along === 'y' ? s1.dy : s1.dx, l1 = along === 'y' ? s1.dx : s1.dy;
        const aw = along === 'y' ? ay : ax, al = along === 'y' ? ax : ay;
        if (w1 >= aw || l1 > al) continue;
        for (const s2 of (along === 'y' ? byDy : byDx).get(`${s1.dz}:${aw - w1}`) ?? []) {
          if (s2 === s1 || s2.item === s1.item && s2.count + s1.count > left[s1.item] || !disjoint(lo, s2)) continue;
          const l2 = along === 'y' ? s2.dx : s2.dy;
          if (l2 > al) continue;
          const carried = Math.min(l1, l2) * aw >= 0.9 * lo.dx * lo.dy;
          const fill = (lo.volume + s1.volume + s2.volume) / (lo.dx * lo.dy * (lo.dz + s1.dz));
          if (carried) { triples++; best = Math.max(best, fill); }
        }
      }
    }
    tripleFill.forEach((f, k) => { if (best >= f) byFill[k]++; });
    if (best >= 0.93) { tripleLows++; if (!exactOn.has(lo)) tripleNew++; }
  }
  console.log(`  pair-on-top triples carrying: ${triples}; lower tops with one at fill 0.98 / 0.96 / 0.93: ${byFill.join(' / ')}; of those at 0.93 without an exact cover stacked: ${tripleNew}`);
  let withSimple = 0, withPair = 0, withPair93 = 0, missing = 0;
  for (const lo of lowers) {
    const pa = areaOf(lo)!, ax = pa[2] - pa[0], ay = pa[3] - pa[1];
    const fill = (up: Block) => (lo.volume + up.volume) / (lo.dx * lo.dy * (lo.dz + up.dz));
    const exact = (up: Block) => up.dz + lo.dz <= spec.H && up.dx <= ax && up.dy <= ay && (up.dx === ax || up.dy === ay) && disjoint(lo, up);
    const s = simple.some((u) => exact(u) && fill(u) >= 0.98);
    const p = pairs.some((u) => exact(u) && fill(u) >= 0.98);
    const p93 = pairs.some((u) => exact(u) && fill(u) >= 0.93);
    if (s) withSimple++;
    if (p) withPair++;
    if (p93) withPair93++;
    if ((s || p) && !exactOn.has(lo)) missing++;
  }
  console.log(`${set} #${inst.number}: list ${list.length} (simple ${simple.length}, level pairs ${pairs.length}, stacked ${stacked.length}); lower tops ${lowers.length}, with something stacked ${anyOn.size}, with an exact cover stacked ${exactOn.size}; exact cover at 0.98 available: simple ${withSimple}, level pair ${withPair} (0.93: ${withPair93}); available but not in the list ${missing}`);
}
