// Diagnostic: how far arguments of floor, weight and volume could lift the lower bound on Units. Per seed:
// `bound` (lower-bound.ts); `w+v`: the LP of weight and volume over the fleet's Unit types (the value behind
// `volumeWeight`); `+floor`: with the footprints of non-stackable pieces (less the overhang allowance) and of
// pieces taller than half the tallest Unit as a third row; `need +1`: the floor (in floors of the largest Unit)
// a measure must prove for that LP to pass its next whole Unit; `rule out N`: for N Units to be too few. `ns`:
// non-stackable footprints before / after the allowance for bases that may hang free; `carriers`: stackable
// pieces at least 500 mm high every way up. `lines`: a fractional covering of vertical lines in the tallest Unit
// meeting every rule one vertical line sees (heights within the Unit; at most one non-stackable piece, on top;
// fragile pieces only under fragile ones, at most two of one fragile line): non-stackable area on carriers whose
// heights leave it room (tallest first), carriers left two high, the low pieces (`fill`, m3) laid into the
// heights left (sums of 10 mm steps, heights rounded up), the rest on lines of their own. Areas are
// interchangeable on a line, so no argument from vertical lines proves more floor than this. `split`: the same
// per Unit type (the densest lines in the type of most payload, the rest in the type of most volume, each part
// the most of its weight, volume and covering at its type's height against the type's payload, volume and floor;
// least over cuts): no bound built from vertical lines, weight and volume per type exceeds it. Two what-ifs, not
// proven: non-stackable pieces no single stackable top holds stand on the floor; besides, no low piece stands
// under a non-stackable one.
// Sea 5,000 pieces, seeds 1-10 (5 s, 0.5 ms a read: 52 51 52 52 52 49 52 53 53 51 Units): bound 43 43 44 44 43
// 43 43 44 44 43; split 42.94 42.93 43.25 43.35 43.18 42.86 43.24 44.25 43.89 42.39, so such arguments add at
// most one Unit (seeds 5, 7, 8) and none elsewhere. Ruling out 49 needs 49.0 floors proven on every seed (seed 7:
// lines 38.17; one more Unit already needs 39.1); the plan's own floor pieces cover 48.4 floors, 3.6 bare (first
// plan, `floor-use.ts`). Seed 7's what-ifs: 187 crates (9.4 floors) are larger than any pallet top: on the floor,
// lines 42.9 floors, LP 43.29; low pieces apart too, 45.1 floors, LP 45.06. Sea 1,000: bound 9, split 8.08
// (plan 10); 20,000: bound 171, split 171.30 (plan 206). Road: weight binds, split = w+v (1,000 / 5,000 / 20,000:
// 9.00 / 48.21 / 191.21, bound 10 / 49 / 192; 5 s plans 10 / 49, at the bound). So whether 49 is reachable at sea
// turns on the shapes of footprints and tops (whole bases on one height, widths across the Unit, floor left bare),
// which no bound here sees.
// npx tsx scripts/bench/floor-bound.ts [sea|road] [pieces] [seed,seed,...] [N]
import { coverLp } from '../../solver/pack/fleet/cover-lp.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import { placedDims } from '../../solver/orientation.ts';
import type { SolverCargoLine, SolverEquipment } from '../../solver/types.ts';
import { FLEETS, generateCargo } from './cargo-generator.ts';

const fleet = process.argv[2] ?? 'sea';
const pieces = Number(process.argv[3] ?? 5000);
const seeds = (process.argv[4] ?? '7').split(',').map(Number);
const target = Number(process.argv[5] ?? 49);
const eqs = FLEETS[fleet];
const FLOOR = Math.max(...eqs.map((e) => e.innerLengthMm * e.innerWidthMm)) / 1e6;
const H = Math.max(...eqs.map((e) => e.innerHeightMm));
/** Units of each type: weight (t), volume (m3), floor (m2). */
const rows = eqs.map((e) => [e.maxPayloadG / 1e6, (e.innerLengthMm * e.innerWidthMm * e.innerHeightMm) / 1e9, (e.innerLengthMm * e.innerWidthMm) / 1e6]);
const lp = (demand: number[]) => coverLp(rows, demand).reduce((a, b) => a + b, 0);

