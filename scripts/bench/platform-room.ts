// Diagnostic: room for platforms of two lines. For the non-stackable pieces on the floor of a
// first plan (crates, non-stackable pallets): the floor they cover, and how many of them a
// platform of two stackable pallets of the SAME height but of two DIFFERENT lines would carry
// (whole base supported, the platform's top covered at least `COVER`, under the roof), pairs
// taken greedily from the stackable pallets on the plan's floor of the piece's own Stop (`x`:
// its own or a deeper Stop), each pallet once, biggest pieces first. What those pallets carry
// today shows the price: a platform takes two tops that now carry other pieces. `splits`: stacks of
// two stackable pallets of two lines that could instead seat two floor pieces (one on the lower
// pallet, one on the upper pallet moved to the floor, its top bare), greedily.
// `one line` counts the pieces today's one-line platforms (pack/platform-blocks.ts) could take
// (preferred where both fit; `TWO=1`: two-line platforms only, as if one-line ones did not exist).
// The cargo line: stackable pallet lines sharing width, height and Stop with another line, and the
// crates decks of long goods of several lines (piles of exactly one height, side by side) would seat.
// Virtual clock (0.5 ms a read): the same plan in every run.
// Sea 5,000 pieces, first plans, seeds 1 / 3 / 7 / 8 (52 / 52 / 52 / 53 Units): non-stackable pieces
// cover 261 / 267 / 295 / 242 m2 of floor (5.0 / 5.1 / 5.7 / 4.6 m2 a Unit; crates 85-90 % of it).
// Two-line platforms at cover 0.9: 0 on every seed (own or deeper Stops alike); at cover 0.5: 0 / 0 / 0 / 0
// (deeper Stops 2 / 0 / 2 / 1, about 2 m2 a seed); with `TWO=1` 0 / 2 / 0 / 4 at 0.9 and 23 / 24 / 17 / 18
// at 0.5 (26-38 m2, 0.5-0.7 m2 a Unit, gross: each takes two pallets now carrying N pallets, 1.9 m2
// of them). Crates are whole-base supported, so a platform needs pallets of exactly one height, and
// pallet heights are drawn per line from 800-1,600 mm: only 15-23
// (width, height, Stop) classes are shared by two or more of the 521-558 stackable pallet lines (59-107
// pieces). One-line platforms left: cover 0.9 2-7 crates, cover 0.5 127-161 (183-225 m2), but every
// pallet they would take already carries something (N pallets about 90 %). The floor's stackable pallets
// (858-905) carry: a non-stackable pallet 611-699, another line's stackable pallet 106-164, a crate 33-51,
// their own line 26-37, nothing 1-5. Decks of long goods of one height: 1 / 5 / 2 / 3 crates (1-6 m2).
// Splits: 104-162 two-line pallet stacks, 23-49 with the upper top bare; 11 / 12 / 16 / 16 splits free
// 6.8 / 7.5 / 7.7 / 9.4 m2 (about 0.15 m2 a Unit). So no block of other lines' pallets frees whole Units.
// npx tsx scripts/bench/platform-room.ts [sea|road] [pieces] [seed,seed,...] [cover] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '5000', seedArg = '7', coverArg = '0.9', module = 'solver/index.ts'] = process.argv.slice(2);
const COVER = Number(coverArg);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const M2 = 1e6;
const H = Math.min(...FLEETS[fleet].map((e) => e.innerHeightMm));
for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  let reads = 0;
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: () => reads++ * 0.5 });
  // The cargo itself: stackable pallet lines sharing width, height and Stop with another line.
  const shared = new Map<string, { lines: number; pieces: number }>();
  for (const l of lines) {
    if (l.name !== 'pallet' || !l.stackable) continue;
    const e = shared.get(`${l.widthMm} ${l.heightMm} ${l.stop ?? 99}`) ?? { lines: 0, pieces: 0 };
    shared.set(`${l.widthMm} ${l.heightMm} ${l.stop ?? 99}`, { lines: e.lines + 1, pieces: e.pieces + l.quantity });
  }
  // Decks of long goods: each line one pile (all its pieces), piles of one Stop and exactly one height side by
  // side as wide as a crate and as long; crates biggest first, each pile once.
  let decks = 0, deckM2 = 0;
  for (const stop of [...new Set(lines.map((l) => l.stop))]) {
    const piles = lines.filter((l) => l.name === 'long goods' && l.stop === stop && !l.groupKey)
      .map((l) => ({ h: l.quantity * l.heightMm, w: l.widthMm, len: l.lengthMm, used: false }));
    const crates = lines.filter((l) => l.name === 'crate' && l.stop === stop && !l.groupKey).flatMap((l) => Array<typeof l>(l.quantity).fill(l))
      .sort((a, b) => b.lengthMm * b.widthMm - a.lengthMm * a.widthMm);
    for (const c of crates) {
      const byH = new Map<number, typeof piles>();
      for (const q of piles) if (!q.used && q.len >= c.lengthMm && q.h + c.heightMm <= H) (byH.get(q.h) ?? byH.set(q.h, []).get(q.h)!).push(q);
      for (const g of byH.values()) {
        const take: typeof piles = [];
        for (const q of g.sort((a, b) => b.w - a.w)) if (take.reduce((a, t) => a + t.w, 0) < c.widthMm) take.push(q);
        if (take.reduce((a, t) => a + t.w, 0) < c.widthMm) continue;
        for (const q of take) q.used = true;
        decks++; deckM2 += (c.lengthMm * c.widthMm) / M2;
        break;
      }
    }
  }
  const sharedOnes = [...shared.values()].filter((e) => e.lines >= 2);
  const stackableLines = lines.filter((l) => l.name === 'pallet' && l.stackable).length;
  console.log(`${fleet} ${pieces} #${seed} cargo: ${stackableLines} stackable pallet lines; ${sharedOnes.length} (width, height, Stop) classes shared by 2+ lines, `
    + `${sharedOnes.reduce((a, e) => a + e.lines, 0)} lines, ${sharedOnes.reduce((a, e) => a + e.pieces, 0)} pieces; crates ${lines.filter((l) => l.name === 'crate').reduce((a, l) => a + l.quantity, 0)}, `
    + `of them on long-goods decks of one height ${decks} (${deckM2.toFixed(1)} m2)`);
  const stopKey = (p: Placement) => p.stop ?? 99; // no Stop: deepest
  const carried = new Map<Placement, string>();
  const floorS: Placement[] = [], floorN: Placement[] = [];
  const pairs: { s1: Placement; s2: Placement; bare: boolean }[] = [];
  const nsFloor: Record<string, number> = {};
  for (const u of r.units) {
    const ps = r.placements.filter((p) => p.unitIndex === u.index);
    for (const p of ps) {
      if (p.zMm !== 0) continue;
      const l = byId.get(p.cargoLineId)!;
      if (l.stackable) {
        if (l.name !== 'pallet') continue;
        const on = ps.filter((q) => q.zMm === p.heightMm && Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) > Math.max(p.xMm, q.xMm)
          && Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) > Math.max(p.yMm, q.yMm));
        carried.set(p, on.length === 0 ? 'nothing' : [...new Set(on.map((q) => { const ql = byId.get(q.cargoLineId)!; return q.cargoLineId === p.cargoLineId ? 'own' : ql.name === 'pallet' ? (ql.stackable ? 'S' : 'N') : ql.name; }))].sort().join('+'));
        floorS.push(p);
        // A stack of two stackable pallets of two lines: the upper one with its top bare or not.
        const up = on.length === 1 && on[0].cargoLineId !== p.cargoLineId ? byId.get(on[0].cargoLineId)! : undefined;
        if (up && up.name === 'pallet' && up.stackable) pairs.push({ s1: p, s2: on[0], bare: !ps.some((q) => q.zMm === on[0].heightMm + p.heightMm
          && Math.min(on[0].xMm + on[0].lengthMm, q.xMm + q.lengthMm) > Math.max(on[0].xMm, q.xMm) && Math.min(on[0].yMm + on[0].widthMm, q.yMm + q.widthMm) > Math.max(on[0].yMm, q.yMm)) });
      } else {
        floorN.push(p);
        const k = l.name === 'pallet' ? 'N pallet' : l.name;
        nsFloor[k] = (nsFloor[k] ?? 0) + (p.lengthMm * p.widthMm) / M2;
      }
    }
  }
  const tops: Record<string, number> = {};
  for (const v of carried.values()) tops[v] = (tops[v] ?? 0) + 1;
  console.log(`${fleet} ${pieces} #${seed} floor: ${floorS.length} stackable pallets carry ${JSON.stringify(tops)}; ${floorN.length} non-stackable pieces`);
  // Greedy: biggest non-stackable floor pieces first; a platform is two floor pallets of one footprint and height.
  const fits = (p: Placement, a: Placement) => {
    const w = Math.min(a.lengthMm, a.widthMm), len = Math.max(a.lengthMm, a.widthMm);
    const pl = Math.max(p.lengthMm, p.widthMm), pw = Math.min(p.lengthMm, p.widthMm);
    if (p.heightMm + a.heightMm > H) return false;
    // Side by side across (len x 2w) or end to end (2len x w); the piece must not fit on one pallet alone.
    if (pl <= len && pw <= w) return false;
    const top = 2 * len * w;
    const within = (pl <= Math.max(len, 2 * w) && pw <= Math.min(len, 2 * w)) || (pl <= 2 * len && pw <= w);
    return within && p.lengthMm * p.widthMm >= COVER * top;
  };
  const group = (a: Placement) => `${Math.min(a.lengthMm, a.widthMm)}x${Math.max(a.lengthMm, a.widthMm)}x${a.heightMm}`;
  // Split such a stack: a floor piece onto the lower pallet, the upper one onto the floor carrying another
  // floor piece (only where its top is bare): one floor place saved a split.
  const fitsOn = (x: Placement, c: Placement) => x.heightMm + c.heightMm <= H && stopKey(c) >= stopKey(x)
    && ((x.lengthMm <= c.lengthMm && x.widthMm <= c.widthMm) || (x.lengthMm <= c.widthMm && x.widthMm <= c.lengthMm));
  const seated = new Set<Placement>();
  let splits = 0, splitM2 = 0;
  for (const { s1, s2, bare } of pairs) {
    const a = floorN.find((x) => !seated.has(x) && fitsOn(x, s1));
    const b = a && bare ? floorN.find((x) => x !== a && !seated.has(x) && fitsOn(x, s2)) : undefined;
    if (!a || !b) continue;
    seated.add(a); seated.add(b); splits++;
    splitM2 += (a.lengthMm * a.widthMm + b.lengthMm * b.widthMm - s2.lengthMm * s2.widthMm) / M2;
  }
  console.log(`${fleet} ${pieces} #${seed} splits: ${pairs.length} two-line pallet stacks (${pairs.filter((q) => q.bare).length} with the upper top bare); `
    + `${splits} split to seat two floor pieces, ${splitM2.toFixed(1)} m2 of floor freed`);
  for (const deeper of [false, true]) {
    const used = new Set<Placement>();
    const res = { two: 0, twoM2: 0, one: 0, oneM2: 0, price: {} as Record<string, number> };
    const sorted = [...floorN].sort((a, b) => b.lengthMm * b.widthMm - a.lengthMm * a.widthMm);
    for (const p of sorted) {
      const ok = floorS.filter((a) => !used.has(a) && (deeper ? stopKey(a) >= stopKey(p) : stopKey(a) === stopKey(p)) && fits(p, a));
      const groups = new Map<string, Placement[]>();
      for (const a of ok) { const g = group(a) + ' ' + stopKey(a); (groups.get(g) ?? groups.set(g, []).get(g)!).push(a); }
      // Prefer a pair of one line (today's platforms could build it), else two lines.
      let pair: Placement[] | undefined, oneLine = false;
      for (const g of groups.values()) {
        const byLine = new Map<string, Placement[]>();
        for (const a of g) (byLine.get(a.cargoLineId) ?? byLine.set(a.cargoLineId, []).get(a.cargoLineId)!).push(a);
        const own = [...byLine.values()].find((v) => v.length >= 2);
        if (own && !process.env.TWO) { pair = own.slice(0, 2); oneLine = true; break; }
        if (!pair && byLine.size >= 2) { const [x, y] = [...byLine.values()]; pair = [x[0], y[0]]; }
      }
      if (!pair) continue;
      for (const a of pair) { used.add(a); res.price[carried.get(a)!] = (res.price[carried.get(a)!] ?? 0) + 1; }
      const area = (p.lengthMm * p.widthMm) / M2;
      if (oneLine) { res.one++; res.oneM2 += area; } else { res.two++; res.twoM2 += area; }
    }
    const U = r.totals.units;
    console.log(`${fleet} ${pieces} #${seed}${deeper ? ' x' : ''}: Units ${U}; non-stackable floor ${Object.entries(nsFloor).map(([k, v]) => `${k} ${v.toFixed(1)} m2`).join(', ')} `
      + `(${(Object.values(nsFloor).reduce((a, b) => a + b, 0) / U).toFixed(2)} m2/Unit of ${((hc.innerLengthMm * hc.innerWidthMm) / M2).toFixed(1)}); `
      + `two lines ${res.two} (${res.twoM2.toFixed(1)} m2, ${(res.twoM2 / U).toFixed(2)}/Unit), one line ${res.one} (${res.oneM2.toFixed(1)} m2); pallets taken now carry ${JSON.stringify(res.price)}`);
  }
}
