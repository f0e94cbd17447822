// Diagnostic: does a chain of moves exist that frees floor for the last Unit's cargo? Per plan (the
// first plan, or with `seconds` > 0 the improved plan on a virtual clock of `VCLOCK` ms a read, 0.5
// unless set), the last Unit's pieces by kind (S / N stackable / non-stackable pallet, C crate, c
// carton, L long goods; on the floor / above it) and the floor its floor pieces cover; per other Unit
// of its Stop(s) (`ALL=1`: every other Unit, Stops ignored) its floor crates, its low piles (a floor
// carton or long good and all over it, cartons and long goods only, none fragile) and an optimistic
// chain: each floor crate lifted onto a layer made of its Unit's own low piles (the layer up to
// H - the crate's height, filled at 0.9), piles taken least volume per floor area first while the
// crates' room under them lasts; the floor those piles covered is freed (area and volume only: no
// shapes of the layer, no support, no Stop order). Then the last Unit's floor pieces are laid first
// fit, biggest first, either way round, on 50 mm cells of the floor left bare, and of the bare floor
// plus the freed piles' floor (overhangs above bare floor ignored): how many find a place. An upper
// end: what it cannot lay, no such chain empties the last Unit (its pieces above the floor aside).
// Sea 5,000 pieces (session 50). First plans, seeds 1-10: within the last Unit's Stop the chain frees
// 0.9-19.3 m2 a seed (bare floor 25.8-41.6 m2 beside it) and lays every floor piece of the last Unit
// only on seeds 5 and 10 (seed 7: 11 floor crates, 16.3 m2; 1 of 15 floor pieces on bare floor, 3
// with the chain); over every Unit on seeds 2, 4, 5, 6, 9 and 10, just the seeds the 5 s improvement
// already takes below the first plan, and not on 1 (10 of 22), 3 (12 of 13), 7 (11 of 15, crates 7 of
// 11) or 8 (8 of 20). The 5 s plans (0.5 ms a read): every floor piece laid on seeds 1-5 (tails of
// mixed Stops, 3.9-21.8 m2 of floor cargo), not on 6 (10 of 16), 7 (11 of 15), 8 (6 of 14), 9 (15 of
// 16) or 10 (11 of 20); seeds 11-20: on 16 and 19 (tails of cartons and long goods of mixed Stops,
// 55 and 224 pieces, most above the floor), not on the eight others (crates laid 7 of 9, 4 of 5, 4 of
// 8, 12 of 18, 6 of 13, 4 of 7 where the tail holds 5 or more). So at seed 7 no chain of this kind
// empties the last Unit, even with every Unit and no Stop order: floor crates need whole rectangles
// of about 1.5 m2, and the bare floor (94 m2 over 51 Units at seed 7) takes one of its 11 crates.
// npx tsx scripts/bench/chain-room.ts [sea|road] [pieces] [seed,...] [seconds] [solver module]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyseUnit, placementsByUnit } from '../../solver/check/unit-geometry.ts';
import type { Placement, SolveInput, SolveResult } from '../../solver/types.ts';
import { FLEETS, generateCargo, kindLetter, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '5000', seedList = '7', seconds = '0', module = 'solver/index.ts'] = process.argv.slice(2);
const perRead = Number(process.env.VCLOCK ?? 0.5);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (i: SolveInput, h?: { now?: () => number }) => SolveResult };
const SEAT_FILL = 0.9;
const CELL = 50;
/** `ALL=1`: every other Unit, not only those of the last Unit's Stops. */
const all = !!process.env.ALL;
const m2 = (a: number) => (a / 1e6).toFixed(1);

