// Diagnostic: the small bare top faces of a single-container plan under full support (a connected
// face of one height under `--area` cm2, tall enough under the roof for a box left out), and what
// made each: the pieces whose tops form it, whether a face is a piece's whole top (a narrow box
// standing alone) or a part of it (a ledge another piece half covers), whether its rim is higher all
// round (a well) or lower somewhere (a step), how high it stands and how small its pieces are (the
// smallest 30 % of the lines by volume: the fillers' phase at 81-120 lines).
// Generated T100 seed 101, 5 s of CPU, two runs (share of the Unit): 5.3-6.6 over such faces, of it 4.6-4.9
// a ledge of one piece's top (4.5-4.7 with lower ground beside it), 3.4 a ledge under a tenth of that
// top, 4.3 an L round what stands on it; only 0.7 over the fillers' pieces, 0.2 in wells: the room is
// above the bare rims of big boxes' tops that a narrower piece half covers (`pit-makers.ts` says which).
//   npx tsx scripts/bench/pits.ts --generate types=100 [--count 3] [--seed 101] [--seconds 5]
//   npx tsx scripts/bench/pits.ts --csv <BR csv folder> [--set BR15] [--instances 3] [--from 0]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Placement } from '../../solver/types.ts';
import { brToInput } from './br-format.ts';
import { loadSolve } from './br-run.ts';
import { facesOf, heightMap, lowestHeight } from './height-map.ts';
import { diagnosticSets, SET_OPTIONS } from './diagnostic-sets.ts';
import { cpuMs } from './process-cpu.ts';

const { values } = parseArgs({
  options: { ...SET_OPTIONS, seed: { type: 'string', default: '101' }, area: { type: 'string', default: '1000' }, solver: { type: 'string', default: 'solver/index.ts' } },
});
const sets = diagnosticSets(values, 'pits.ts --generate types=100 | --csv <folder> [--set BR15]');
const solve = await loadSolve(resolve(values.solver!));
const maxArea = Number(values.area);

type Key = string;
const totals = new Map<Key, number>();
const add = (k: Key, v: number) => totals.set(k, (totals.get(k) ?? 0) + v);

for (const { set, instances } of sets) {
  totals.clear();
  let n = 0;
  for (const inst of instances) {
    const input = brToInput(inst, { seconds: Number(values.seconds), support: 'full' });
    const result = solve(input, { now: cpuMs });
    const [L, W, H] = inst.container;
    const volume = L * W * H;
    const { top } = heightMap(result.placements, L, W);
    const left = result.unloaded.map((u) => input.lines.find((l) => l.id === u.cargoLineId)!);
    const minHeight = Math.min(...(left.length > 0 ? left : input.lines).map(lowestHeight));
    // The smallest 30 % of the lines by a piece's volume: the fillers.
    const byVolume = [...input.lines].sort((a, b) => a.lengthMm * a.widthMm * a.heightMm - b.lengthMm * b.widthMm * b.heightMm);
    const fillers = new Set(byVolume.slice(0, Math.round(0.3 * byVolume.length)).map((l) => l.id));
    // Which piece's top is at each cell (the highest piece).
    const owner = new Int32Array(L * W).fill(-1);
    result.placements.forEach((p: Placement, i) => {
      const z1 = p.zMm + p.heightMm;
      for (let x = p.xMm; x < p.xMm + p.lengthMm; x++) for (let y = p.yMm; y < p.yMm + p.widthMm; y++) if (top[x * W + y] === z1) owner[x * W + y] = i;
    });
    const steps = result.placements.length;
    let pitRoom = 0;
    for (const f of facesOf(top, L, W)) {
      const gap = H - f.z;
      if (f.cells.length >= maxArea || gap < minHeight) continue;
      const room = (100 * gap * f.cells.length) / volume;
      pitRoom += room;
      const pieces = new Set(f.cells.map((c) => owner[c]));
      const inFace = new Map<number, number>();
      for (const c of f.cells) inFace.set(owner[c], (inFace.get(owner[c]) ?? 0) + 1);
      let whole = true, filler = false, minFoot = Infinity;
      for (const [i, cells] of inFace) {
        const p = result.placements[i];
        if (cells < p.lengthMm * p.widthMm) whole = false;
        if (fillers.has(p.cargoLineId)) filler = true;
        minFoot = Math.min(minFoot, p.lengthMm * p.widthMm);
      }
      // The rim: higher all round (a well) or lower somewhere (a step); a wall counts as higher.
      let lower = false, rimMin = Infinity;
      const inF = new Set(f.cells);
      for (const c of f.cells) {
        const x = Math.floor(c / W), y = c % W;
        for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
          if (nx < 0 || nx >= L || ny < 0 || ny >= W) continue;
          const nc = nx * W + ny;
          if (inF.has(nc)) continue;
          if (top[nc] < f.z) lower = true;
          rimMin = Math.min(rimMin, top[nc] - f.z);
        }
      }
      const order = Math.max(...[...pieces].map((i) => result.placements[i].loadingStep)) / steps;
      const shape = pieces.size > 1 ? 'multi' : whole ? 'whole' : 'ledge';
      add(`shape ${shape}`, room);
      add(`rim ${lower ? 'step' : 'well'}`, room);
      add(`rise ${lower ? '-' : rimMin < 10 ? '<10' : rimMin < 30 ? '10-30' : '30+'}`, room);
      add(`height ${f.z < H / 3 ? 'low' : f.z < (2 * H) / 3 ? 'mid' : 'high'}`, room);
      add(`area ${f.cells.length < 300 ? '<300' : f.cells.length < 600 ? '300-600' : '600+'}`, room);
      add(`filler ${filler ? 'yes' : 'no'}`, room);
      add(`order ${order < 0.5 ? 'first half' : order < 0.8 ? '50-80 %' : 'last 20 %'}`, room);
      add(`piece foot ${minFoot < 1000 ? '<1000' : 'whole>=1000'}`, room);
      add(`shape+rim ${shape} ${lower ? 'step' : 'well'}`, room);
      // The face's thin side (its bounding box's least extent): how narrow a strip it is.
      let x0 = Infinity, x1 = -1, y0 = Infinity, y1 = -1;
      for (const c of f.cells) { const x = Math.floor(c / W), y = c % W; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
      const thin = Math.min(x1 - x0 + 1, y1 - y0 + 1);
      const fill = f.cells.length / ((x1 - x0 + 1) * (y1 - y0 + 1));
      add(`thin ${thin < 5 ? '<5' : thin < 10 ? '5-10' : thin < 20 ? '10-20' : thin < 30 ? '20-30' : '30+'}`, room);
      add(`rect ${fill > 0.95 ? 'rectangle' : 'L or other'}`, room);
      if (shape === 'ledge') {
        // The piece the ledge belongs to, and how much of its top is bare.
        const i = [...pieces][0], p = result.placements[i];
        const share = f.cells.length / (p.lengthMm * p.widthMm);
        add(`ledge bare share ${share < 0.1 ? '<0.1' : share < 0.25 ? '0.1-0.25' : '0.25+'}`, room);
      }
    }
    const loaded = (100 * result.totals.volumeLoadedMm3) / volume;
    console.log(`${set} #${inst.number}: loaded ${loaded.toFixed(2)} %, room over faces under ${maxArea} cm2 ${pitRoom.toFixed(2)} %, least height left ${minHeight}`);
    n++;
  }
  for (const [k, v] of [...totals].sort()) console.log(`  ${set} ${k.padEnd(24)} ${(v / n).toFixed(2)}`);
}
