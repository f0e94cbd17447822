// Diagnostic: does an item-by-item search (item-search.ts) beat the block search's plans on its own,
// within a share of a Unit's time? Per instance, on the CPU clock: the best greedy of the single Unit's
// variants (as `improveUnit` ranks them), one block beam search of the best variant with general
// blocks for `--share` x `--seconds`, and the item search in each mode for the same time, with the
// widest beam it finished, the nodes it made, the share of its plan's volume standing on the floor and
// the share of the shapes fitting a corner's room that support refused. Per set, with whether the plan passed the state's checks:
// mean fills and on how many instances each mode beat the greedy and the beam.
//   npx tsx scripts/bench/item-gains.ts --generate types=90,100 [--count 3] [--seed 101] [--seconds 5] [--share 0.3]
//   npx tsx scripts/bench/item-gains.ts --csv /tmp/br1415 [--instances 3] [--from 0]
// Measured (full support, 5 s x 0.3 = 1.5 s of CPU each, mean fill %): tuning T90 + T100 seeds 101-303 greedy
// 82.3-84.0, beam 87.9-89.0, pieces 56-63, blocks 73-78; BR14 / BR15 #1-3 greedy 81.6 / 82.3, beam 87.5 / 87.1,
// pieces 60-63 / 59-61, blocks 76-78 / 76-78; held out seeds 404-606 and BR14-BR15 #4-9 alike. The item search
// was above the best greedy on none of 54 instances (each mode). It makes 500-1,500 nodes a CPU second (widths
// 4-32); with 20 s (widths 64-256) T100 seed 101 #1 / BR14 #1 / BR15 #1 read pieces 60.2 / 71.7 / 66.9, blocks
// 76.4 / 77.6 / 80.4 against greedies of 82.5 / 82.2 / 84.2. Off the floor 82-85 % of the pieces that fit a
// corner's room are refused for support, and 43-54 % of the plan's volume stands on the floor. A height front
// (pieces on the highest part under their footprint, corners where lower parts meet taller ones) read 45.5 at
// width 16 and 47.4 at width 128 on T100 seed 101 #1 (77.5 at width 2 with the support check off).
import { parseArgs } from 'node:util';
import { beamSearch, greedy } from '../../solver/pack/search.ts';
import { PackState } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';
import { brToInput } from './br-format.ts';
import { diagnosticSets, SET_OPTIONS } from './diagnostic-sets.ts';
import { unitVariants } from './first-view.ts';
import { itemCounts, itemSearch, itemSearchFits, type ItemOptions } from './item-search.ts';
import { cpuMs } from './process-cpu.ts';

const { values } = parseArgs({ options: { ...SET_OPTIONS, seed: { type: 'string', default: '101' }, share: { type: 'string', default: '0.3' } } });
const support = values.support === 'none' ? 'none' : 'full';
const ms = Number(values.seconds) * 1000 * Number(values.share);
const sets = diagnosticSets(values, 'item-gains.ts --generate types=90,100 | --csv <folder>');
const MODES: ItemOptions[] = [
  { shapes: 'pieces', guide: 'waste' }, { shapes: 'pieces', guide: 'big' }, { shapes: 'blocks', guide: 'waste' }, { shapes: 'blocks', guide: 'big' },
];
const name = (m: ItemOptions) => `${m.shapes}/${m.guide}`;
const pct = (v: number) => v.toFixed(2);

for (const { set, instances } of sets) {
  const sum = { greedy: 0, beam: 0, n: 0, modes: MODES.map(() => ({ fill: 0, overGreedy: 0, overBeam: 0, failed: 0 })) };
  for (const inst of instances) {
    const input = brToInput(inst, { seconds: 0, support });
    const ticker = new Ticker({ now: cpuMs });
    const { prep, view, count, make } = unitVariants(input, ticker);
    const root = new PackState(view.spec, prep.items.length);
    const full = view.spec.L * view.spec.W * view.spec.H;
    const fill = (v: number) => (100 * v) / full;
    const ranked: { k: number; volume: number; general: boolean }[] = [];
    for (let k = 0; k < count; k++) {
      const problem = make(k, 0);
      ranked.push({ k, volume: greedy(problem, root.clone()).volume, general: problem.general !== null });
    }
    ranked.sort((a, b) => b.volume - a.volume || a.k - b.k);
    const g = fill(ranked[0].volume);
    const k = (ranked.find((r) => r.general) ?? ranked[0]).k;
    if (!itemSearchFits(make(k, 0), root)) { console.log(`${set} #${inst.number}: not the item search's cargo`); continue; }
    const beam = fill(beamSearch(make(k, 0), root, ticker.now() + ms).volume);
    const line: string[] = [];
    MODES.forEach((mode, j) => {
      let widest = 0;
      const { state, nodes } = itemSearch(make(k, 0), root, ticker.now() + ms, mode, (w) => { widest = w; });
      const f = state ? fill(state.volume) : 0;
      const s = sum.modes[j];
      s.fill += f;
      if (f > g) s.overGreedy++;
      if (f > beam) s.overBeam++;
      if (!state) s.failed++;
      // Of the plan's volume, the share on the floor; of the shapes that fit some corner's room, the share refused for support.
      const floor = state ? state.placed.filter((q) => q.z === 0).reduce((a, q) => a + q.block.volume, 0) / state.volume : 0;
      line.push(`${name(mode)} ${pct(f)} (w${widest}, ${nodes} nodes, floor ${pct(100 * floor)} %, refused ${pct((100 * itemCounts.refused) / Math.max(itemCounts.fits, 1))} %)`);
    });
    sum.greedy += g; sum.beam += beam; sum.n++;
    console.log(`${set} #${inst.number}: greedy ${pct(g)} beam ${pct(beam)} | ${line.join(' | ')}`);
  }
  const m = (v: number) => pct(v / Math.max(sum.n, 1));
  console.log(`${set}, ${support}, ${ms / 1000} s each: greedy ${m(sum.greedy)}, beam ${m(sum.beam)}; ` +
    MODES.map((mode, j) => `${name(mode)} ${m(sum.modes[j].fill)} (above greedy ${sum.modes[j].overGreedy}, above beam ${sum.modes[j].overBeam}, no plan ${sum.modes[j].failed})`).join('; ') + ` of ${sum.n}`);
}