for (const seed of seedList.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const input = scaleInput(fleet, lines, seed, Number(seconds) * 1000);
  let reads = 0;
  const r = solve(input, { now: () => reads++ * perRead });
  const units = placementsByUnit(r.placements);
  const last = r.units[r.units.length - 1];
  const tail = units.get(last.index) ?? [];
  const stops = new Set(tail.map((p) => p.stop));
  const kinds: Record<string, { floor: number; up: number; area: number; vol: number }> = {};
  for (const p of tail) {
    const k = kindLetter(byId.get(p.cargoLineId)!);
    const e = (kinds[k] ??= { floor: 0, up: 0, area: 0, vol: 0 });
    if (p.zMm === 0) { e.floor++; e.area += p.lengthMm * p.widthMm; } else e.up++;
    e.vol += p.lengthMm * p.widthMm * p.heightMm;
  }
  const tailFloor = Object.values(kinds).reduce((a, e) => a + e.area, 0);
  const tailVol = Object.values(kinds).reduce((a, e) => a + e.vol, 0);
  console.log(`${fleet} ${pieces} seed ${seed} (${seconds} s): ${r.totals.units} Units; last Unit ${last.equipmentId}, Stops ${[...stops].join('/')}, ` +
    `${tail.length} pieces, ${(tailVol / 1e9).toFixed(1)} m3, floor cargo ${m2(tailFloor)} m2: ` +
    Object.entries(kinds).sort().map(([k, e]) => `${k} ${e.floor}/${e.up} (${m2(e.area)} m2)`).join(', '));
  let sumFreed = 0, sumBare = 0, sumCrates = 0, sumPiles = 0, sameUnits = 0;
  const rows: string[] = [];
  const grids: { bare: Grid; chain: Grid }[] = [];
  for (const u of r.units) {
    if (u === last) continue;
    const ps = units.get(u.index) ?? [];
    if (!all && !ps.every((p) => stops.has(p.stop))) continue;
    sameUnits++;
    const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
    const H = eq.innerHeightMm;
    const g = analyseUnit(ps);
    const floorArea = ps.filter((p) => p.zMm === 0).reduce((a, p) => a + p.lengthMm * p.widthMm, 0);
    const bare = eq.innerLengthMm * eq.innerWidthMm - floorArea;
    const lowKind = (p: Placement) => { const l = byId.get(p.cargoLineId)!; const k = kindLetter(l); return (k === 'c' || k === 'L') && !l.fragile; };
    // Low piles: a floor carton / long good and everything over it, all cartons or long goods, none fragile.
    const piles: { area: number; vol: number; p: Placement }[] = [];
    ps.forEach((p, i) => {
      if (p.zMm !== 0 || !lowKind(p)) return;
      const seen = new Set([i]);
      const stack = [...g.above[i]];
      let vol = p.lengthMm * p.widthMm * p.heightMm, ok = true;
      while (stack.length) {
        const j = stack.pop()!;
        if (seen.has(j)) continue;
        seen.add(j);
        const q = ps[j];
        if (!lowKind(q)) { ok = false; break; }
        vol += q.lengthMm * q.widthMm * q.heightMm;
        stack.push(...g.above[j]);
      }
      if (ok) piles.push({ area: p.lengthMm * p.widthMm, vol, p });
    });
    const crates = ps.filter((p) => p.zMm === 0 && kindLetter(byId.get(p.cargoLineId)!) === 'C' && g.above[ps.indexOf(p)].length === 0);
    let room = crates.reduce((a, c) => a + c.lengthMm * c.widthMm * Math.max(0, H - c.heightMm) * SEAT_FILL, 0);
    let freed = 0;
    piles.sort((a, b) => a.vol / a.area - b.vol / b.area);
    const gone = new Set<Placement>();
    for (const p of piles) { if (p.vol > room) continue; room -= p.vol; freed += p.area; gone.add(p.p); }
    grids.push({ bare: gridOf(eq, ps.filter((p) => p.zMm === 0)), chain: gridOf(eq, ps.filter((p) => p.zMm === 0 && !gone.has(p))) });
    const crateArea = crates.reduce((a, c) => a + c.lengthMm * c.widthMm, 0);
    const pileArea = piles.reduce((a, p) => a + p.area, 0);
    sumFreed += freed; sumBare += bare; sumCrates += crateArea; sumPiles += pileArea;
    rows.push(`U${u.index} crates ${crates.length} ${m2(crateArea)} piles ${piles.length} ${m2(pileArea)} freed ${m2(freed)} bare ${m2(bare)}`);
  }
  console.log(`  ${sameUnits} other Units${all ? '' : ' of its Stop(s)'}: floor crates ${m2(sumCrates)} m2, low piles ${m2(sumPiles)} m2, ` +
    `chain frees at most ${m2(sumFreed)} m2, bare ${m2(sumBare)} m2; last Unit's floor cargo ${m2(tailFloor)} m2`);
  // The last Unit's floor pieces laid first-fit, biggest first, either way round, on the floor left
  // bare (no move) and on it plus the freed piles' floor (the chain), over its Stop's other Units.
  const floorTail = tail.filter((p) => p.zMm === 0).sort((a, b) => b.lengthMm * b.widthMm - a.lengthMm * a.widthMm);
  const laid = (which: 'bare' | 'chain') => {
    let n = 0, crates = 0;
    for (const p of floorTail) {
      if (grids.some((g) => place(g[which], p.lengthMm, p.widthMm) || place(g[which], p.widthMm, p.lengthMm))) {
        n++;
        if (kindLetter(byId.get(p.cargoLineId)!) === 'C') crates++;
      }
    }
    return `${n} of ${floorTail.length} (crates ${crates})`;
  };
  const crateCount = floorTail.filter((p) => kindLetter(byId.get(p.cargoLineId)!) === 'C').length;
  console.log(`  the last Unit's floor pieces laid (${crateCount} crates) on bare floor: ${laid('bare')}; with the chain: ${laid('chain')}`);
  if (process.env.ROWS) for (const row of rows) console.log('   ' + row);
}

/** Floor cells of CELL mm, true where taken. */
interface Grid { nx: number; ny: number; taken: Uint8Array; }

function gridOf(eq: { innerLengthMm: number; innerWidthMm: number }, floor: Placement[]): Grid {
  const nx = Math.floor(eq.innerLengthMm / CELL), ny = Math.floor(eq.innerWidthMm / CELL);
  const taken = new Uint8Array(nx * ny);
  for (const p of floor) {
    // Cells any part of the piece touches are taken (conservative for what is laid).
    for (let x = Math.floor(p.xMm / CELL); x < Math.min(nx, Math.ceil((p.xMm + p.lengthMm) / CELL)); x++)
      for (let y = Math.floor(p.yMm / CELL); y < Math.min(ny, Math.ceil((p.yMm + p.widthMm) / CELL)); y++) taken[x * ny + y] = 1;
  }
  return { nx, ny, taken };
}

/** First fit of an l x w footprint on whole free cells; marks it taken; false when none fits. */
function place(g: Grid, l: number, w: number): boolean {
  const a = Math.ceil(l / CELL), b = Math.ceil(w / CELL);
  for (let x = 0; x + a <= g.nx; x++) {
    for (let y = 0; y + b <= g.ny; y++) {
      let free = true;
      for (let i = 0; i < a && free; i++) for (let j = 0; j < b; j++) if (g.taken[(x + i) * g.ny + y + j]) { free = false; break; }
      if (!free) continue;
      for (let i = 0; i < a; i++) for (let j = 0; j < b; j++) g.taken[(x + i) * g.ny + y + j] = 1;
      return true;
    }
  }
  return false;
}