/** The least floor demand (m2) at which the LP of weight, volume and floor passes `units`. */
function floorFor(units: number, W: number, V: number): number {
  let lo = 0, hi = 1e7;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (lp([W, V, mid]) > units + 1e-9) hi = mid;
    else lo = mid;
  }
  return hi;
}

const ways = (l: SolverCargoLine) => l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o));

for (const seed of seeds) {
  const lines = generateCargo(pieces, seed);
  let W = 0, V = 0, ns = 0, free = 0, tall = 0, carriers = 0;
  for (const l of lines) {
    const vol = (l.lengthMm * l.widthMm * l.heightMm) / 1e9;
    W += (l.weightG * l.quantity) / 1e6;
    V += vol * l.quantity;
    const ws = ways(l);
    const least = Math.min(...ws.map(([x, y]) => x * y)) / 1e6;
    free += (1 - (l.minSupportPermille ?? 1000) / 1000) * Math.max(...ws.map(([x, y]) => x * y)) / 1e6 * l.quantity;
    if (!l.stackable) ns += least * l.quantity;
    if (ws.every(([, , h]) => 2 * h > H)) tall += least * l.quantity;
    if (l.stackable && ws.every(([, , h]) => h >= 500)) carriers += least * l.quantity;
  }
  const wv = lp([W, V, 0]);
  const withFloor = lp([W, V, Math.max(ns - free, tall)]);
  const next = Math.ceil(wv - 1e-9);
  const tallest = [0, 1, 2].map((axis) => Math.max(...eqs.map((e) => [e.innerLengthMm, e.innerWidthMm, e.innerHeightMm][axis])));
  const covering = lineCovering(lines, tallest);
  const grounded = lineCovering(lines, tallest, false).area;
  const apart = lineCovering(lines, tallest, false, false).area;
  const split = splitCovering(lines);
  const f = (m2: number) => (m2 / FLOOR).toFixed(1);
  console.log(
    `${fleet} ${pieces} seed ${seed}: bound ${unitBounds(lines, eqs).bound}, w+v ${wv.toFixed(2)} (+floor ${withFloor.toFixed(2)}); need +1 ${f(floorFor(next, W, V))}, rule out ${target} ${target >= next ? f(floorFor(target, W, V)) : '-'}; ` +
    `ns ${f(ns)} / ${f(Math.max(0, ns - free))}, tall ${f(tall)}, carriers ${f(carriers)}; lines ${(covering.area / FLOOR).toFixed(2)} (fill ${covering.fill.toFixed(0)} m3, ${covering.fillLeft.toFixed(1)} m3 on own lines); split ${split}; if what no one top holds stood on the floor: lines ${f(grounded)}, LP ${lp([W, V, grounded]).toFixed(2)}; and no low piece under a non-stackable one: ${f(apart)}, LP ${lp([W, V, apart]).toFixed(2)}`,
  );
}

/**
 * Fractional Units of a split: the densest lines into the type of most payload, the rest into the
 * type of most volume, each part taking the most of its weight, volume and line covering (at its
 * type's height) over the type's payload, volume and floor. The least over cuts: a point every
 * argument of lines, weight and volume per Unit type allows.
 */
