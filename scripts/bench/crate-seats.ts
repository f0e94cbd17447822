// Diagnostic: seats of low pieces under the crates a scale plan stands on the floor. Per floor crate
// of the first plan, the seats that could carry it: a single layer of one carton / long-goods line
// (at most its pieces), or two such layers of one height side by side (a general block), whose top
// covers the crate's whole base (crates need full support: minSupportPermille 1000) with crate + seat
// within the Unit's height. Counted within the crate's phase (the packing order's cut: Stop, then
// bigger first, PHASE_ITEMS lines) and within its Stop, with the share of the seat's top the crate
// covers (`cover`) and the column box's fill (seat + crate over the seat's footprint x both heights).
// Sea 5,000 pieces, seeds 1 / 3 / 7 / 8 (first plans 52 / 52 / 52 / 53 Units): 176 / 185 / 214 / 156
// crates on the floor. Within the Stop nearly every one has a seat (164-214 of one line, all of two),
// at cover >= 0.5 90 / 95 / 136 / 79 of one line, at cover >= 0.9 30 / 24 / 45 / 18 (of two: 75 / 88 /
// 91 / 69); within the crate's phase 55 / 54 / 77 / 43, and only 5-16 at fill >= 0.9: phases take lines
// bigger first, so 178-218 of about 1,500 low lines share one of the 15 phases holding crates. Column
// blocks miss the rest for two more reasons: a pair needs both blocks >= a quarter of the Unit high
// (675 mm; carton layers are mostly lower), and a platform 2+ pieces at 0.9 cover.
// Tried in the solver (issue 17, dropped): each crate piece matched per Stop to a low line (one layer,
// cover >= 0.9, lower than H / 4) moved right after the crate's line, and such layers as platforms
// (single pieces too, their own bound). Seed 7: 30 seats for 21 of 122 crate lines; 8 crates seated
// (214 -> 206 on the floor): the seats' cartons went as fillers into earlier Units before the crate
// came. Seat lines kept from any other block while their crate has pieces left: 12 seated (cover 0.6:
// 28, crates 9.35 -> 8.38 floors), but cartons 2.13 -> 2.78 and long goods 4.57 -> 4.89 floors on the
// floor, bare 3.58 -> 3.94: the seats' pieces came off pallet tops, not the floor, so a seated crate
// trades its floor for its seat's; floor covered 48.42 -> 48.55 floors, 52 -> 53 Units. First plans,
// seeds 1-10: 524 -> 526 (kept, cover 0.9 or 0.6), 525 (kept, 0.75), 524 (not kept, 0.6). 5 s, 0.5 ms
// a read, seeds 1-10 (517): 518 (kept, 0.9; 1 better / 2 worse), 519 (kept, 0.75), 515 (not kept, 0.6;
// 3 / 1); held out 65-80, not kept, 0.6: 849 -> 852 (1 / 4). A changed order moves single seeds by one
// Unit either way; seating alone frees no floor.
// npx tsx scripts/bench/crate-seats.ts [sea|road] [pieces] [seed,...]
import { solve } from '../../solver/index.ts';
import { placedDims } from '../../solver/orientation.ts';
import { PHASE_ITEMS } from '../../solver/pack/phase-lists.ts';
import type { SolverCargoLine } from '../../solver/types.ts';
import { FLEETS, generateCargo, scaleInput } from './cargo-generator.ts';

const fleet = process.argv[2] ?? 'sea';
const pieces = Number(process.argv[3] ?? 5000);
const seeds = (process.argv[4] ?? '7').split(',').map(Number);

interface Layer { line: number; dx: number; dy: number; dz: number; vol: number; }

/** Single layers of one line: nx * ny pieces (at most its quantity) in each allowed orientation. */
function layersOf(l: SolverCargoLine, index: number): Layer[] {
  const out: Layer[] = [];
  for (const o of l.orientations) {
    const [x, y, z] = placedDims(l.lengthMm, l.widthMm, l.heightMm, o);
    for (let nx = 1; nx <= l.quantity; nx++)
      for (let ny = 1; nx * ny <= l.quantity; ny++) out.push({ line: index, dx: nx * x, dy: ny * y, dz: z, vol: nx * ny * x * y * z });
  }
  return out;
}

