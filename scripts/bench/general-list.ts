// What a phase's general-block list holds at many box types: per phase the simple and general
// blocks, how many general blocks share their extents (and packing area) with an earlier one,
// how many have a whole flat top, and how many are covered by another (extents no larger, the
// same or more volume, a subset of its pieces). Deterministic (no search).
//   npx tsx scripts/bench/general-list.ts [T100 | BR12 --data /tmp/br1215] [--count 3] [--seed 101] [--from 0] [--support full|none]
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
  options: {
    count: { type: 'string', default: '3' },
    seed: { type: 'string', default: '101' },
    support: { type: 'string', default: 'full' },
    data: { type: 'string' },
    from: { type: 'string', default: '0' },
  },
});
const set = positionals[0] ?? 'T100';
const GENERAL: GeneralBlockOptions = { minFill: 0.98, maxBlocks: 8000, maxPairs: 3_000_000 };
// `--data <folder of BR CSV sets>`: the set named (BR12 ...) from there, `--count` from `--from`.
const instances = instancesOf(set, values);

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: values.support as 'full' | 'none' });
  let reads = 0;
  const ticker = new Ticker({ now: () => reads++ * 0.01 });
  const { prep, view, left, phases, minDim, groupBlock } = firstView(input, ticker);
  const spec = { ...view.spec, anchor: 'corner' as const, order: 'volume' as const };
  const p = new UnitProblem(spec, prep.items, left, phases, view.orientationsOf, groupBlock, minDim, ticker, GENERAL, 0, new Map(), false, true);
  const lines: string[] = [];
  for (let ph = 0; ph < phases.length; ph++) {
    const list = p.blocks(ph);
    const general = list.filter((b) => b.parts);
    const shapes = new Set<string>(), shapesArea = new Set<string>();
    let sameShape = 0, sameShapeArea = 0, flat = 0, parts2 = 0;
    const partsHist = new Map<number, number>();
    for (const b of general) {
      const k = `${b.dx},${b.dy},${b.dz}`;
      if (shapes.has(k)) sameShape++;
      shapes.add(k);
      const ka = `${k},${b.area?.join(',')}`;
      if (shapesArea.has(ka)) sameShapeArea++;
      shapesArea.add(ka);
      if (b.flat) flat++;
      const pieces = b.count;
      partsHist.set(pieces, (partsHist.get(pieces) ?? 0) + 1);
      if (pieces === 2) parts2++;
    }
    // Covered: another general block of the same pieces in a box no larger along any axis (and a packing area no smaller).
    const byNeed = new Map<string, Block[]>();
    for (const b of general) {
      const k = JSON.stringify(b.need);
      const l = byNeed.get(k);
      if (l) l.push(b);
      else byNeed.set(k, [b]);
    }
    let covered = 0, sameNeed = 0;
    const areaSize = (b: Block) => (b.area ? (b.area[2] - b.area[0]) * (b.area[3] - b.area[1]) : 0);
    for (const l of byNeed.values()) {
      if (l.length > 1) sameNeed += l.length;
      for (const b of l) if (l.some((o) => o !== b && o.dx <= b.dx && o.dy <= b.dy && o.dz <= b.dz && (o.dx < b.dx || o.dy < b.dy || o.dz < b.dz) && areaSize(o) >= areaSize(b))) covered++;
    }
    const perSet = new Map<number, number>();
    for (const l of byNeed.values()) perSet.set(l.length, (perSet.get(l.length) ?? 0) + 1);
    const setHist = [...perSet.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ');
    const hist = [...partsHist.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ');
    lines.push(`  phase ${ph} (${phases[ph].items.length} lines, ${phases[ph].items.reduce((a, i) => a + left[i], 0)} pieces): ${list.length} blocks, ${general.length} general, same extents ${sameShape}, same extents+area ${sameShapeArea}, flat ${flat}, sharing pieces ${sameNeed}, covered ${covered}, piece sets ${byNeed.size} (blocks per set ${setHist}), pieces ${hist}`);
  }
  console.log(`${set} #${inst.number}:`);
  console.log(lines.join('\n'));
}
