// Diagnostic: what each stage of a single container's improvement (`improveUnit` in
// solver/pack/improve.ts) adds, on the CPU clock. Per instance the fill of the best plan after
// the variants' greedies, the beam searches, the tail search and the region search (under a
// support rule), and the end, each with the CPU second it ended at; then per set the mean fill
// after each stage and the mean gain and seconds of each stage. Which stage pays per second
// of CPU is where more of the time would go. Each beam search's own plan is shown as `beam`. Only the last Unit's trace is kept (a single
// container's load has one Unit; a one-type start runs the improvement twice, the last wins).
//   npx tsx scripts/bench/stage-gains.ts --generate types=70,100 [--count 3] [--seed 91] [--seconds 5] [--support full|none]
//   npx tsx scripts/bench/stage-gains.ts --csv /tmp/br1215 [--set BR15] [--instances 3] [--from 0]
// With --regions also per set and region round: refills, those that bettered the plan, the mean gain a
// refill (points of the Unit's volume), the blocks it removed and its ms.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { stageTrace, type Stage } from '../../solver/pack/improve.ts';
import { regionTrace } from '../../solver/pack/region-search.ts';
import { loadSolve, runInstance } from './br-run.ts';
import { diagnosticSets, SET_OPTIONS } from './diagnostic-sets.ts';
import { cpuMs } from './process-cpu.ts';

const { values } = parseArgs({
  options: { ...SET_OPTIONS, seed: { type: 'string', default: '91' }, regions: { type: 'boolean', default: false } },
});
const support = values.support === 'none' ? 'none' : 'full';
const seconds = Number(values.seconds);
const sets = diagnosticSets(values, 'stage-gains.ts --generate types=70,100 | --csv <folder> [--set BR15]');

const STAGES: Stage[] = ['greedies', 'beams', 'tail', 'regions', 'end'];
const solve = await loadSolve(resolve('solver/index.ts'));
const pct = (v: number) => v.toFixed(2).padStart(6);

for (const { set, instances } of sets) {
  const sums = new Map<Stage, { fill: number; gain: number; ms: number; n: number }>();
  const rounds: RoundSum[] = [];
  for (const inst of instances) {
    const [L, W, H] = inst.container;
    const trace: { stage: Stage; fill: number; ms: number }[] = [];
    let t0 = 0;
    let refills: RoundSum[] = [];
    stageTrace.fn = (stage, volume, now) => {
      if (stage === 'greedies') { trace.length = 0; refills = []; }
      trace.push({ stage, fill: (100 * volume) / (L * W * H), ms: now - t0 });
    };
    if (values.regions) {
      regionTrace.fn = (round, _rank, removed, before, after, ms) => {
        const r = (refills[round] ??= { n: 0, wins: 0, gain: 0, removed: 0, ms: 0 });
        r.n++; r.removed += removed; r.ms += ms; r.gain += (100 * (after - before)) / (L * W * H);
        if (after > before) r.wins++;
      };
    }
    t0 = cpuMs();
    const fig = runInstance(solve, set, inst, seconds, support, 'cpu');
    stageTrace.fn = null;
    regionTrace.fn = null;
    refills.forEach((r, k) => {
      const s = (rounds[k] ??= { n: 0, wins: 0, gain: 0, removed: 0, ms: 0 });
      s.n += r.n; s.wins += r.wins; s.gain += r.gain; s.removed += r.removed; s.ms += r.ms;
    });
    const line = trace.map((t) => `${t.stage} ${pct(t.fill)} @${(t.ms / 1000).toFixed(2)}s`).join('  ');
    console.log(`${set} #${inst.number}: ${line}  -> ${fig.utilization.toFixed(2)} % (${fig.violations} violations)`);
    // The beams' own plans are shown, not summed (the `beams` stage holds their best).
    const stages = trace.filter((t) => t.stage !== 'beam');
    for (let k = 0; k < stages.length; k++) {
      const t = stages[k], prev = stages[k - 1];
      const s = sums.get(t.stage) ?? { fill: 0, gain: 0, ms: 0, n: 0 };
      s.fill += t.fill; s.n++;
      if (prev) s.gain += t.fill - prev.fill;
      s.ms += t.ms - (prev ? prev.ms : 0);
      sums.set(t.stage, s);
    }
  }
  console.log(`${set}, ${support} support, ${seconds} s of CPU: stage, mean fill after it, mean gain over the stage before, mean seconds`);
  for (const stage of STAGES) {
    const s = sums.get(stage);
    if (s) console.log(`  ${stage.padEnd(8)} ${pct(s.fill / s.n)} %  ${stage === 'greedies' ? '      ' : `+${(s.gain / s.n).toFixed(2)}`}  ${(s.ms / s.n / 1000).toFixed(2)} s  (${s.n})`);
  }
  rounds.forEach((r, k) => {
    const per = (v: number) => (v / Math.max(r.n, 1)).toFixed(3);
    console.log(`  region round ${k + 1}: ${r.wins} / ${r.n} bettered, +${per(r.gain)} a refill, ${per(r.removed)} blocks removed, ${per(r.ms)} ms`);
  });
}

interface RoundSum { n: number; wins: number; gain: number; removed: number; ms: number }
