// Diagnostic: the floor an ideal column assignment of the scale cargo would need (no packing,
// only counting; not a proven bound). Pallets (stackable or not) and crates go into columns of
// two: a stackable pallet on the floor carries one top (a pallet of either kind, or a crate whose
// footprint lies within the carrier's), or two stackable pallets side by side carry one crate
// wider than a pallet (a platform; "of one height": only two pallets of equal height, as a flat
// face needs); heights under the roof of a 40' high cube. Tops on single carriers: a maximum
// matching (augmenting paths), crates first by footprint, then non-stackable pallets tallest
// first; platforms greedily; the stackable pallets left pair among themselves (the most pairs).
// Stops: none; or a top only on a carrier of its own Stop or a later-unloaded one (no Stop is
// unloaded last); or only on a carrier of its own Stop (the solver's columns pair lines of one
// phase, and a phase holds one Stop); last, the same with every crate on the floor (what the
// plans come near: sea 1,000 seed 7 lifts 4 of 37). Cartons and long goods are counted by volume over the
// headroom the columns leave, and beyond it as stacked to the roof (the least floor they could
// take). Floors are 40' high cube floors; "at 85 %" divides the floor area by 85 % of a floor
// (25 EUR pallets or 20 industrial pallets cover 84.8 % of one). Compare with the plan's own
// figures (`floor-use.ts`).
// npx tsx scripts/bench/column-ideal.ts [sea|road] [pieces] [seeds, e.g. 7,1,2]
import { FLEETS, generateCargo } from './cargo-generator.ts';
import type { SolverCargoLine } from '../../solver/types.ts';
import { matchTops } from './matching.ts';

if (process.argv.includes('--help')) {
  console.log('npx tsx scripts/bench/column-ideal.ts [sea|road] [pieces] [seeds, e.g. 7,1,2]: the floor an ideal column assignment of the scale cargo needs');
  process.exit(0);
}
const fleet = process.argv[2] ?? 'sea';
const pieces = Number(process.argv[3] ?? 1000);
const seeds = (process.argv[4] ?? '7').split(',').map(Number);
const hc = FLEETS[fleet].reduce((a, e) => (e.innerLengthMm * e.innerWidthMm * e.innerHeightMm > a.innerLengthMm * a.innerWidthMm * a.innerHeightMm ? e : a));
const H = hc.innerHeightMm;
const FLOOR = hc.innerLengthMm * hc.innerWidthMm;

interface P {
  kind: 'S' | 'N' | 'C';
  l: number;
  w: number;
  h: number;
  /** Unloading rank: Stop 1 first; no Stop last. */
  stop: number;
  area: number;
}

/** `top` may stand wholly on `carrier`'s footprint (either way round), or a pallet on a pallet (>= 80 % support). */
function footOk(top: P, carrier: P): boolean {
  if (top.kind !== 'C') return true; // 1200 x 800 carries 1200 x 1000 at 80 %, the rest fully
  const [cl, cw] = [Math.max(carrier.l, carrier.w), Math.min(carrier.l, carrier.w)];
  const [tl, tw] = [Math.max(top.l, top.w), Math.min(top.l, top.w)];
  return tl <= cl && tw <= cw;
}

/** Crate on two pallets side by side (either way round): its footprint within theirs. */
function platformOk(top: P, a: P, b: P): boolean {
  const [tl, tw] = [Math.max(top.l, top.w), Math.min(top.l, top.w)];
  const la = Math.max(a.l, a.w), wa = Math.min(a.l, a.w), lb = Math.max(b.l, b.w), wb = Math.min(b.l, b.w);
  const boxes: [number, number][] = [[Math.min(la, lb), wa + wb], [la + lb, Math.min(wa, wb)]];
  return boxes.some(([x, y]) => (tl <= Math.max(x, y) && tw <= Math.min(x, y)));
}

