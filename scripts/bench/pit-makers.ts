// Diagnostic: which placed blocks make a plan's small bare ledges under full support (the bare rim
// of a piece's top, under `--area` cm2, that `pits.ts` finds holds most of the room over small top
// faces). The improvement run on a virtual clock (as plan-blocks.ts), then per ledge cell the piece
// under it and the pieces on the rest of that piece's top: on it within one general block (a
// narrower block on a wider one, made by the pairing), or a later block of its own set on the face.
// Virtual clock, 1 s (share of the Unit): T100 seed 101 ledges 4.1-6.0 (within the piece's own general
// block 2.8, a later simple block 1.6, a later general block 0.6); seed 202 3.9-5.4 (own block 3.5,
// later 1.4; rims under 5 cm 3.7 of 4.8, L-shaped 2.7); real BR15 #1-3 4.3-4.9 (own block 2.5, later
// simple 1.4, later general 0.8). The pairing's narrower block on a wider one (its packing area at
// 90-99 % of the lower top) leaves most of them; no box can stand on a rim of a few cm.
//   npx tsx scripts/bench/pit-makers.ts <T100 | BR15 --data /tmp/br1415> [--count 3] [--seed 101] [--seconds 1]
import { parseArgs } from 'node:util';
import { expandPlaced } from '../../solver/pack/expand.ts';
import { brToInput } from './br-format.ts';
import { virtualBest } from './first-view.ts';
import { facesOf, topOwners } from './height-map.ts';
import { instancesOf } from './instance-set.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '3' }, seed: { type: 'string', default: '101' }, seconds: { type: 'string', default: '1' },
    data: { type: 'string' }, from: { type: 'string', default: '0' }, area: { type: 'string', default: '1000' },
  },
});
const set = positionals[0] ?? 'T100';
const instances = instancesOf(set, values);
const maxArea = Number(values.area);
const sums = new Map<string, number>();
const add = (k: string, v: number) => sums.set(k, (sums.get(k) ?? 0) + v);

for (const inst of instances) {
  const input = brToInput(inst, { seconds: 0, support: 'full' });
  const { view, best } = virtualBest(input, Number(values.seconds));
  const { L, W, H } = view.spec;
  // Pieces with the index of the placed block they belong to (in placing order) and whether it is general.
  const pieces = best.placed.flatMap((pb, k) => expandPlaced(pb).map((p) => ({ ...p, k, general: pb.block.parts !== undefined })));
  const { top, owner } = topOwners(pieces, L, W);
  // Small faces of one height (connected), each cell's piece: a ledge where the piece's top is partly covered.
  let ledgeRoom = 0;
  for (const { cells, z } of facesOf(top, L, W)) {
    if (cells.length >= maxArea || H - z < 20) continue;
    const under = new Set(cells.map((c) => owner[c]));
    if (under.size !== 1) continue;
    const p = pieces[[...under][0]];
    if (cells.length >= p.dx * p.dy) continue;
    // What stands on the rest of its top: the pieces whose base is at its top over its footprint.
    const on = pieces.filter((q) => q.z === p.z + p.dz && q.x < p.x + p.dx && q.x + q.dx > p.x && q.y < p.y + p.dy && q.y + q.dy > p.y);
    const room = (100 * (H - z) * cells.length) / (L * W * H);
    ledgeRoom += room;
    const same = on.some((q) => q.k === p.k);
    const kind = on.length === 0 ? 'nothing on it (covered higher?)' : same ? 'within its general block' : on.some((q) => q.general) ? 'a later general block' : 'a later simple block';
    add(kind, room);
    add(`order ${p.k < best.placed.length / 2 ? 'first half' : 'second half'}`, room);
    // The rim's width: the piece's top less the footprint of what stands on it, along x and y.
    const ox = Math.max(...on.map((q) => q.x + q.dx)) - Math.min(...on.map((q) => q.x)), oy = Math.max(...on.map((q) => q.y + q.dy)) - Math.min(...on.map((q) => q.y));
    const rim = Math.max(0, Math.min(...[p.dx - ox, p.dy - oy].filter((w) => w > 0)));
    if (on.length > 0) add(`rim ${same ? 'own ' : 'later'} ${rim < 5 ? '<5' : rim < 10 ? '5-10' : rim < 20 ? '10-20' : '20+'} cm`, room);
    if (on.length > 0) add(`rim sides ${p.dx > ox && p.dy > oy ? 'two (an L)' : 'one'}`, room);
  }
  console.log(`${set} #${inst.number}: fill ${((100 * best.volume) / (L * W * H)).toFixed(2)} %, ${best.placed.length} blocks, ledge room ${ledgeRoom.toFixed(2)} %`);
}
for (const [k, v] of [...sums].sort()) console.log(`  ${k.padEnd(34)} ${(v / instances.length).toFixed(2)}`);
