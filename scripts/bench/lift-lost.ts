// Diagnostic: the non-stackable pieces (N pallets, crates) standing on the floor of a plan, and
// why each is not on a stackable pallet (S) standing on the floor. A carrier Q takes a top P when
// P's footprint lies within Q's (either way round; a pallet on a pallet at 80 % support: 1200 x
// 1000 on 1200 x 800), both fit under Q's Unit's roof, and Q's Stop is not unloaded before P's.
// Reasons, first that applies: a carrier with a bare top in the same Unit ("free here"), in another
// Unit ("free elsewhere"), a bare one only of a Stop unloaded earlier ("stop"), only too tall
// ("height"); else the fitting carriers all carry something ("used by" S / N / C / fillers) or
// none fits ("no carrier": footprint; "platform" when two floor pallets of one line would take it).
// Then distinct counts: a maximum matching of the floor tops to bare carriers (any Unit), and to
// carriers that carry only an S pallet (a swap: the S pallet would go to the floor).
// npx tsx scripts/bench/lift-lost.ts [sea|road] [pieces] [seed,seed,...] [solver module] [seconds]
import { pathToFileURL } from 'node:url';
import { matchTops } from './matching.ts';
import { resolve } from 'node:path';
import { generateCargo, kindLetter, scaleInput, FLEETS } from './cargo-generator.ts';
import { placementsByUnit } from '../../solver/check/unit-geometry.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '1000', seedArg = '7', module = 'solver/index.ts', seconds = '0'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HC = hc.innerLengthMm * hc.innerWidthMm;

interface Piece { p: Placement; kind: string; line: string; H: number; rank: number; carries: string[]; area: number; upper?: Placement }
const reasons: Record<string, Record<string, number>> = {};
const totals = { floorTops: 0, floorTopArea: 0, freeMatch: 0, freeMatchArea: 0, swapMatch: 0, swapMatchArea: 0, swapGain: 0, units: 0, third: 0, thirdArea: 0 };
const count = (k: string, r: string) => { (reasons[k] ??= {})[r] = (reasons[k][r] ?? 0) + 1; };

