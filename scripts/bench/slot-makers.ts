// Diagnostic: which placement closed each slot of a full-support plan (an empty run of the skyline,
// across the width or along the length, between two pieces and thinner than the least side of any
// box left out: `rim-sides.ts` `slotRoom`). Of the two pieces bounding the run, the one of the block
// placed later closed it. The plan is replayed block by block (maximal spaces as the search saw them)
// and, before that block goes in, the spaces containing it are asked how far they reach on the slot's
// side: reaching exactly to the other piece, the slot is the block's own residual in its space (it
// chose an extent that left less than any box left out); reaching less, the slot lies between its
// space and another (the block may fill its own space exactly). Runs bounded by pieces of one block
// lie inside a general block. Each slot is also judged against the least side of the pieces still to
// place when its block went in (those of the later blocks and those left out). Room as a share of the
// Unit; a cell short both across and along counts on both axes.
// Virtual clock, 1 s, full support (T100 seeds 101 / 202 / 303 #1-3, BR14 / BR15 #1-3): slots 6.8-7.5 /
// 6.3-6.6, 1.0-1.5 / 0.7-0.9 at a wall; between pieces 5.8-6.4 / 5.5-5.8: a block's own residual in its
// space 2.5-3.1 / 2.5-2.6, between spaces 2.9-3.3 / 2.9-3.3 (1.3-1.7 of it beside a block that filled
// its own space exactly); across the width 3.3-3.6 / 2.9-3.1, along the length 2.2-3.1 / 2.4-2.9;
// closed by general blocks about half. 5.2-6.2 / 5.4-5.5 were already thinner than every piece still
// to place when the block went in (0.0-0.6 / 0.0-0.3 were not): the thin pieces did not run out, the
// widths of the blocks in a row did not add up.
//   npx tsx scripts/bench/slot-makers.ts <T100 | BR15 --data /tmp/br1415> [--count 3] [--seed 101] [--seconds 1]
import { expandPlaced } from '../../solver/pack/expand.ts';
import { PackState, place } from '../../solver/pack/state.ts';
import { placedDims } from '../../solver/orientation.ts';
import { brToInput } from './br-format.ts';
import { virtualBest } from './first-view.ts';
import { shortRuns, topOwners, leastSideLeft } from './height-map.ts';
import { instancesFromArgs } from './instance-set.ts';

