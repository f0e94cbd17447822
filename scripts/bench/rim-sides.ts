// Diagnostic: what lies beyond the bare rims of a full-support plan (the bare part of a piece's top
// beside what stands on it, `pit-makers.ts`), and whether a left-out box could use one. Each rim
// cell's edges leaving its piece's footprint are classed: a wall, a neighbour top at the same height
// (rim and top make one face a box could span: `canStand` sums the faces), a higher neighbour (a
// trench) or lower ground (a step down); a rim's room (up to the roof) is shared over its edges. Beyond
// a step down: how far the lower ground reaches (a slot thinner than any box?) and whether it is bare
// floor. "usable": the face holds a rectangle some left-out box stands on under the roof. For rims
// within the piece's own general block, the side of the piece they lie on (the upper block goes at the
// lower corner of the packing area, so +x / +y) and whether that faces the nearer wall.
// Virtual clock, 1 s (share of the Unit), rims under 5 cm: T100 seeds 101 / 202 4.76 / 4.52, BR14 /
// BR15 #1-3 3.97 / 4.04; beyond them level tops 0.01-0.04, walls 0.35-0.81, higher 1.15-1.47, lower
// 2.10-2.87 (30 cm or more down nearly all, of it 1.9-2.6 a slot under 20 cm wide, 0.8-1.3 down to the
// floor: the rim is the edge of a gap between two stacks). No rim's face holds a left-out box. Over the
// whole plan, the empty room in slots thinner than any left-out box (21-31 cm): T100 seed 101 #1-2
// 8.01 / 6.83, seed 202 6.88-7.48, BR14 #1-3 6.00-6.28, BR15 #1-2 6.48-6.56; between pieces 5.1-5.6
// of it (short across the width 2.9-3.4, along the length 2.0-2.2), at a wall 0.9-1.5.
//   npx tsx scripts/bench/rim-sides.ts <T100 | BR15 --data /tmp/br1415> [--count 3] [--seed 101] [--seconds 1]
import { expandPlaced } from '../../solver/pack/expand.ts';
import { placedDims } from '../../solver/orientation.ts';
import { brToInput } from './br-format.ts';
import { virtualBest } from './first-view.ts';
import { facesOf, shortRuns, topOwners } from './height-map.ts';
import { instancesFromArgs } from './instance-set.ts';

const { values, set, instances } = instancesFromArgs();
const sums = new Map<string, number>();
const add = (k: string, v: number, into = sums) => into.set(k, (into.get(k) ?? 0) + v);