for (const seed of seeds) {
  const lines = generateCargo(pieces, seed);
  const r = solve(scaleInput(fleet, lines, seed, 0));
  const index = new Map(lines.map((l, i) => [l.id, i]));
  // The phase of each line, approximated: per Stop (no Stop first, then 4 .. 1), bigger pieces first, PHASE_ITEMS lines a
  // phase. The real cut (phase-lists.ts PhaseCuts, on a Fleet's views) also sets a Stop's smallest lines apart as fillers,
  // which puts fewer low lines beside crates still, so the "within the phase" counts are an upper end.
  const rank = (l: SolverCargoLine) => (l.stop == null ? 0 : 100 - l.stop);
  const order = lines.map((_, i) => i).sort((a, b) => rank(lines[a]) - rank(lines[b]) || vol(lines[b]) - vol(lines[a]) || a - b);
  const phase = new Int32Array(lines.length);
  let p = -1, inPhase = 0, lastRank = -1;
  for (const i of order) {
    if (rank(lines[i]) !== lastRank || inPhase >= PHASE_ITEMS) { p++; inPhase = 0; lastRank = rank(lines[i]); }
    phase[i] = p;
    inPhase++;
  }
  const low = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.name === 'carton' || l.name === 'long goods');
  const lowLayers = low.flatMap(({ l, i }) => (l.fragile ? [] : layersOf(l, i)));
  const counts = { crates: 0, phase1: 0, phase2: 0, stop1: 0, stop2: 0, phase1c5: 0, phase2c5: 0, stop1c9: 0, stop2c9: 0, stop1c5: 0, stop2c5: 0, phaseFill: 0, stopFill: 0 };
  let floorArea = 0;
  for (const u of r.units) {
    const H = FLEETS[fleet].find((e) => e.id === u.equipmentId)!.innerHeightMm;
    for (const pl of r.placements) {
      if (pl.unitIndex !== u.index || pl.zMm !== 0) continue;
      const ci = index.get(pl.cargoLineId)!;
      const c = lines[ci];
      if (c.name !== 'crate') continue;
      counts.crates++;
      floorArea += pl.lengthMm * pl.widthMm;
      const cx = Math.min(pl.lengthMm, pl.widthMm), cy = Math.max(pl.lengthMm, pl.widthMm), cz = pl.heightMm;
      const crateVol = cx * cy * cz;
      /** Best cover and fill of a seat top (sx, sy, height sz, volume v) under the crate; null if it cannot carry it. */
      const seat = (sx: number, sy: number, sz: number, v: number) => {
        const a = Math.min(sx, sy), b = Math.max(sx, sy);
        if (a < cx || b < cy || sz + cz > H) return null;
        return { cover: (cx * cy) / (a * b), fill: (v + crateVol) / (a * b * (sz + cz)) };
      };
      const best = { phase1: 0, phase2: 0, stop1: 0, stop2: 0, phaseFill: 0, stopFill: 0 };
      const note = (scope: 'phase' | 'stop', two: boolean, s: { cover: number; fill: number } | null) => {
        if (!s) return;
        const k = `${scope}${two ? 2 : 1}` as 'phase1';
        best[k] = Math.max(best[k], s.cover);
        const f = `${scope}Fill` as 'phaseFill';
        best[f] = Math.max(best[f], s.fill);
      };
      const sameStop = lowLayers.filter((s) => lines[s.line].stop === c.stop && s.dz + cz <= H);
      for (const s of sameStop) note(phase[s.line] === phase[ci] ? 'phase' : 'stop', false, seat(s.dx, s.dy, s.dz, s.vol));
      // Two layers of one height side by side (along either axis; the shorter side must match within 2 %).
      for (let a = 0; a < sameStop.length; a++) {
        for (let b = a + 1; b < sameStop.length; b++) {
          const s = sameStop[a], t = sameStop[b];
          if (s.line === t.line || s.dz !== t.dz) continue;
          const scope = phase[s.line] === phase[ci] && phase[t.line] === phase[ci] ? 'phase' : 'stop';
          const v = s.vol + t.vol;
          // Side by side along x (tops joined lengthwise) or along y.
          if (Math.abs(s.dy - t.dy) <= 0.02 * Math.max(s.dy, t.dy)) note(scope, true, seat(s.dx + t.dx, Math.min(s.dy, t.dy), s.dz, v));
          if (Math.abs(s.dx - t.dx) <= 0.02 * Math.max(s.dx, t.dx)) note(scope, true, seat(Math.min(s.dx, t.dx), s.dy + t.dy, s.dz, v));
        }
      }
      // The stop-wide figures include the phase's seats.
      best.stop1 = Math.max(best.stop1, best.phase1);
      best.stop2 = Math.max(best.stop2, best.phase2);
      best.stopFill = Math.max(best.stopFill, best.phaseFill);
      if (best.phase1 > 0) counts.phase1++;
      if (best.phase2 > 0 || best.phase1 > 0) counts.phase2++;
      if (best.stop1 > 0) counts.stop1++;
      if (best.stop2 > 0 || best.stop1 > 0) counts.stop2++;
      if (best.phase1 >= 0.5) counts.phase1c5++;
      if (Math.max(best.phase1, best.phase2) >= 0.5) counts.phase2c5++;
      if (best.stop1 >= 0.9) counts.stop1c9++;
      if (Math.max(best.stop1, best.stop2) >= 0.9) counts.stop2c9++;
      if (best.stop1 >= 0.5) counts.stop1c5++;
      if (Math.max(best.stop1, best.stop2) >= 0.5) counts.stop2c5++;
      if (best.phaseFill >= 0.9) counts.phaseFill++;
      if (best.stopFill >= 0.9) counts.stopFill++;
    }
  }
  const crateLines = lines.map((l, i) => i).filter((i) => lines[i].name === 'crate');
  const phasesWithCrates = new Set(crateLines.map((i) => phase[i]));
  const lowInCratePhases = low.filter(({ i }) => phasesWithCrates.has(phase[i])).length;
  console.log(
    `${fleet} ${pieces} seed ${seed}: Units ${r.totals.units}; floor crates ${counts.crates} (${(floorArea / 1e6).toFixed(1)} m2); ` +
    `low lines ${low.length}, ${lowInCratePhases} of them in the ${phasesWithCrates.size} phases holding crates; ` +
    `seat of one line / of two at one height: in the phase ${counts.phase1} / ${counts.phase2} (cover >= 0.5: ${counts.phase1c5} / ${counts.phase2c5}), ` +
    `in the Stop ${counts.stop1} / ${counts.stop2} (cover >= 0.5: ${counts.stop1c5} / ${counts.stop2c5}; >= 0.9: ${counts.stop1c9} / ${counts.stop2c9}); ` +
    `column fill >= 0.9: phase ${counts.phaseFill}, Stop ${counts.stopFill}`,
  );
}

function vol(l: SolverCargoLine): number {
  return l.lengthMm * l.widthMm * l.heightMm;
}
