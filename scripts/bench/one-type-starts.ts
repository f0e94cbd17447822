// Diagnostic: per one-type instance (BR0 CSV form), the boxes the start layout holds (stacks over
// a floor plan, else tubes along the length: pack/one-type.ts) and after a greedy completion by
// each policy, without the beam search.
//   npx tsx scripts/bench/one-type-starts.ts <csv folder> [instances 100]
import { loadCsvSets } from './csv-format.ts';
import type { Item } from '../../solver/model.ts';
import { orientationsFromUprightFlags } from '../../solver/orientation.ts';
import { startLayout, tubeStart } from '../../solver/pack/one-type.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { greedy } from '../../solver/pack/search.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import { Ticker } from '../../solver/ticker.ts';

const [folder, count = '100'] = process.argv.slice(2);
const POLICIES: Pick<UnitSpec, 'anchor' | 'order'>[] = [
  { anchor: 'corner', order: 'volume' }, { anchor: 'wall', order: 'section' }, { anchor: 'wall', order: 'volume' },
];
for (const inst of loadCsvSets(folder, Number(count)).flatMap((s) => s.instances)) {
  const b = inst.boxes[0];
  const [L, W, H] = inst.container;
  const [l, w, h] = b.dims;
  const orientations = orientationsFromUprightFlags(b.upright[0], b.upright[1], b.upright[2]);
  const item: Item = {
    index: 0, lineIndex: 0, lineId: 't0', l, w, h, volume: l * w * h, weight: 1, orientations,
    stackable: true, fragile: false, stop: null, phaseRank: 0, supportPermille: 1000, group: -1,
  };
  const spec: UnitSpec = { L, W, H, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };
  const minDim = Math.min(l, w, h);
  const t0 = performance.now();
  const layout = startLayout(item, orientations, spec);
  const start = layout && tubeStart(item, layout, spec, [item], new PackState(spec, 1), b.quantity, minDim);
  const ms = Math.round(performance.now() - t0);
  let completed = 0;
  if (start) {
    for (const p of POLICIES) {
      const problem = new UnitProblem({ ...spec, ...p }, [item], [b.quantity], [{ items: [0], groups: [] }], () => orientations, () => null, minDim, new Ticker({}));
      completed = Math.max(completed, greedy(problem, start.clone()).used[0]);
    }
  }
  console.log(`#${inst.number} ${l}x${w}x${h} ${b.quantity}: start ${start?.used[0] ?? 0}, completed ${completed}, ${ms} ms`);
}