function splitCovering(lines: SolverCargoLine[]): string {
  const heavy = eqs.reduce((a, b) => (b.maxPayloadG > a.maxPayloadG ? b : a));
  const bulky = eqs.reduce((a, b) => (b.innerLengthMm * b.innerWidthMm * b.innerHeightMm > a.innerLengthMm * a.innerWidthMm * a.innerHeightMm ? b : a));
  const density = (l: SolverCargoLine) => l.weightG / (l.lengthMm * l.widthMm * l.heightMm);
  const fitsHeavy = (l: SolverCargoLine) => ways(l).some(([x, y, h]) => x <= heavy.innerLengthMm && y <= heavy.innerWidthMm && h <= heavy.innerHeightMm);
  const dense = lines.filter(fitsHeavy).sort((a, b) => density(b) - density(a));
  const never = lines.filter((l) => !fitsHeavy(l));
  const need = (part: SolverCargoLine[], e: SolverEquipment) => {
    if (part.length === 0) return 0;
    const w = part.reduce((s, l) => s + l.weightG * l.quantity, 0);
    const v = part.reduce((s, l) => s + l.lengthMm * l.widthMm * l.heightMm * l.quantity, 0);
    const floor = lineCovering(part, [e.innerLengthMm, e.innerWidthMm, e.innerHeightMm]).area * 1e6;
    return Math.max(w / e.maxPayloadG, v / (e.innerLengthMm * e.innerWidthMm * e.innerHeightMm), floor / (e.innerLengthMm * e.innerWidthMm));
  };
  let best = { total: Infinity, a: 0, b: 0, cut: 0, share: 0 };
  // The densest n lines and every (1 / share)-th line of the rest into the heavy type: its volume filled too.
  for (let cut = 0; cut <= 30; cut++) {
    for (const share of [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]) {
      const n = Math.round((dense.length * cut) / 100);
      const a: SolverCargoLine[] = dense.slice(0, n), b: SolverCargoLine[] = [...never];
      let acc = 0;
      for (const l of dense.slice(n)) {
        acc += share;
        if (acc >= 1) { acc -= 1; a.push(l); } else b.push(l);
      }
      const x = need(a, heavy), y = need(b, bulky);
      if (x + y < best.total) best = { total: x + y, a: x, b: y, cut: n, share };
    }
  }
  return `${best.total.toFixed(2)} (${best.a.toFixed(2)} ${heavy.id}: the densest ${best.cut} lines and ${best.share} of the rest; ${best.b.toFixed(2)} ${bulky.id})`;
}

interface Room { area: number; height: number; ns: boolean }
interface Filler { height: number; volume: number; fragile: boolean }

/** The fractional covering described above: line area (m2), the low pieces' volume and what of it took lines of its own. */
function lineCovering(lines: SolverCargoLine[], [L, Wd, H]: number[], platforms = true, under = true): { area: number; fill: number; fillLeft: number } {
  // The tops single stackable pieces offer (for `platforms` false: a piece whose base no one top holds stands on the floor).
  const tops = lines.filter((l) => l.stackable).flatMap((l) => ways(l).map(([x, y]) => [Math.max(x, y), Math.min(x, y)]));
  const onOneTop = (l: SolverCargoLine) => ways(l).some(([x, y]) => tops.some(([a, b]) => Math.max(x, y) <= a && Math.min(x, y) <= b));
  let floorOnly = 0;
  const top: { h: number; a: number }[] = [], carry: { h: number; a: number }[] = [];
  const fillers: Filler[] = [];
  for (const l of lines) {
    const ws = ways(l).filter(([x, y, h]) => h <= H && x <= L && y <= Wd);
    if (ws.length === 0) return { area: Infinity, fill: 0, fillLeft: 0 };
    // The lowest way up: a carrier leaves the most room above it, a low piece fits the most gaps.
    const [x, y, h] = ws.reduce((a, b) => (b[2] < a[2] ? b : a));
    const a = (x * y * l.quantity) / 1e6;
    if (!l.stackable && !platforms && !onOneTop(l)) floorOnly += a;
    else if (!l.stackable) top.push({ h, a });
    else if (h >= 500 && !l.fragile) carry.push({ h, a });
    else fillers.push({ height: Math.ceil(h / 10) * 10, volume: (a * h) / 1000, fragile: l.fragile });
  }
  top.sort((p, q) => q.h - p.h);
  carry.sort((p, q) => q.h - p.h);
  let area = floorOnly;
  const rooms: Room[] = [];
  const line = (a: number, used: number, ns: boolean) => {
    area += a;
    rooms.push({ area: a, height: H - used, ns });
  };
  for (const n of top) {
    for (const c of carry) {
      if (n.a <= 1e-12) break;
      if (c.a <= 1e-12 || c.h + n.h > H) continue;
      const m = Math.min(c.a, n.a);
      c.a -= m;
      n.a -= m;
      line(m, c.h + n.h, true);
    }
    if (n.a > 1e-12) line(n.a, n.h, true);
  }
  const rest = carry.filter((c) => c.a > 1e-12);
  for (let i = 0; i < rest.length; i++) {
    for (let j = i + 1; j < rest.length && rest[i].a > 1e-12; j++) {
      if (rest[j].a <= 1e-12 || rest[i].h + rest[j].h > H) continue;
      const m = Math.min(rest[i].a, rest[j].a);
      rest[i].a -= m;
      rest[j].a -= m;
      line(m, rest[i].h + rest[j].h, false);
    }
    if (rest[i].a > 1e-12) line(rest[i].a, rest[i].h, false);
  }
  const fill = fillers.reduce((s, f) => s + f.volume, 0);
  // Rooms under a non-stackable piece take no fragile piece; the tallest rooms first.
  rooms.sort((p, q) => Number(p.ns) - Number(q.ns) || q.height - p.height);
  for (const r of [...(under ? rooms.filter((r) => r.ns) : []), ...rooms.filter((r) => !r.ns)]) fillRoom(r, fillers);
  // What is left stands on lines of its own, as high as the Unit allows.
  let fillLeft = 0;
  while (fillers.some((f) => f.volume > 1e-9)) {
    const before = fillers.reduce((s, f) => s + f.volume, 0);
    const own: Room = { area: 1e9, height: H, ns: false };
    const used = fillRoom(own, fillers);
    if (used <= 0) break;
    area += 1e9 - own.area;
    fillLeft += before - fillers.reduce((s, f) => s + f.volume, 0);
  }
  return { area, fill, fillLeft };
}