const { values, set, instances } = instancesFromArgs();
const sums = new Map<string, number>();
const add = (k: string, v: number) => sums.set(k, (sums.get(k) ?? 0) + v);

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  const { prep, view, minDim, best } = virtualBest(input, Number(values.seconds));
  const { L, W, H } = view.spec;
  const volume = L * W * H;
  const pieces = best.placed.flatMap((pb, k) => expandPlaced(pb).map((p) => ({ ...p, k })));
  const { top } = topOwners(pieces, L, W);
  // Which piece fills each cell (index + 1), so a run's ends name the pieces at its height.
  const cell = new Int32Array(L * W * H);
  pieces.forEach((p, i) => {
    for (let z = p.z; z < p.z + p.dz; z++) for (let x = p.x; x < p.x + p.dx; x++) for (let y = p.y; y < p.y + p.dy; y++) cell[(z * L + x) * W + y] = i + 1;
  });
  const least = leastSideLeft(prep.items, prep.counts, pieces);
  // Slot cells between pieces by (closing block, its side, run width): cells; within one block apart.
  const closed = new Map<string, number>();
  let within = 0, wall = 0, under = 0, total = 0;
  const run = (h: number, a: number, b: number, n: number, axis: 'x' | 'y') => {
    // a, b: the cells (index into cell[] at layer h) just beyond the run's ends; -1 a wall.
    total += n;
    if (a < 0 || b < 0) { wall += n; return; }
    const pa = cell[a] - 1, pb = cell[b] - 1;
    if (pa < 0 || pb < 0) { under += n; return; }
    const ka = pieces[pa].k, kb = pieces[pb].k;
    if (ka === kb) { within += n; return; }
    const key = ka > kb ? `${ka} +${axis} ${b}` : `${kb} -${axis} ${a}`;
    closed.set(key, (closed.get(key) ?? 0) + n);
  };
  for (let h = 0; h < H; h++) {
    const layer = h * L * W;
    shortRuns(top, L, W, h, least, (axis, x, y, n) => {
      if (axis === 'y') run(h, y === 0 ? -1 : layer + x * W + y - 1, y + n === W ? -1 : layer + x * W + y + n, n, 'y');
      else run(h, x === 0 ? -1 : layer + (x - 1) * W + y, x + n === L ? -1 : layer + (x + n) * W + y, n, 'x');
    });
  }
  // Replay: before each closing block, how far its containing spaces reach on the slot's side.
  const byBlock = new Map<number, [string, number, number][]>();
  for (const [key, n] of closed) {
    const [k, side, other] = key.split(' ');
    const list = byBlock.get(Number(k)) ?? [];
    list.push([side, Number(other), n]);
    byBlock.set(Number(k), list);
  }
  // The least side of the pieces still to place when block k went in (the blocks after it and those
  // left out): was the slot already too thin for all of them then, or did the pieces that fit it run out?
  const sideOf = prep.items.map((it) => Math.min(...it.orientations.flatMap((o) => placedDims(it.l, it.w, it.h, o).slice(0, 2))));
  const leastAfter = new Float64Array(best.placed.length + 1).fill(least);
  for (let k = best.placed.length - 1; k >= 0; k--) {
    leastAfter[k] = leastAfter[k + 1];
    for (const p of expandPlaced(best.placed[k])) leastAfter[k] = Math.min(leastAfter[k], sideOf[p.item]);
  }
  const state = new PackState(view.spec, prep.items.length);
  const per = new Map<string, number>();
  const addI = (k: string, v: number) => per.set(k, (per.get(k) ?? 0) + v);
  best.placed.forEach((pb, k) => {
    const b = pb.block;
    for (const [side, other, n] of byBlock.get(k) ?? []) {
      // The other piece's face on this side: where the closing block's space had to end to make the slot its residual.
      const o = pieces[cell[other] - 1];
      const axis = side[1];
      const face = side[0] === '+' ? (axis === 'x' ? o.x : o.y) : (axis === 'x' ? o.x + o.dx : o.y + o.dy);
      let reach = -Infinity;
      for (const s of state.spaces) {
        if (s.x0 > pb.x || s.y0 > pb.y || s.z0 > pb.z || s.x1 < pb.x + b.dx || s.y1 < pb.y + b.dy || s.z1 < pb.z + b.dz) continue;
        const r = side === '+x' ? s.x1 - pb.x - b.dx : side === '-x' ? pb.x - s.x0 : side === '+y' ? s.y1 - pb.y - b.dy : pb.y - s.y0;
        reach = Math.max(reach, r);
      }
      const gap = side[0] === '+' ? face - (axis === 'x' ? pb.x + b.dx : pb.y + b.dy) : (axis === 'x' ? pb.x : pb.y) - face;
      const kind = b.parts ? 'general' : 'simple';
      const cls = reach === -Infinity ? 'no space holds it (refill order)' : reach === gap ? `own space residual, ${kind} block` : reach < gap ? `between spaces (own residual ${reach === 0 ? '0' : '> 0'}), ${kind} block` : 'space reaches past the piece';
      addI(`${axis}: ${cls}`, n);
      addI(`${cls.startsWith('own') ? 'own' : cls.startsWith('between') ? 'between' : 'other'}: ${gap < leastAfter[k + 1] ? 'too thin for every piece still to place then' : 'some piece still to place was thin enough then'}`, n);
    }
    place(state, view.spec, prep.items, b, pb.x, pb.y, pb.z, minDim);
  });
  const pct = (v: number) => (100 * v) / volume;
  console.log(`${set} #${inst.number}: fill ${pct(best.volume).toFixed(2)} %, slots under ${least} ${pct(total).toFixed(2)} %: at a wall ${pct(wall).toFixed(2)}, under an overhang ${pct(under).toFixed(2)}, within one block ${pct(within).toFixed(2)}`);
  add('slots', pct(total)); add('at a wall', pct(wall)); add('within one block', pct(within)); add('under an overhang', pct(under));
  for (const [k, v] of per) add(`closed: ${k}`, pct(v));
}
for (const [k, v] of [...sums].sort()) console.log(`  ${k.padEnd(60)} ${(v / instances.length).toFixed(2)}`);