for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, Number(seconds) * 1000), { now: cpuMs });
  totals.units += r.totals.units;
  const kindOf = (p: Placement) => kindLetter(byId.get(p.cargoLineId)!);
  const floor: Piece[] = [];
  const byUnit = placementsByUnit(r.placements);
  for (const u of r.units) {
    const H = FLEETS[fleet].find((e) => e.id === u.equipmentId)!.innerHeightMm;
    const ps = byUnit.get(u.index) ?? [];
    for (const p of ps) {
      if (p.zMm !== 0) continue;
      const on = ps.filter((q) => q.zMm === p.heightMm && Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) > Math.max(p.xMm, q.xMm) && Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) > Math.max(p.yMm, q.yMm));
      // A column of two stackable pallets whose upper one carries nothing: a carrier for a third piece.
      const u = on.length === 1 && kindOf(on[0]) === 'S' ? on[0] : undefined;
      const upperBare = u && !ps.some((q) => q.zMm === u.zMm + u.heightMm && Math.min(u.xMm + u.lengthMm, q.xMm + q.lengthMm) > Math.max(u.xMm, q.xMm) && Math.min(u.yMm + u.widthMm, q.yMm + q.widthMm) > Math.max(u.yMm, q.yMm));
      floor.push({ p, kind: kindOf(p), line: p.cargoLineId, H, rank: p.stop ?? 99, carries: on.map((q) => (q.cargoLineId === p.cargoLineId ? 'own' : kindOf(q))), area: p.lengthMm * p.widthMm, upper: upperBare ? u : undefined });
    }
  }
  const carriers = floor.filter((q) => q.kind === 'S');
  const tops = floor.filter((q) => q.kind === 'N' || q.kind === 'C');
  const footOk = (t: Piece, c: Piece) => {
    const [cl, cw] = [Math.max(c.p.lengthMm, c.p.widthMm), Math.min(c.p.lengthMm, c.p.widthMm)];
    const [tl, tw] = [Math.max(t.p.lengthMm, t.p.widthMm), Math.min(t.p.lengthMm, t.p.widthMm)];
    if (t.kind === 'N') return tl <= cl && tw * 0.8 <= cw; // 80 % of the pallet's base on the carrier
    return tl <= cl && tw <= cw;
  };
  const heightOk = (t: Piece, c: Piece) => t.p.heightMm + c.p.heightMm <= c.H;
  const stopOk = (t: Piece, c: Piece) => t.rank <= c.rank;
  const bare = (c: Piece) => c.carries.length === 0;
  for (const t of tops) {
    totals.floorTops++;
    totals.floorTopArea += t.area / HC;
    const fit = carriers.filter((c) => footOk(t, c));
    let why: string;
    if (fit.some((c) => bare(c) && heightOk(t, c) && stopOk(t, c) && c.p.unitIndex === t.p.unitIndex)) why = 'free here';
    else if (fit.some((c) => bare(c) && heightOk(t, c) && stopOk(t, c))) why = 'free elsewhere';
    else if (fit.some((c) => bare(c) && heightOk(t, c))) why = 'stop';
    else if (fit.some((c) => bare(c) && stopOk(t, c))) why = 'height';
    else if (fit.some((c) => heightOk(t, c) && stopOk(t, c))) {
      const used = fit.filter((c) => heightOk(t, c) && stopOk(t, c)).map((c): string => (c.carries.includes('N') || c.carries.includes('C') ? 'N/C' : c.carries.includes('S') ? 'S' : c.carries.includes('own') ? 'own' : 'fillers'));
      const order: string[] = ['own', 'S', 'fillers', 'N/C'];
      why = 'used by ' + order.find((o) => used.includes(o));
    } else if (fit.length > 0) why = 'no carrier: height/stop';
    else {
      // Two floor pallets of one line, side by side (either way round), under the roof, Stop kept.
      const plat = t.kind === 'C' && carriers.some((a) => carriers.some((b) => a !== b && a.line === b.line && stopOk(t, a) && heightOk(t, a) && platformOk(t.p, a.p, b.p)));
      why = plat ? 'no carrier: platform of one line' : 'no carrier: footprint';
    }
    count(t.kind, why);
  }
  // Distinct: maximum matchings (augmenting paths), the largest tops first.
  const match = (ok: (t: Piece, c: Piece) => boolean): Piece[] => [...matchTops([...tops].sort((a, b) => b.area - a.area), carriers, ok).values()];
  const base = (t: Piece, c: Piece) => footOk(t, c) && heightOk(t, c) && stopOk(t, c);
  const free = match((t, c) => base(t, c) && bare(c));
  totals.freeMatch += free.length;
  totals.freeMatchArea += free.reduce((a, t) => a + t.area, 0) / HC;
  // Swaps: a carrier holding only one stackable pallet of another line (that pallet goes to the floor).
  const swapOk = (c: Piece) => c.carries.length === 1 && c.carries[0] === 'S';
  const swaps = match((t, c) => base(t, c) && (bare(c) || swapOk(c)));
  totals.swapMatch += swaps.length;
  // Three high: onto the bare upper pallet of a two-pallet column (footprint within the upper one, under the roof).
  const third = match((t, c) => {
    const u = c.upper;
    if (!u || t.p.heightMm + u.zMm + u.heightMm > c.H || t.rank > (u.stop ?? 99)) return false;
    return footOk(t, { ...c, p: u });
  });
  totals.third += third.length;
  totals.thirdArea += third.reduce((a, t) => a + t.area, 0) / HC;
  totals.swapMatchArea += swaps.reduce((a, t) => a + t.area, 0) / HC;
}
function platformOk(top: Placement, a: Placement, b: Placement): boolean {
  const [tl, tw] = [Math.max(top.lengthMm, top.widthMm), Math.min(top.lengthMm, top.widthMm)];
  const la = Math.max(a.lengthMm, a.widthMm), wa = Math.min(a.lengthMm, a.widthMm), lb = Math.max(b.lengthMm, b.widthMm), wb = Math.min(b.lengthMm, b.widthMm);
  const boxes: [number, number][] = [[Math.min(la, lb), wa + wb], [la + lb, Math.min(wa, wb)]];
  return boxes.some(([x, y]) => tl <= Math.max(x, y) && tw <= Math.min(x, y));
}
console.log(`${fleet} ${pieces} seeds ${seedArg}: Units ${totals.units}; non-stackable pieces on the floor ${totals.floorTops} (${totals.floorTopArea.toFixed(2)} floors)`);
for (const [k, rs] of Object.entries(reasons)) console.log(`  ${k}: ` + Object.entries(rs).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', '));
console.log(`  liftable at once onto bare floor carriers (matching) ${totals.freeMatch} (${totals.freeMatchArea.toFixed(2)} floors); with swaps for a carried S pallet ${totals.swapMatch} (${totals.swapMatchArea.toFixed(2)} floors); three high onto a bare two-pallet column ${totals.third} (${totals.thirdArea.toFixed(2)} floors)`);
