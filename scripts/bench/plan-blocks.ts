// What a single-Unit plan is made of at many box types: the improvement run on a virtual clock
// (the same plan for any machine), then per plan the placed blocks by kind (simple, general,
// column), pieces and types per block, how many general blocks have a whole flat top, and the
// boxes placed and left out (count, mean volume, how many may only lie flat; the left-out ones
// listed as count x l x w x h in the data's units, f: may only lie flat).
//   npx tsx scripts/bench/plan-blocks.ts <T100 | BR12 --data /tmp/br1215> [--count 3] [--seed 101] [--seconds 1] [--support full]
import { parseArgs } from 'node:util';
import type { Block } from '../../solver/model.ts';
import { brToInput } from './br-format.ts';
import { virtualBest } from './first-view.ts';
import { instancesOf } from './instance-set.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '3' },
    seed: { type: 'string', default: '101' },
    seconds: { type: 'string', default: '1' },
    support: { type: 'string', default: 'full' },
    data: { type: 'string' },
    from: { type: 'string', default: '0' },
  },
});
const set = positionals[0] ?? 'T100';
const instances = instancesOf(set, values);

/** Pieces per item of a block, through its parts. */
function piecesOf(b: Block, out: Map<number, number>): void {
  if (b.parts) for (const p of b.parts) piecesOf(p.block, out);
  else if (b.item >= 0) out.set(b.item, (out.get(b.item) ?? 0) + b.count);
  else if (b.pieces) for (const p of b.pieces) out.set(p.item, (out.get(p.item) ?? 0) + 1);
}
function kindOf(b: Block): string {
  if (!b.parts) return b.pieces ? 'group' : 'simple';
  return b.area !== undefined ? 'general' : 'column';
}
const hist = (m: Map<string | number, number>) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => `${k}:${v}`).join(' ');

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: values.support as 'full' | 'none' });
  const { prep, view, left, best } = virtualBest(input, Number(values.seconds));
  const V = view.spec.L * view.spec.W * view.spec.H;
  const kinds = new Map<string, number>(), kindVol = new Map<string, number>(), piecesH = new Map<number, number>(), typesH = new Map<number, number>();
  let flatTop = 0, general = 0;
  for (const p of best.placed) {
    const k = kindOf(p.block);
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
    kindVol.set(k, (kindVol.get(k) ?? 0) + p.block.volume / V);
    const m = new Map<number, number>();
    piecesOf(p.block, m);
    const n = [...m.values()].reduce((a, b) => a + b, 0);
    piecesH.set(n, (piecesH.get(n) ?? 0) + 1);
    typesH.set(m.size, (typesH.get(m.size) ?? 0) + 1);
    if (k === 'general') {
      general++;
      if (p.block.flat) flatTop++;
    }
  }
  const placedCounts = new Map<number, number>();
  for (const p of best.placed) piecesOf(p.block, placedCounts);
  const out: string[] = [];
  let outVol = 0, outN = 0, outFlat = 0, inN = 0, inVol = 0, inFlat = 0;
  for (let i = 0; i < prep.items.length; i++) {
    const it = prep.items[i];
    const flatOnly = it.orientations.every((o) => o[2] === 'H');
    const m = placedCounts.get(i) ?? 0;
    inN += m; inVol += m * it.volume; if (flatOnly) inFlat += m;
    const n = left[i] - m;
    if (n <= 0) continue;
    outN += n; if (flatOnly) outFlat += n;
    const d = [it.l, it.w, it.h].map((v) => Math.round(v));
    outVol += n * it.volume;
    out.push(`${n}x${d.join('x')}${flatOnly ? 'f' : ''}`);
  }
  console.log(`${set} #${inst.number}: fill ${(100 * best.volume / V).toFixed(2)} %, ${best.placed.length} blocks; kinds ${hist(kinds)}; vol ${[...kindVol.entries()].map(([k, v]) => `${k} ${(100 * v).toFixed(1)}`).join(' ')}; general flat ${flatTop}/${general}`);
  console.log(`  pieces/block ${hist(piecesH)}; types/block ${hist(typesH)}`);
  console.log(`  placed ${inN} boxes (mean ${(inVol / inN / 1e3).toFixed(0)} L, ${inFlat} flat-only); left out ${outN} (mean ${(outVol / outN / 1e3).toFixed(0)} L, ${outFlat} flat-only), ${(100 * outVol / V).toFixed(2)} %: ${out.join(' ')}`);
}
