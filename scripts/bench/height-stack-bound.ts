// Diagnostic: how many floors the cargo's heights alone ask for. At any point of a Unit's floor the
// pieces crossing the vertical line there have heights summing to at most H, with at most one piece
// nothing may stand on (on top). So the floor area used is at least the optimum of a cutting-stock LP
// over heights: stacks (patterns) of piece heights within H cover each height class's footprint area,
// and the room a stack leaves under H holds the pieces that may be turned onto another height (as a
// fluid: their volume). Heights are rounded down to `STEP` mm (a relaxation), footprints never
// matched, support and Stops ignored: a valid lower bound on floors, solved by column generation
// (the pricing a knapsack over heights). Sea 5,000 pieces seed 7: 36.99 floors of a 40' high cube,
// where the first plan's floor pieces cover 48.5 and the Units' bound is 43: heights do not bind;
// footprints, support and Stops do.
// npx tsx scripts/bench/height-stack-bound.ts [sea|road] [pieces] [seed]   (STEP=50 by default)
import { coverDual } from '../../solver/pack/fleet/cover-lp.ts';
import { placedDims } from '../../solver/orientation.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '5000', seed = '7'] = process.argv.slice(2);
const input = scaleInput(fleet, generateCargo(Number(pieces), Number(seed)), Number(seed), 0);
const H = Math.max(...input.equipment.map((e) => e.innerHeightMm));
const floorM2 = Math.max(...input.equipment.map((e) => e.innerLengthMm * e.innerWidthMm)) / 1e6;
const STEP = Number(process.env.STEP ?? 50);
const T = Math.floor(H / STEP);

interface HeightClass { h: number; top: boolean; area: number }
const classes = new Map<string, HeightClass>();
let fluid = 0;
for (const l of input.lines) {
  const ways = l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o));
  const volume = (l.lengthMm * l.widthMm * l.heightMm * l.quantity) / 1e9;
  if (new Set(ways.map((w) => w[2])).size > 1) { fluid += volume; continue; }
  const h = Math.floor(ways[0][2] / STEP);
  const key = `${h}${l.stackable ? '' : 't'}`;
  const c = classes.get(key) ?? { h, top: !l.stackable, area: 0 };
  c.area += (Math.min(...ways.map(([x, y]) => x * y)) * l.quantity) / 1e6;
  classes.set(key, c);
}
const cls = [...classes.values()];
const n = cls.length + 1; // the last entry: the room left under H (m), for the fluid
const demand = [...cls.map((c) => c.area), fluid / (H / 1000)];
const pattern = (counts: Map<number, number>, used: number) => {
  const p = new Array<number>(n).fill(0);
  for (const [j, k] of counts) p[j] = k;
  p[n - 1] = (T - used) / T;
  return p;
};
const patterns = [...cls.map((c, j) => pattern(new Map([[j, 1]]), c.h)), pattern(new Map(), 0)];

let lp = 0;
for (let round = 0; round < 400; round++) {
  const { u } = coverDual(patterns, demand)!;
  lp = demand.reduce((a, d, j) => a + d * u[j], 0);
  const mu = u[n - 1];
  // Best stack of stackable classes within each height t, each class worth its dual less the room it takes.
  const best = new Float64Array(T + 1), from = new Int32Array(T + 1).fill(-1);
  for (let t = 1; t <= T; t++) {
    best[t] = best[t - 1];
    for (let j = 0; j < cls.length; j++) {
      const c = cls[j];
      if (c.top || c.h === 0 || c.h > t) continue;
      const v = best[t - c.h] + u[j] - (mu * c.h) / T;
      if (v > best[t] + 1e-12) { best[t] = v; from[t] = j; }
    }
  }
  let value = best[T], top = -1;
  for (let j = 0; j < cls.length; j++) {
    const c = cls[j];
    if (!c.top) continue;
    const v = best[T - c.h] + u[j] - (mu * c.h) / T;
    if (v > value) { value = v; top = j; }
  }
  if (mu + value <= 1 + 1e-9) break;
  const counts = new Map<number, number>();
  let used = 0, t = T;
  if (top >= 0) { counts.set(top, 1); used += cls[top].h; t -= cls[top].h; }
  while (t > 0) {
    const j = from[t];
    if (j < 0) { t--; continue; }
    counts.set(j, (counts.get(j) ?? 0) + 1);
    used += cls[j].h;
    t -= cls[j].h;
  }
  patterns.push(pattern(counts, used));
}
console.log(`${fleet} ${pieces} #${seed}: ${cls.length} height classes, ${fluid.toFixed(0)} m3 may turn; LP floor ${lp.toFixed(1)} m2 = ${(lp / floorM2).toFixed(2)} floors (>= ${Math.ceil(lp / floorM2 - 1e-6)} Units); ${patterns.length} stacks`);
