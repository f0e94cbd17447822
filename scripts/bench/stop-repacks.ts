// Diagnostic: each guarded Unit repack of the Stops stage (pack/stop-split.ts) on the scale cargo,
// on a virtual clock: the Unit's blocked pieces, the time it took, its own cargo, what the guarded
// search loaded, what no room took after it (m3), and whether it went through and was kept. The
// trace reads the clock once more per repack, so plans may differ a little from an untraced run.
// VCLOCK=0.25 npx tsx scripts/bench/stop-repacks.ts <sea|road> <pieces> <seed,seed,...> <seconds>
import { solve } from '../../solver/index.ts';
import { repackTrace } from '../../solver/pack/stop-split.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '1000', seeds = '11', seconds = '5'] = process.argv.slice(2);
const perRead = Number(process.env.VCLOCK ?? 0.25);
const m3 = (v: number) => (v / 1e9).toFixed(2);
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleet, generateCargo(Number(pieces), seed), seed, Number(seconds) * 1000);
  repackTrace.fn = (e) => {
    const verdict = e.ok ? (e.kept ? 'kept' : 'not fewer') : 'no room';
    console.log(`#${seed} Unit ${e.unit} blocked ${e.blocked} at ${Math.round(e.start)} ms took ${Math.round(e.end - e.start)} cargo ${m3(e.cargo)} loaded ${m3(e.loaded)} unplaced ${m3(e.unplaced)} ${verdict}`);
  };
  let reads = 0;
  const r = solve(input, { now: () => reads++ * perRead });
  console.log(`#${seed}: Units ${r.totals.units} blocked ${r.stopWarnings.reduce((a, w) => a + w.pieces.length, 0)}`);
}
repackTrace.fn = null;