/** Fills a room with layers of low pieces, chunk by chunk of its area: the stack of heights filling it best. Returns the area used. */
function fillRoom(room: Room, fillers: Filler[]): number {
  let used = 0;
  for (let guard = 0; guard < 10_000 && room.area > 1e-9; guard++) {
    const stack = bestStack(room, fillers);
    if (stack.length === 0) break;
    // One chunk: as much area as the scarcest filler of the stack allows.
    const count = new Map<Filler, number>();
    for (const f of stack) count.set(f, (count.get(f) ?? 0) + 1);
    let chunk = room.area;
    for (const [f, n] of count) chunk = Math.min(chunk, f.volume / ((n * f.height) / 1000));
    for (const [f, n] of count) f.volume = Math.max(0, f.volume - (chunk * n * f.height) / 1000);
    room.area -= chunk;
    used += chunk;
  }
  return used;
}

/**
 * The layers (fillers, bottom to top) whose heights sum closest to the room's height: non-fragile
 * ones by exact sums of 10 mm steps, then on lines without a non-stackable piece one or two layers
 * of a single fragile line on top (only fragile on fragile, and no more than its own weight).
 */
function bestStack(room: Room, fillers: Filler[]): Filler[] {
  const cells = Math.floor(room.height / 10);
  const sturdy = fillers.filter((f) => !f.fragile && f.volume > 1e-9);
  const from = new Array<Filler | null>(cells + 1).fill(null);
  const reach = new Uint8Array(cells + 1);
  reach[0] = 1;
  for (let x = 1; x <= cells; x++) {
    for (const f of sturdy) {
      const d = f.height / 10;
      if (d <= x && reach[x - d]) {
        reach[x] = 1;
        from[x] = f;
        break;
      }
    }
  }
  const stackTo = (x: number) => {
    const out: Filler[] = [];
    while (x > 0) {
      out.push(from[x]!);
      x -= from[x]!.height / 10;
    }
    return out;
  };
  let best: Filler[] = [], bestHeight = 0;
  for (let x = cells; x > 0; x--) if (reach[x]) { best = stackTo(x); bestHeight = x; break; }
  if (room.ns) return best;
  for (const f of fillers) {
    if (!f.fragile || f.volume <= 1e-9) continue;
    for (const layers of [2, 1]) {
      const d = (layers * f.height) / 10;
      if (d > cells) continue;
      let x = cells - d;
      while (x > 0 && !reach[x]) x--;
      if (x + d > bestHeight) {
        best = [...stackTo(x), ...new Array<Filler>(layers).fill(f)];
        bestHeight = x + d;
      }
    }
  }
  return best;
}
