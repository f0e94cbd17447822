// Diagnostic: long goods and cartons on the floor of a first plan that a flat top of the same Unit
// could take. Per Unit a top map on a 50 mm grid (each cell: the highest top over its centre, and
// whether that top may carry: a stackable, not fragile piece whose Stop is unloaded no earlier than
// the candidate's). Floor long goods (L) and cartons (c) with nothing on them, largest footprint
// first, go greedily onto a flat face of one height (every cell under the footprint at that height,
// either way round, headroom for the piece), and the face rises under them. Prints per kind the
// floor pieces, the bare ones, how many found a deck and the floor they would free (areas in 40'
// high cube floors). `PILES=1`: a floor piece whose pile (all over it, transitively) lies wholly
// within its footprint goes up with its pile (the pile's height and latest Stop).
// Then the deck room before any lift: carrying top area with 300 mm or more under the roof, by the
// longest straight run of one height along the Unit through it (under 1.2 m, 1.2-2.5 m, 2.5 m or
// more) and by the kind of piece whose top it is (P pallet, L, c, C) and headroom; long-goods tops
// with 1 m under the roof by their width across the Unit; and pallet seats: 1200 x 640 rectangles
// (80 % of a EUR pallet's base) at one height on long-goods tops with 800 mm under the roof, greedily.
// npx tsx scripts/bench/deck-room.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, kindLetter, scaleInput, FLEETS } from './cargo-generator.ts';
import { placementsByUnit } from '../../solver/check/unit-geometry.ts';
import { cpuMs } from './process-cpu.ts';
import { footprintOverlap } from '../../solver/check/geometry.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const C = 50;
const [fleet = 'sea', pieces = '5000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HC = hc.innerLengthMm * hc.innerWidthMm;
const PILES = process.env.PILES === '1';
const kinds: Record<string, { floor: number; floorArea: number; bare: number; bareArea: number; piles: number; lifted: number; liftedArea: number }> = {};
const room = { short: 0, mid: 0, long: 0 };
let units = 0, seats = 0;
const widths: Record<string, number> = {};
const longRoom: Record<string, number> = {};
const overlaps = (a: Placement, b: Placement) => footprintOverlap(a, b) > 0;

for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  units += r.totals.units;
  const rank = (p: Placement) => byId.get(p.cargoLineId)!.stop ?? 99;
  const kindOf = (p: Placement) => { const k = kindLetter(byId.get(p.cargoLineId)!); return k === 'S' || k === 'N' ? 'P' : k; };
  const byUnit = placementsByUnit(r.placements);
  for (const u of r.units) {
    const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
    const L = Math.floor(eq.innerLengthMm / C), W = Math.floor(eq.innerWidthMm / C), H = eq.innerHeightMm;
    const ps = byUnit.get(u.index) ?? [];
    // Top map: height, and the Stop rank it may carry down to (-1: may carry nothing).
    const top = new Int32Array(L * W), carries = new Int32Array(L * W).fill(-1), owner = new Array<string>(L * W);
    for (const p of ps) {
      const l = byId.get(p.cargoLineId)!;
      const ok = l.stackable && !l.fragile ? rank(p) : -1;
      const x0 = Math.round(p.xMm / C), x1 = Math.min(L, Math.round((p.xMm + p.lengthMm) / C));
      const y0 = Math.round(p.yMm / C), y1 = Math.min(W, Math.round((p.yMm + p.widthMm) / C));
      const z1 = p.zMm + p.heightMm;
      for (let x = x0; x < x1; x++) for (let y = y0; y < y1; y++) if (top[x * W + y] < z1) { top[x * W + y] = z1; carries[x * W + y] = ok; owner[x * W + y] = kindOf(p); }
    }
    // Deck room before any lift: the longest straight run of one height along x through each cell.
    for (let y = 0; y < W; y++) {
      let x = 0;
      while (x < L) {
        const z = top[x * W + y];
        let e = x;
        while (e < L && top[e * W + y] === z && carries[e * W + y] >= 0) e++;
        if (e === x) { x++; continue; }
        if (z > 0 && H - z >= 300) {
          const a = (e - x) * C * C / HC;
          if ((e - x) * C < 1200) room.short += a; else if ((e - x) * C < 2500) room.mid += a; else room.long += a;
          {
            const k = `${owner[x * W + y]}${(e - x) * C < 1200 ? '<1.2' : (e - x) * C < 2500 ? '<2.5' : '>2.5'} ${H - z < 600 ? '300-600' : H - z < 1000 ? '600-1000' : '1000+'}`;
            longRoom[k] = (longRoom[k] ?? 0) + a;
          }
        }
        x = e;
      }
    }
    // Long-goods tops with 1 m under the roof by their width (the straight run across the Unit at one height).
    for (let x = 0; x < L; x++) {
      let y = 0;
      while (y < W) {
        const z = top[x * W + y];
        let e = y;
        while (e < W && top[x * W + e] === z && owner[x * W + e] === 'L') e++;
        if (e === y) { y++; continue; }
        if (H - z >= 1000) {
          const k = (e - y) * C < 400 ? 'under 400' : (e - y) * C < 640 ? '400-640' : (e - y) * C < 1000 ? '640-1000' : '1000+';
          widths[k] = (widths[k] ?? 0) + ((e - y) * C * C) / HC;
        }
        y = e;
      }
    }
    // Pallet seats on long goods: 1200 x 640 (80 % of a EUR pallet's base) at one height on long-goods tops, 800 mm under the roof.
    {
      const used = new Uint8Array(L * W);
      for (const [dx, dy] of [[1200 / C, 640 / C], [640 / C, Math.ceil(1200 / C)]]) {
        for (let x = 0; x + dx <= L; x++) for (let y = 0; y + Math.ceil(dy) <= W; y++) {
          const z = top[x * W + y];
          if (z === 0 || H - z < 800 || owner[x * W + y] !== 'L') continue;
          let ok = true;
          for (let i = x; i < x + dx && ok; i++) for (let j = y; j < y + Math.ceil(dy) && ok; j++) if (used[i * W + j] || top[i * W + j] !== z || carries[i * W + j] < 0) ok = false;
          if (!ok) continue;
          seats++;
          for (let i = x; i < x + dx; i++) for (let j = y; j < y + Math.ceil(dy); j++) used[i * W + j] = 1;
        }
      }
    }
    // Candidates: floor L and c pieces with nothing on them, largest footprint first.
    const floor = ps.filter((p) => p.zMm === 0 && (kindOf(p) === 'L' || kindOf(p) === 'c'));
    const cands: Placement[] = [];
    const heightOf = new Map<Placement, number>(), rankOf = new Map<Placement, number>();
    for (const p of floor) {
      const k = kindOf(p);
      const e = (kinds[k] ??= { floor: 0, floorArea: 0, bare: 0, bareArea: 0, piles: 0, lifted: 0, liftedArea: 0 });
      e.floor++;
      e.floorArea += (p.lengthMm * p.widthMm) / HC;
      if (ps.some((q) => q.zMm === p.heightMm && overlaps(p, q))) {
        if (!PILES) continue;
        // A pile: everything over p, transitively; liftable whole only if it all lies within p's footprint.
        const pile = [p];
        for (let i = 0; i < pile.length; i++) for (const q of ps) if (!pile.includes(q) && q.zMm >= pile[i].zMm + pile[i].heightMm && overlaps(pile[i], q)) pile.push(q);
        if (!pile.every((q) => q.xMm >= p.xMm && q.yMm >= p.yMm && q.xMm + q.lengthMm <= p.xMm + p.lengthMm && q.yMm + q.widthMm <= p.yMm + p.widthMm)) continue;
        e.piles++;
        heightOf.set(p, Math.max(...pile.map((q) => q.zMm + q.heightMm)));
        rankOf.set(p, Math.max(...pile.map(rank)));
        cands.push(p);
        continue;
      }
      e.bare++;
      e.bareArea += (p.lengthMm * p.widthMm) / HC;
      cands.push(p);
    }
    cands.sort((a, b) => b.lengthMm * b.widthMm - a.lengthMm * a.widthMm);
    for (const p of cands) {
      const ph = heightOf.get(p) ?? p.heightMm, pr = rankOf.get(p) ?? rank(p);
      // Its own cells are floor once it leaves; a deck elsewhere must not lie over them (nothing does: it is bare).
      const x0 = Math.round(p.xMm / C), x1 = Math.min(L, Math.round((p.xMm + p.lengthMm) / C));
      const y0 = Math.round(p.yMm / C), y1 = Math.min(W, Math.round((p.yMm + p.widthMm) / C));
      let found: { x: number; y: number; dx: number; dy: number; z: number } | null = null;
      for (const [l, w] of [[p.lengthMm, p.widthMm], [p.widthMm, p.lengthMm]]) {
        const dx = Math.ceil(l / C), dy = Math.ceil(w / C);
        for (let x = 0; x + dx <= L && !found; x++) {
          for (let y = 0; y + dy <= W && !found; y++) {
            const z = top[x * W + y];
            if (z === 0 || z + ph > H) continue;
            let ok = true;
            for (let i = x; i < x + dx && ok; i++) for (let j = y; j < y + dy && ok; j++) {
              const c = i * W + j;
              if (top[c] !== z || carries[c] < pr || (i >= x0 && i < x1 && j >= y0 && j < y1)) ok = false;
            }
            if (ok) found = { x, y, dx, dy, z };
          }
        }
        if (found) break;
      }
      if (!found) continue;
      const e = kinds[kindOf(p)];
      e.lifted++;
      e.liftedArea += (p.lengthMm * p.widthMm) / HC;
      for (let i = found.x; i < found.x + found.dx; i++) for (let j = found.y; j < found.y + found.dy; j++) { top[i * W + j] = found.z + ph; carries[i * W + j] = Math.min(carries[i * W + j], pr); }
      for (let i = x0; i < x1; i++) for (let j = y0; j < y1; j++) { top[i * W + j] = 0; carries[i * W + j] = -1; }
    }
  }
}
console.log(`${fleet} ${pieces} seeds ${seedArg}: Units ${units}`);
for (const [k, e] of Object.entries(kinds))
  console.log(`  ${k}: ${e.floor} on the floor (${e.floorArea.toFixed(2)} floors), ${e.bare} bare (${e.bareArea.toFixed(2)}), ${e.piles} self-contained piles, ${e.lifted} find a flat top in their Unit (${e.liftedArea.toFixed(2)} floors freed)`);
console.log(`  carrying top area with 300 mm headroom, by straight run along the length: under 1.2 m ${room.short.toFixed(2)}, 1.2-2.5 m ${room.mid.toFixed(2)}, 2.5 m or more ${room.long.toFixed(2)} floors`);
console.log(`  by the top's kind (P pallet, L, c, C), run (m) and headroom (mm): ${Object.entries(longRoom).sort((a, b) => b[1] - a[1]).map(([k, a]) => `${k} ${a.toFixed(2)}`).join(', ')}`);
console.log(`  pallet seats (1200 x 640 at one height, 800 mm headroom) on long-goods tops: ${seats} (${((seats * 1200 * 800) / HC).toFixed(2)} floors of EUR pallets)`);
console.log(`  long-goods tops with 1 m under the roof by width (mm): ${Object.entries(widths).map(([k, a]) => `${k} ${a.toFixed(2)}`).join(', ')} floors`);
