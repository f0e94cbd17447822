// Diagnostic: where a single-container plan under full support leaves its room empty. Per
// instance, on the plan's height map (1 unit = 1 cell; BR sides are cm): the empty share
// of the container in fifths of its height and tenths of its length, the floor no piece
// stands on (its whole column is lost: nothing may bridge it under full support), the boxes
// left out (count, volume, volume rank 0 = biggest), and how many of them would still fit
// on some flat patch of the plan's top surface, in an orientation their line allows, under
// the roof (what a closing pass could still place).
//   npx tsx scripts/bench/where-lost.ts <csv folder> <set, e.g. BR15> [instances 3] [seconds 5] [solver/index.ts]
import { resolve } from 'node:path';
import { brToInput } from './br-format.ts';
import { loadSolve } from './br-run.ts';
import { heightMap } from './height-map.ts';
import { loadCsvSets } from './csv-format.ts';
import { cpuMs } from './process-cpu.ts';
import type { SolveInput } from '../../solver/types.ts';
import { placedDims } from '../../solver/orientation.ts';

const [folder, setName, count = '3', seconds = '5', solver = 'solver/index.ts'] = process.argv.slice(2);
if (!folder || !setName) throw new Error('usage: where-lost.ts <csv folder> <set> [instances] [seconds] [solver]');
const solve = await loadSolve(resolve(solver));
const set = loadCsvSets(folder, Number(count)).find((s) => s.set === setName);
if (!set) throw new Error(`no set ${setName} in ${folder}`);

/**
 * Per height of the map: the maximal flat rectangles at that height (length along x, width
 * along y), kept only where no other is at least as long and as wide.
 */
function flatPatches(map: Int32Array, L: number, W: number): Map<number, [number, number][]> {
  const out = new Map<number, [number, number][]>();
  const run = new Int32Array(W);
  for (const z of new Set(map)) {
    run.fill(0);
    const found: [number, number][] = [];
    for (let x = 0; x < L; x++) {
      for (let y = 0; y < W; y++) run[y] = map[x * W + y] === z ? run[y] + 1 : 0;
      // Largest rectangles under a histogram (stack of rising runs).
      const stack: number[] = [];
      for (let y = 0; y <= W; y++) {
        const h = y < W ? run[y] : 0;
        while (stack.length > 0 && run[stack[stack.length - 1]] >= h) {
          const len = run[stack.pop()!];
          const from = stack.length > 0 ? stack[stack.length - 1] + 1 : 0;
          if (len > 0) found.push([len, y - from]);
        }
        stack.push(y);
      }
    }
    found.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    const front: [number, number][] = [];
    for (const f of found) if (front.length === 0 || f[1] > front[front.length - 1][1]) front.push(f);
    out.set(z, front);
  }
  return out;
}

/** Some flat patch under the roof takes the line's piece in an orientation it allows. */
function fitsSomewhere(line: SolveInput['lines'][number], patches: Map<number, [number, number][]>, H: number): boolean {
  for (const o of line.orientations) {
    const [dx, dy, dz] = placedDims(line.lengthMm, line.widthMm, line.heightMm, o);
    for (const [z, front] of patches) if (z + dz <= H && front.some(([l, w]) => l >= dx && w >= dy)) return true;
  }
  return false;
}

const pct = (v: number, of: number) => ((100 * v) / of).toFixed(2);

for (const inst of set.instances) {
  const input = brToInput(inst, { seconds: Number(seconds), support: 'full' });
  const result = solve(input, { now: cpuMs });
  const [L, W, H] = inst.container;
  const volume = L * W * H;
  const map = heightMap(result.placements, L, W).top;
  const byHeight = new Array(5).fill(0), byLength = new Array(10).fill(0);
  let bareFloor = 0;
  for (let x = 0; x < L; x++) {
    for (let y = 0; y < W; y++) {
      const top = map[x * W + y];
      if (top === 0) bareFloor += H;
      byLength[Math.floor((10 * x) / L)] += H - top;
      for (let z = top; z < H; z++) byHeight[Math.floor((5 * z) / H)]++;
    }
  }
  const sizes = input.lines.flatMap((l) => Array<number>(l.quantity).fill(l.lengthMm * l.widthMm * l.heightMm)).sort((a, b) => b - a);
  const patches = flatPatches(map, L, W);
  let left = 0, leftVolume = 0, fit = 0;
  const ranks: number[] = [];
  for (const u of result.unloaded) {
    const line = input.lines.find((l) => l.id === u.cargoLineId)!;
    const v = line.lengthMm * line.widthMm * line.heightMm;
    left += u.quantity;
    leftVolume += u.quantity * v;
    for (let k = 0; k < u.quantity; k++) ranks.push(sizes.indexOf(v));
    if (fitsSomewhere(line, patches, H)) fit += u.quantity;
  }
  console.log(
    `${setName} #${inst.number} (${inst.boxes.length} types): loaded ${pct(result.totals.volumeLoadedMm3, volume)} %, ` +
      `empty by height fifth ${byHeight.map((v) => pct(v, volume)).join(' / ')}, by length tenth ${byLength.map((v) => pct(v, volume)).join(' / ')}, ` +
      `bare floor columns ${pct(bareFloor, volume)}; left out ${left} of ${sizes.length} boxes (${pct(leftVolume, volume)} %, ranks ${ranks.sort((a, b) => a - b).join(',')}), ` +
      `${fit} of them fit on a flat patch`,
  );
}