/** The largest rectangle (by area) of the cells, as [dx, dy] pairs of every maximal height run (histogram method). */
function rectangles(cells: number[], W: number): [number, number][] {
  let x0 = Infinity, x1 = -1, y0 = Infinity, y1 = -1;
  for (const c of cells) { const x = Math.floor(c / W), y = c % W; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  const w = y1 - y0 + 1, inF = new Uint8Array((x1 - x0 + 1) * w);
  for (const c of cells) inF[(Math.floor(c / W) - x0) * w + (c % W) - y0] = 1;
  const run = new Int32Array(w), out: [number, number][] = [];
  for (let x = 0; x <= x1 - x0; x++) {
    for (let y = 0; y < w; y++) run[y] = inF[x * w + y] ? run[y] + 1 : 0;
    // Every (height run, width) pair where the run cannot widen: enough to test a footprint against.
    const stack: number[] = [];
    for (let y = 0; y <= w; y++) {
      const h = y < w ? run[y] : 0;
      while (stack.length > 0 && run[stack[stack.length - 1]] >= h) {
        const top = run[stack.pop()!];
        const left = stack.length > 0 ? stack[stack.length - 1] + 1 : 0;
        if (top > 0) out.push([top, y - left]);
      }
      stack.push(y);
    }
  }
  return out;
}

/** A height step beyond a rim's edge (cm, negative: down) in classes. */
function stepKey(d: number): string {
  const a = Math.abs(d), c = a < 3 ? '<3' : a < 10 ? '3-10' : a < 30 ? '10-30' : '30+';
  return `${d > 0 ? 'up' : 'down'} ${c}`;
}

/**
 * Room (cells) of the empty skyline above `top` that no box with horizontal sides of at least m can
 * take: an empty cell whose empty run at its height along x or along y is shorter than m. By the axis
 * of the short run (`y`, `x`, `both`) and whether it ends at a wall (`wall`) or between pieces.
 */
function slotRoom(top: Int32Array, L: number, W: number, H: number, m: number): Map<string, number> {
  const room = new Map<string, number>();
  // Per cell of a layer: bit 1 a short run along y, 2 along x; 4 that run (either) meets a wall.
  const mark = new Uint8Array(L * W);
  for (let h = 0; h < H; h++) {
    mark.fill(0);
    shortRuns(top, L, W, h, m, (axis, x, y, n) => {
      if (axis === 'y') for (let k = y; k < y + n; k++) mark[x * W + k] |= 1 | (y === 0 || y + n === W ? 4 : 0);
      else for (let k = x; k < x + n; k++) mark[k * W + y] |= 2 | (x === 0 || x + n === L ? 4 : 0);
    });
    for (let c = 0; c < L * W; c++) {
      const b = mark[c];
      if (b === 0) continue;
      const k = `${(b & 3) === 3 ? 'both' : b & 1 ? 'y' : 'x'}${b & 4 ? ', at a wall' : ', between pieces'}`;
      room.set(k, (room.get(k) ?? 0) + 1);
    }
  }
  return room;
}

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  const { prep, view, best } = virtualBest(input, Number(values.seconds));
  const { L, W, H } = view.spec;
  const pieces = best.placed.flatMap((pb, k) => expandPlaced(pb).map((p) => ({ ...p, k, general: pb.block.parts !== undefined, bx: pb.x, by: pb.y, bdx: pb.block.dx, bdy: pb.block.dy })));
  const { top, owner } = topOwners(pieces, L, W);
  // The boxes left out: their footprints and heights over the orientations each allows.
  const placedOf = new Int32Array(prep.items.length);
  for (const p of pieces) placedOf[p.item]++;
  const leftOut: [number, number, number][] = [];
  prep.items.forEach((it, i) => {
    if (prep.counts[i] - placedOf[i] <= 0) return;
    for (const o of it.orientations) leftOut.push(placedDims(it.l, it.w, it.h, o) as [number, number, number]);
  });
  const faces = facesOf(top, L, W), faceOf = new Int32Array(L * W).fill(-1);
  faces.forEach((f, k) => { for (const c of f.cells) faceOf[c] = k; });
  const usableFace = new Map<number, boolean>();
  const usable = (k: number) => {
    if (!usableFace.has(k)) {
      const rects = rectangles(faces[k].cells, W), z = faces[k].z;
      usableFace.set(k, leftOut.some(([dx, dy, dz]) => dz <= H - z && rects.some(([rx, ry]) => dx <= rx && dy <= ry)));
    }
    return usableFace.get(k)!;
  };
  let rimRoom = 0;
  const volume = L * W * H;
  pieces.forEach((p, i) => {
    const z = p.z + p.dz;
    const on = pieces.filter((q) => q.z === z && q.x < p.x + p.dx && q.x + q.dx > p.x && q.y < p.y + p.dy && q.y + q.dy > p.y);
    if (on.length === 0) return;
    const bare: number[] = [];
    for (let x = p.x; x < p.x + p.dx; x++) for (let y = p.y; y < p.y + p.dy; y++) if (owner[x * W + y] === i) bare.push(x * W + y);
    if (bare.length === 0 || H - z < 20) return;
    const ox = Math.max(...on.map((q) => q.x + q.dx)) - Math.min(...on.map((q) => q.x)), oy = Math.max(...on.map((q) => q.y + q.dy)) - Math.min(...on.map((q) => q.y));
    const rim = Math.max(0, Math.min(...[p.dx - ox, p.dy - oy].filter((w) => w > 0)));
    const width = rim < 5 ? '<5' : rim < 20 ? '5-20' : '20+';
    const own = on.some((q) => q.k === p.k) ? 'own' : 'later';
    const room = (100 * (H - z) * bare.length) / volume;
    rimRoom += room;
    // The rim's edges leaving the piece's footprint, by what lies beyond (counts per class).
    const edges = new Map<string, number>(), dirs = new Map<string, number>(), steps = new Map<string, number>();
    const slots = new Map<string, number>(), beyond = new Map<string, number>();
    const levelFaces = new Set<number>();
    for (const c of bare) {
      const x = Math.floor(c / W), y = c % W;
      for (const [nx, ny, d] of [[x - 1, y, '-x'], [x + 1, y, '+x'], [x, y - 1, '-y'], [x, y + 1, '+y']] as const) {
        if (nx >= p.x && nx < p.x + p.dx && ny >= p.y && ny < p.y + p.dy) continue;
        add(d, 1, dirs);
        if (nx < 0 || nx >= L || ny < 0 || ny >= W) { add('wall', 1, edges); continue; }
        const n = nx * W + ny, t = top[n];
        add(t === z ? 'level' : t > z ? 'higher' : 'lower', 1, edges);
        if (t === z) levelFaces.add(faceOf[n]);
        else add(stepKey(t - z), 1, steps);
        if (t >= z) continue;
        // A step down: how far the lower ground reaches along this direction (to a top at the rim's height or above, or a wall).
        let g = 0, gx = nx, gy = ny;
        for (; gx >= 0 && gx < L && gy >= 0 && gy < W && top[gx * W + gy] < z; gx += nx - x, gy += ny - y) g++;
        const wall = gx < 0 || gx >= L || gy < 0 || gy >= W;
        if (g < 20) add(`along ${nx !== x ? 'x' : 'y'} to ${wall ? 'a wall' : 'a piece'}`, 1, slots);
        add(`${g < 20 ? '<20' : g < 50 ? '20-50' : '50+'} cm${faceOf[n] < 0 ? ', floor' : usable(faceOf[n]) ? ', face usable' : ''}`, 1, beyond);
      }
    }
    const total = [...edges.values()].reduce((a, b) => a + b, 0);
    const stepTotal = [...steps.values()].reduce((a, b) => a + b, 0);
    if (rim < 5) {
      for (const [k, v] of steps) add(`<5 step beyond ${k}`, (room * v) / stepTotal);
      for (const [k, v] of slots) add(`<5 slot under 20 cm beyond, ${k}`, (room * v) / total);
      for (const [k, v] of beyond) add(`<5 lower ground beyond ${k}`, (room * v) / total);
    }
    add(`${width} rims`, room);
    if (total === 0) add(`${width} side inside only`, room);
    for (const [k, v] of edges) add(`${width} side ${k}`, (room * v) / total);
    if (levelFaces.size > 0) add(`${width} any level edge`, room);
    if ([...levelFaces].some(usable)) add(`${width} any level edge, face usable`, room);
    if (usable(faceOf[bare[0]])) add(`${width} its face usable by a left-out box`, room);
    // Own-block rims: which sides of the piece (low or high x / y) against the block's place in the container.
    if (own === 'own' && rim < 5) {
      const all = [...dirs.values()].reduce((a, b) => a + b, 0);
      for (const [d, v] of dirs) {
        const axisLow = d[1] === 'x' ? p.bx : p.by, axisHigh = d[1] === 'x' ? L - p.bx - p.bdx : W - p.by - p.bdy;
        const toward = d[0] === '-' ? (axisLow <= axisHigh ? 'near wall' : 'far wall') : (axisHigh <= axisLow ? 'near wall' : 'far wall');
        add(`<5 own: rim on ${d[0]}${d[1]} side, toward the ${toward}`, (room * v) / all);
      }
    }
    add(`${width} ${own}`, room);
  });
  // The least horizontal side of a left-out box: thinner slots take none of them.
  const least = Math.min(...leftOut.map(([dx, dy]) => Math.min(dx, dy)));
  let slots = 0;
  for (const [k, v] of slotRoom(top, L, W, H, least)) {
    add(`slots thinner than any left-out box, short along ${k}`, (100 * v) / volume);
    slots += (100 * v) / volume;
  }
  console.log(`${set} #${inst.number}: fill ${((100 * best.volume) / volume).toFixed(2)} %, rim room ${rimRoom.toFixed(2)} %, slots under ${least} cm ${slots.toFixed(2)} %`);
}
for (const [k, v] of [...sums].sort()) console.log(`  ${k.padEnd(48)} ${(v / instances.length).toFixed(2)}`);