function analyse(lines: SolverCargoLine[], stops: boolean | 'same', flatPlatforms: boolean, grounded = false) {
  const ps: P[] = [];
  let cartonVol = 0, longVol = 0, longArea = 0, cartonN = 0, longN = 0;
  for (const l of lines) {
    for (let q = 0; q < l.quantity; q++) {
      const stop = l.stop ?? 99;
      if (l.name === 'pallet') ps.push({ kind: l.stackable ? 'S' : 'N', l: l.lengthMm, w: l.widthMm, h: l.heightMm, stop, area: l.lengthMm * l.widthMm });
      else if (l.name === 'crate') ps.push({ kind: 'C', l: l.lengthMm, w: l.widthMm, h: l.heightMm, stop, area: l.lengthMm * l.widthMm });
      else if (l.name === 'carton') { cartonVol += l.lengthMm * l.widthMm * l.heightMm; cartonN++; }
      else { longVol += l.lengthMm * l.widthMm * l.heightMm; longArea += l.lengthMm * l.widthMm; longN++; }
    }
  }
  const S = ps.filter((p) => p.kind === 'S'), N = ps.filter((p) => p.kind === 'N'), C = ps.filter((p) => p.kind === 'C');
  const stopOk = (top: P, c: P) => !stops || (stops === 'same' ? top.stop === c.stop : top.stop <= c.stop);
  const can = (top: P, c: P) => top.h + c.h <= H && footOk(top, c) && stopOk(top, c);
  // Tops that must be tops or on the floor: crates (largest first), then non-stackable pallets (tallest first).
  const musts = [...(grounded ? [] : C.sort((a, b) => b.area - a.area)), ...N.sort((a, b) => b.h - a.h)];
  const topOf = matchTops(musts, S, can);
  const onTop = new Set<P>(topOf.values());
  // Crates left: a platform of two free stackable pallets.
  const used = new Set<P>(topOf.keys());
  const platforms: P[] = [];
  for (const t of grounded ? [] : C.filter((c) => !onTop.has(c))) {
    const free = S.filter((c) => !used.has(c) && c.h + t.h <= H && stopOk(t, c)).sort((a, b) => b.h - a.h);
    let done = false;
    for (let i = 0; i < free.length && !done; i++) {
      for (let j = i + 1; j < free.length && !done; j++) {
        if ((!flatPlatforms || free[i].h === free[j].h) && platformOk(t, free[i], free[j])) {
          used.add(free[i]); used.add(free[j]);
          platforms.push(t);
          done = true;
        }
      }
    }
  }
  // Stackable pallets not yet carrying: pairs among themselves (either may be the top, so Stops
  // never forbid a pair); the most pairs under the roof: shortest with the tallest that fits.
  const rest = S.filter((c) => !used.has(c)).sort((a, b) => a.h - b.h);
  const sCarrier = new Set<P>(); // the upper pallet of each pair
  const pairs: [P, P][] = [];
  let lo = 0, hi = rest.length - 1;
  while (lo < hi) {
    if (rest[lo].h + rest[hi].h <= H) { sCarrier.add(rest[hi]); pairs.push([rest[lo], rest[hi]]); lo++; hi--; } else hi--;
  }
  // Floor pieces.
  const floorP = ps.filter((p) => !onTop.has(p) && !platforms.includes(p) && !sCarrier.has(p));
  const floorArea = floorP.reduce((a, p) => a + p.area, 0);
  // Headroom over the columns whose top may carry (volume a filler could use): a floor pallet
  // carrying nothing, or a pair of stackable pallets.
  let headroom = 0;
  const inPair = new Set<P>(pairs.flat());
  for (const p of S) if (!used.has(p) && !inPair.has(p)) headroom += p.area * (H - p.h);
  for (const [a, b] of pairs) headroom += Math.min(a.area, b.area) * (H - a.h - b.h);
  const byKind = (k: string) => floorP.filter((p) => p.kind === k);
  return {
    S: S.length, N: N.length, C: C.length, cartonN, longN,
    nOnTop: N.filter((p) => onTop.has(p)).length,
    cOnTop: C.filter((p) => onTop.has(p)).length, cOnPlatform: platforms.length,
    sOnS: sCarrier.size,
    floorPositions: floorP.length,
    floorS: byKind('S').length, floorN: byKind('N').length, floorC: byKind('C').length,
    floorArea, headroom, cartonVol, longVol, longArea,
  };
}

const f = (x: number) => (x / FLOOR).toFixed(2);
for (const seed of seeds) {
  const lines = generateCargo(pieces, seed);
  for (const [stops, flat, grounded] of [[false, false, false], [true, false, false], [true, true, false], ['same', true, false], ['same', true, true]] as const) {
    const a = analyse(lines, stops, flat, grounded);
    const fillers = a.cartonVol + a.longVol;
    // Fillers beyond the columns' headroom stand on the floor, to the roof at best.
    const fillerFloor = Math.max(0, fillers - a.headroom) / H / FLOOR;
    console.log(`${fleet} ${pieces} seed ${seed} ${stops === 'same' ? 'columns within one Stop' : stops ? 'Stops kept' : 'no Stops   '}${flat ? ', platforms of one height' : ''}${grounded ? ', every crate on the floor' : ''}: pallets S ${a.S} N ${a.N}, crates ${a.C}, cartons ${a.cartonN}, long goods ${a.longN}`);
    console.log(`  on a carrier: N ${a.nOnTop}/${a.N}, crates ${a.cOnTop} (+${a.cOnPlatform} on platforms)/${a.C}, S on S ${a.sOnS}`);
    console.log(`  floor positions ${a.floorPositions} (S ${a.floorS}, N ${a.floorN}, crates ${a.floorC}): ${f(a.floorArea)} floors of footprint, ${(a.floorArea / FLOOR / 0.85).toFixed(2)} at 85 % tiling, ${(a.floorArea / FLOOR / 0.9).toFixed(2)} at 90 %`);
    console.log(`  headroom over the columns ${f(a.headroom / H)} floors' volume; cartons + long goods ${f(fillers / H)} floors' volume (long goods footprint ${f(a.longArea)}); beyond the headroom ${fillerFloor.toFixed(2)}`);
    console.log(`  ideal floors: columns at 85 % + fillers beyond the headroom stacked to the roof = ${(a.floorArea / FLOOR / 0.85 + fillerFloor).toFixed(2)} (columns at 90 %: ${(a.floorArea / FLOOR / 0.9 + fillerFloor).toFixed(2)})`);
  }
}
