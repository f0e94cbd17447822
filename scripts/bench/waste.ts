// Diagnostic: where the empty room of a single-container plan goes, by cause. Under full
// support the load is a skyline (no empty room under a piece), so every empty cell of the
// height map (1 cell = 1 cm of floor, BR sides are cm) loses its column from its top to the roof:
//   door    lane's length never reached (bare floor past the last piece in that lane)
//   head    above a top (or bare floor) lower than any box left out could stand in (or, with
//           nothing left out, any box of the cargo): headroom no remaining box fits under
//   floor   bare floor before the door end, tall enough for a box left out: a hole too small
//   tops    above a top, tall enough for a box left out: a hole or gap too small for it
// and the boxes left out (count, share of the container, their smallest side). Without a
// support rule the room under overhangs is counted as `under`. `tops` is also split by the gap
// to the roof and by the area of the connected top face of one height it stands on.
// Generated seed 101, 5 s of CPU, mean share of the Unit: T100 full loaded 86.5, door 0.8,
// head 1.3, floor 1.9, tops 9.5 (7.0 of it 80+ cm under the roof, all of it over faces under
// 3,000 cm2; the boxes left out need 900-1,800 cm2), left out 12.8; T50 full loaded 91.2, door
// 0.7, head 1.6, floor 1.3, tops 5.2; T100 none loaded 92.7, tops 1.3, under 4.5.
// No box left out fits on any flat patch of the top surface (where-lost.ts's test), so a last
// fill of the final plan's spaces has nothing to place (solver README, session 25).
//   npx tsx scripts/bench/waste.ts --generate types=50,100 [--count 3] [--seed 101] [--support full|none] [--seconds 5]
//   npx tsx scripts/bench/waste.ts --csv <BR csv folder> [--set BR15] [--instances 3] [--from 0]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { placedDims } from '../../solver/orientation.ts';
import type { SolveInput } from '../../solver/types.ts';
import { brToInput } from './br-format.ts';
import { loadSolve } from './br-run.ts';
import { facesOf, heightMap, lowestHeight } from './height-map.ts';
import { diagnosticSets, SET_OPTIONS } from './diagnostic-sets.ts';
import { cpuMs } from './process-cpu.ts';

const { values } = parseArgs({
  options: { ...SET_OPTIONS, seed: { type: 'string', default: '101' }, solver: { type: 'string', default: 'solver/index.ts' } },
});
const support = values.support === 'none' ? 'none' : 'full';
const sets = diagnosticSets(values, 'waste.ts --generate types=50,100 | --csv <folder> [--set BR15]');
const solve = await loadSolve(resolve(values.solver!));

/** The least footprint a line's piece stands on, over the orientations it allows. */
function leastFootprint(line: SolveInput['lines'][number]): number {
  return Math.min(...line.orientations.map((o) => { const d = placedDims(line.lengthMm, line.widthMm, line.heightMm, o); return d[0] * d[1]; }));
}

/**
 * The `tops` room (above a top face, gap at least `minHeight`) by its gap to the roof and by
 * the area of the connected face of one height it stands on.
 */
function topsBreakdown(top: Int32Array, L: number, W: number, H: number, minHeight: number): { byGap: number[]; byArea: number[] } {
  const byGap = [0, 0, 0], byArea = [0, 0, 0];
  for (const { cells, z } of facesOf(top, L, W)) {
    const gap = H - z, room = gap * cells.length;
    if (gap < minHeight) continue;
    byGap[gap < 40 ? 0 : gap < 80 ? 1 : 2] += room;
    byArea[cells.length < 1000 ? 0 : cells.length < 3000 ? 1 : 2] += room;
  }
  return { byGap, byArea };
}

const CAUSES = ['door', 'head', 'floor', 'tops', 'under', 'left'] as const;
type Cause = (typeof CAUSES)[number];
const pct = (v: number) => v.toFixed(2).padStart(6);

for (const { set, instances } of sets) {
  const sums = new Map<Cause | 'loaded', number>();
  for (const inst of instances) {
    const input = brToInput(inst, { seconds: Number(values.seconds), support });
    const result = solve(input, { now: cpuMs });
    const [L, W, H] = inst.container;
    const volume = L * W * H;
    const { top, filled } = heightMap(result.placements, L, W);
    // What is left out and the least height any of it stands at (all the cargo when nothing is).
    const left = result.unloaded.map((u) => ({ line: input.lines.find((l) => l.id === u.cargoLineId)!, quantity: u.quantity }));
    const ref = left.length > 0 ? left.map((u) => u.line) : input.lines;
    const minHeight = Math.min(...ref.map(lowestHeight));
    const room = new Map<Cause, number>(CAUSES.map((c) => [c, 0]));
    const add = (c: Cause, v: number) => room.set(c, room.get(c)! + v);
    for (let y = 0; y < W; y++) {
      let last = -1;
      for (let x = 0; x < L; x++) if (top[x * W + y] > 0) last = x;
      for (let x = 0; x < L; x++) {
        const c = x * W + y, gap = H - top[c];
        add('under', top[c] - filled[c]);
        if (top[c] === 0 && x > last) add('door', H);
        else if (gap < minHeight) add('head', gap);
        else add(top[c] === 0 ? 'floor' : 'tops', gap);
      }
    }
    const tops = topsBreakdown(top, L, W, H, minHeight);
    let leftVolume = 0, leftCount = 0;
    const sides: number[] = [];
    for (const u of left) {
      leftVolume += u.quantity * u.line.lengthMm * u.line.widthMm * u.line.heightMm;
      leftCount += u.quantity;
      sides.push(Math.min(u.line.lengthMm, u.line.widthMm, u.line.heightMm));
    }
    room.set('left', leftVolume);
    const loaded = (100 * result.totals.volumeLoadedMm3) / volume;
    sums.set('loaded', (sums.get('loaded') ?? 0) + loaded);
    for (const c of CAUSES) sums.set(c, (sums.get(c) ?? 0) + (100 * room.get(c)!) / volume);
    sides.sort((a, b) => a - b);
    console.log(
      `${set} #${inst.number}: loaded ${pct(loaded)} %; empty: ${CAUSES.filter((c) => c !== 'left').map((c) => `${c} ${pct((100 * room.get(c)!) / volume)}`).join(', ')}; ` +
        `left out ${leftCount} boxes (${pct((100 * leftVolume) / volume)} %, smallest sides ${sides.join(',')}), least height ${minHeight}, ` +
        `least footprint ${Math.min(...ref.map(leastFootprint))} cm2; tops by gap <40/40-80/80+ ${tops.byGap.map((v) => pct((100 * v) / volume)).join(' /')}, ` +
        `by flat face area <1000/1000-3000/3000+ cm2 ${tops.byArea.map((v) => pct((100 * v) / volume)).join(' /')}`,
    );
  }
  const n = instances.length;
  console.log(`${set} ${support} mean: loaded ${pct(sums.get('loaded')! / n)}; ${CAUSES.map((c) => `${c} ${pct(sums.get(c)! / n)}`).join(', ')}`);
}
