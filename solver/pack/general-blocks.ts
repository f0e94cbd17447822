// General blocks (Fanslau & Bortfeldt, CLTRS): two blocks side by side along x or y, or
// one on top of the other, kept when they fill their bounding box almost completely.
import type { Block, Item } from '../model.ts';
import type { UnitSpec } from './state.ts';
import { BlockKeys } from './block-keys.ts';

export interface GeneralBlockOptions {
  /** Least share of the bounding box the pieces fill. */
  minFill: number;
  /** Stop when the list holds this many blocks. */
  maxBlocks: number;
  /** Pair checks allowed (bounds the work at scale). */
  maxPairs: number;
}

/**
 * Adds general blocks to a list of simple blocks (fragile and non-stackable pieces stay
 * in simple blocks). Each new block must fit the Unit and use no more pieces than `counts`.
 */
export function withGeneralBlocks(simple: Block[], items: Item[], counts: ArrayLike<number>, spec: UnitSpec, opts: GeneralBlockOptions, tick: () => void): Block[] {
  const all = simple.slice();
  const seen = new BlockKeys();
  for (const b of all) seen.add(b.dx, b.dy, b.dz, areaOf(b), needOf(b));
  // Lines of one or two pieces nearly all (many box types): a scarce line's box pairs loosely with any block.
  const perLine = spec.supportNone ? Infinity : piecesPerLine(simple, counts);
  const few = perLine <= FEW_PIECES;
  // Which lines are scarce (see FEW_SCARCE_PIECES).
  const scarce = few && linesOf(simple).size >= FEW_SCARCE_LINES ? FEW_SCARCE_PIECES : SCARCE_PIECES;
  const usable = (b: Block) => b.group < 0 && !b.pieces && needOf(b).every(([i]) => items[i].stackable && !items[i].fragile);
  const count = { pairs: 0 };
  // Under a support rule, lines of few pieces (many box types): only combinations whose top can carry (see CARRY_SHARE).
  const carry = perLine <= CARRY_PIECES;
  const made: Made[] = [];
  let frontier = simple.filter(usable);
  let pool = frontier.slice();
  for (let round = 0; round < 2 && all.length < opts.maxBlocks; round++) {
    const fresh: Block[] = [];
    // Most pairs combine in no way: their figures in flat arrays rule them out before `combine`.
    const p = figuresOf(pool, counts, scarce), f = figuresOf(frontier, counts, scarce);
    for (let i = 0; i < pool.length; i++) {
      for (let j = 0; ; j++) {
        if (all.length + fresh.length >= opts.maxBlocks) break;
        j = nextPair(p, i, f, j, spec, opts, few, count, tick);
        if (j < 0) break;
        const fill = pairFill(p, i, f, j, spec, opts, few);
        const a = pool[i], b = frontier[j];
        made.length = 0;
        combine(a, b, spec, fill, counts, made);
        combine(b, a, spec, fill, counts, made);
        if (made.length === 0) continue;
        // Both ways round take the same pieces: one need for all.
        const need = mergeNeed(a, b);
        for (const c of made) if ((!carry || carries(c)) && seen.add(c.dx, c.dy, c.dz, c.area, need)) fresh.push(general(c, need));
      }
    }
    all.push(...fresh);
    frontier = fresh;
    pool = all.filter(usable);
  }
  return carry ? withoutCovered(all) : all;
}

/**
 * Lines of at most this many pieces are scarce: they make no block of their own with a
 * wide flat top, so under a support rule only a pair with another line gives them one.
 */
const SCARCE_PIECES = 2;
/**
 * In a phase of at least FEW_SCARCE_LINES lines holding at most FEW_PIECES pieces on average
 * (about 100 box types), only a line of one piece is scarce: a line of two has a block of its
 * own with a whole flat top (the two stacked or side by side), and its loose pairs with any
 * block cost the beam search more than they gave (T100 phase 0 of seed 101: 2,780 / 4,138 /
 * 4,804 general blocks -> 2,151 / 2,584 / 3,034). Full support, 5 s of CPU, paired: generated
 * T100 seeds 101 / 202 +0.34 (6 better / 0 worse), held out 303-707 +0.29 (7 / 5); real BR14 +
 * BR15 #1-3 and #11-13 +0.26 (13 / 5 over three runs), BR12 + BR13 -0.08 (5 / 8). Also on the
 * 11-line filler phases of 70 box types: T70 -0.28 (1 / 5, seeds 101-404); on every phase
 * (SCARCE_PIECES 1) T70 -0.25 (2 / 4).
 */
const FEW_SCARCE_PIECES = 1;
/** Least lines of a phase for FEW_SCARCE_PIECES (100 box types: phases of 70 and 30 lines; 70 types: a filler phase of 11). */
const FEW_SCARCE_LINES = 20;

/**
 * Least fill of a pair of two simple blocks of scarce lines under a support rule: with many
 * box types of one or two boxes each, two boxes rarely match to 98 % and each stands alone,
 * its top one box wide. Only first-round pairs of two scarce lines (but see FEW_PIECES):
 * looser pairs of all pairs multiply the blocks (about 5x on 100 types) and cost more
 * search time than they gain.
 */
const SCARCE_FILL = 0.93;

/**
 * Mean pieces per line of a phase up to which, under a support rule, a scarce line's box (there
 * a line of FEW_SCARCE_PIECES) pairs at SCARCE_FILL with any block, also with the pairs of the
 * first round (so three or four boxes of different types make one block). First phases of 100
 * box types hold 1.1-1.4 pieces per line, of 90 types 1.3-1.7, of 80 types 1.4-1.9 (real BR13
 * 1.62-1.69), of 70 types 1.5-2.1 (BR12 1.76-1.90), of 50 types 2.2-3.4: on 100 types most boxes
 * otherwise stand alone, their tops one box wide; on 70 types the looser pairs (twice the
 * blocks) cost the beam search more than they give, and on 30-50 types more still. 1.7 rather
 * than 1.5 brings the 80-type phases in (5 s of CPU, full support, paired: real BR13 #1-6 and
 * #11-16 +0.25, 6 better / 4 worse, +0.35 on the 9 whose phases it reaches; generated 80 types
 * seeds 101-606 +0.38, 14 / 4); on the phases of 70 and 90 types it reaches it is level (T70
 * +0.11, 4 / 2; T90 +0.04, 4 / 4; BR14 -0.42, 1 / 2).
 */
const FEW_PIECES = 1.7;

/**
 * The first j from `from` on whose pair with pool block i may combine (see `mayCombine`),
 * or -1 at the row's end or past the pair checks allowed. Counts the pairs checked and
 * ticks every 1024. (The hot loop, kept small: it is compiled apart from the rest.)
 */
function nextPair(p: Figures, i: number, f: Figures, from: number, spec: UnitSpec, opts: GeneralBlockOptions, few: boolean, count: { pairs: number }, tick: () => void): number {
  const n = f.dx.length, maxPairs = opts.maxPairs;
  let pairs = count.pairs;
  for (let j = from; j < n; j++) {
    if (++pairs > maxPairs) break;
    if ((pairs & 1023) === 0) tick();
    if (mayCombine(p, i, f, j, spec, pairFill(p, i, f, j, spec, opts, few))) {
      count.pairs = pairs;
      return j;
    }
  }
  count.pairs = pairs;
  return -1;
}

/** The least fill of a pair: looser for scarce lines under a support rule (see SCARCE_FILL, FEW_PIECES). */
function pairFill(p: Figures, i: number, f: Figures, j: number, spec: UnitSpec, opts: GeneralBlockOptions, few: boolean): number {
  const loose = few ? p.scarce[i] + f.scarce[j] >= 1 : p.scarce[i] === 1 && f.scarce[j] === 1;
  return !spec.supportNone && loose ? Math.min(opts.minFill, SCARCE_FILL) : opts.minFill;
}

/** What the pair test reads of each block: extents, volume and the packing area's size (-1: none). */
interface Figures {
  dx: Float64Array;
  dy: Float64Array;
  dz: Float64Array;
  volume: Float64Array;
  areaX: Float64Array;
  areaY: Float64Array;
  /** 1: a simple block of a scarce line (see SCARCE_PIECES). */
  scarce: Uint8Array;
}

function figuresOf(blocks: Block[], counts: ArrayLike<number>, scarcePieces: number): Figures {
  const n = blocks.length;
  const f: Figures = {
    dx: new Float64Array(n), dy: new Float64Array(n), dz: new Float64Array(n), volume: new Float64Array(n),
    areaX: new Float64Array(n), areaY: new Float64Array(n), scarce: new Uint8Array(n),
  };
  for (let k = 0; k < n; k++) {
    const b = blocks[k];
    const pa = areaOf(b);
    f.dx[k] = b.dx; f.dy[k] = b.dy; f.dz[k] = b.dz; f.volume[k] = b.volume;
    f.areaX[k] = pa ? pa[2] - pa[0] : -1;
    f.areaY[k] = pa ? pa[3] - pa[1] : -1;
    f.scarce[k] = !b.parts && b.item >= 0 && counts[b.item] <= scarcePieces ? 1 : 0;
  }
  return f;
}

/**
 * `combine` of a and b (either way round) may make a block: the tests of `combine` on the
 * figures alone, without the piece counts (so a pair it rules out makes nothing).
 */
function mayCombine(p: Figures, i: number, f: Figures, j: number, spec: UnitSpec, minFill: number): boolean {
  const adx = p.dx[i], ady = p.dy[i], adz = p.dz[i], bdx = f.dx[j], bdy = f.dy[j], bdz = f.dz[j];
  const least = (p.volume[i] + f.volume[j]) / minFill;
  const hz = adz > bdz ? adz : bdz;
  if (adz + bdz <= spec.H) {
    // a on b's packing area or b on a's.
    if (p.areaX[i] >= 0 && bdx <= p.areaX[i] && bdy <= p.areaY[i] && adx * ady * (adz + bdz) <= least) return true;
    if (f.areaX[j] >= 0 && adx <= f.areaX[j] && ady <= f.areaY[j] && bdx * bdy * (adz + bdz) <= least) return true;
  }
  if (!(spec.supportNone || adz === bdz) || hz > spec.H) return false;
  const mx = adx > bdx ? adx : bdx, my = ady > bdy ? ady : bdy;
  const sx = adx + bdx, sy = ady + bdy;
  return (sx <= spec.L && my <= spec.W && sx * my * hz <= least) || (mx <= spec.L && sy <= spec.W && mx * sy * hz <= least);
}

/** The lines of the simple blocks. */
function linesOf(simple: Block[]): Set<number> {
  const lines = new Set<number>();
  for (const b of simple) if (b.item >= 0 && !b.parts && !b.pieces) lines.add(b.item);
  return lines;
}

/** Mean pieces per line over the lines of the simple blocks. */
function piecesPerLine(simple: Block[], counts: ArrayLike<number>): number {
  const lines = linesOf(simple);
  let pieces = 0;
  for (const i of lines) pieces += counts[i];
  return lines.size === 0 ? Infinity : pieces / lines.size;
}

function needOf(b: Block): [number, number][] {
  return b.need ?? [[b.item, b.count]];
}

/** The pieces of both blocks per item, in item order. */
function mergeNeed(a: Block, b: Block): [number, number][] {
  const na = needOf(a), nb = needOf(b);
  if (!ascending(na) || !ascending(nb)) return mergeAny(na, nb);
  // Both in item order, each item once: merge them.
  const out: [number, number][] = [];
  let x = 0, y = 0;
  while (x < na.length || y < nb.length) {
    const i = x < na.length ? na[x][0] : Infinity, j = y < nb.length ? nb[y][0] : Infinity;
    if (i === j) out.push([i, na[x++][1] + nb[y++][1]]);
    else if (i < j) out.push([i, na[x++][1]]);
    else out.push([j, nb[y++][1]]);
  }
  return out;
}

/** Items strictly ascending (so each once). */
function ascending(need: [number, number][]): boolean {
  for (let k = 1; k < need.length; k++) if (need[k][0] <= need[k - 1][0]) return false;
  return true;
}

function mergeAny(na: [number, number][], nb: [number, number][]): [number, number][] {
  const m = new Map<number, number>();
  for (const [i, n] of [...na, ...nb]) m.set(i, (m.get(i) ?? 0) + n);
  return [...m.entries()].sort((p, q) => p[0] - q[0]);
}

/** A combination of two blocks before it is made a block (most are known already). */
interface Made {
  a: Block;
  b: Block;
  dx: number;
  dy: number;
  dz: number;
  /** Where b goes relative to a. */
  bx: number;
  by: number;
  bz: number;
  area: Area | null;
}

/** The combinations of a and b along x, y and z that fit and fill enough of their box. */
function combine(a: Block, b: Block, spec: UnitSpec, minFill: number, counts: ArrayLike<number>, out: Made[]): void {
  const volume = a.volume + b.volume;
  const hz = a.dz > b.dz ? a.dz : b.dz;
  // Under a support rule a step in the top breaks the face what comes next stands on:
  // side by side only at one height.
  const level = spec.supportNone || a.dz === b.dz;
  const least = volume / minFill;
  // Side by side along x (b behind a).
  const dx = a.dx + b.dx, dy = a.dy > b.dy ? a.dy : b.dy;
  const alongX = level && dx <= spec.L && dy <= spec.W && hz <= spec.H && dx * dy * hz <= least;
  // Side by side along y (b beside a).
  const wx = a.dx > b.dx ? a.dx : b.dx, wy = a.dy + b.dy;
  const alongY = level && wx <= spec.L && wy <= spec.W && hz <= spec.H && wx * wy * hz <= least;
  // b on a's packing area (the rectangle of its top anything may stand on): fully supported.
  const pa = areaOf(a);
  const onTop = pa !== null && b.dx <= pa[2] - pa[0] && b.dy <= pa[3] - pa[1] && a.dz + b.dz <= spec.H && a.dx * a.dy * (a.dz + b.dz) <= least;
  if (!(alongX || alongY || onTop) || !fitsCounts(a, b, counts)) return;
  const same = a.dz === b.dz;
  if (alongX) out.push({ a, b, dx, dy, dz: hz, bx: a.dx, by: 0, bz: 0, area: same ? besideArea(pa, areaOf(b), a.dx, 0) : null });
  if (alongY) out.push({ a, b, dx: wx, dy: wy, dz: hz, bx: 0, by: a.dy, bz: 0, area: same ? besideArea(pa, areaOf(b), 0, a.dy) : null });
  if (onTop) {
    const pb = areaOf(b);
    out.push({ a, b, dx: a.dx, dy: a.dy, dz: a.dz + b.dz, bx: pa[0], by: pa[1], bz: a.dz, area: pb && [pb[0] + pa[0], pb[1] + pa[1], pb[2] + pa[0], pb[3] + pa[1]] });
  }
}

/**
 * Least share of a combination's top its packing area must cover to be kept, under a support
 * rule where lines hold at most CARRY_PIECES pieces on average (after Fanslau & Bortfeldt's
 * CLTRS, whose general blocks under full support need a large packing area). On 100 box types
 * the 3,000,000 pair checks otherwise ended in 7,500 blocks of which 49 had a flat top; most
 * tops carried little and the pair checks ran out before the second round was through. With
 * 0.9, phase 0 of a T100 set holds 2,800 blocks, the pair checks no longer run out. Full support,
 * 5 s of CPU, paired, generated seeds 101-404: T100 +0.61 (9 better / 3 worse), T70 +0.42
 * (10 / 2); 0.75 T100 +0.50 (8 / 4), 1.0 (flat tops only) T100 -1.54 (0 / 12). On BR1-BR7
 * (lines of 6 or more pieces) it lost 0.18 (4 / 7), so it stays off there.
 */
const CARRY_SHARE = 0.9;
/** Mean pieces per line up to which CARRY_SHARE applies (generated 50 types hold 2.2-3.4, BR1-BR7 lines 6 or more). */
const CARRY_PIECES = 3.5;

/** The combination's packing area covers at least CARRY_SHARE of its top. */
function carries(c: Made): boolean {
  return c.area !== null && size(c.area) >= CARRY_SHARE * c.dx * c.dy;
}

/** A rectangle of a block's top (x0, y0, x1, y1 at its full height) anything may stand on, or null. */
type Area = [number, number, number, number];

/** The block's packing area: its whole top when flat (simple blocks of stackable pieces). */
function areaOf(b: Block): Area | null {
  if (b.area !== undefined) return b.area;
  return b.flat === false ? null : [0, 0, b.dx, b.dy];
}

/**
 * The packing area of two blocks of one height side by side (b shifted by ox, oy): the
 * larger of the two, or both joined where they meet along the whole of a shared edge.
 */
function besideArea(pa: Area | null, pb0: Area | null, ox: number, oy: number): Area | null {
  const pb: Area | null = pb0 && [pb0[0] + ox, pb0[1] + oy, pb0[2] + ox, pb0[3] + oy];
  let best = larger(pa, null);
  best = larger(pb, best);
  if (pa && pb) {
    if (ox > 0 && pa[2] === ox && pb[0] === ox) best = larger([pa[0], Math.max(pa[1], pb[1]), pb[2], Math.min(pa[3], pb[3])], best);
    if (oy > 0 && pa[3] === oy && pb[1] === oy) best = larger([Math.max(pa[0], pb[0]), pa[1], Math.min(pa[2], pb[2]), pb[3]], best);
  }
  return best;
}

/** r if it is a rectangle of some area larger than best's, else best. */
function larger(r: Area | null, best: Area | null): Area | null {
  return r && r[2] > r[0] && r[3] > r[1] && (!best || size(r) > size(best)) ? r : best;
}

function size(r: Area): number {
  return (r[2] - r[0]) * (r[3] - r[1]);
}

/** The block of a combination (each its own copy of the pieces it takes). */
function general({ a, b, dx, dy, dz, bx, by, bz, area }: Made, need: [number, number][]): Block {
  const flat = area !== null && area[0] === 0 && area[1] === 0 && area[2] === dx && area[3] === dy;
  return {
    dx, dy, dz, volume: a.volume + b.volume, weight: a.weight + b.weight, item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1,
    count: a.count + b.count, group: -1, pieces: null,
    parts: [{ block: a, x: 0, y: 0, z: 0 }, { block: b, x: bx, y: by, z: bz }],
    need: need.map((e) => [e[0], e[1]]), flat, area,
  };
}

/** Both blocks together use no more pieces of any item than there are. */
function fitsCounts(a: Block, b: Block, counts: ArrayLike<number>): boolean {
  const na = needOf(a), nb = needOf(b);
  for (let k = 0; k < na.length; k++) if (na[k][1] + piecesOf(nb, na[k][0]) > counts[na[k][0]]) return false;
  for (let k = 0; k < nb.length; k++) if (nb[k][1] + piecesOf(na, nb[k][0]) > counts[nb[k][0]]) return false;
  return true;
}

/** The pieces of item i a need takes. */
function piecesOf(need: [number, number][], i: number): number {
  let n = 0;
  for (let k = 0; k < need.length; k++) if (need[k][0] === i) n += need[k][1];
  return n;
}

/**
 * The list without general blocks covered by another of the same pieces: a box no larger along
 * any axis (smaller along one) with a packing area no smaller. Wherever a covered block fits its
 * cover fits too and leaves more room; with lines of few pieces nearly every set of pieces comes
 * in several arrangements (T100 phase 0 of seed 101: 29-144 of 1,630-2,500 general blocks covered;
 * the blocks a search scans per space are then fewer alike ones). Only where CARRY_PIECES holds.
 * Full support, 5 s of CPU, paired: a small gain, within the noise of each run but never below,
 * +0.07 over 84 pairs (43 better / 33 worse): generated 70 + 100 types seeds 101 / 202 +0.07 (7 / 5)
 * and again +0.05 (6 / 5), held out 303 / 404 +0.03 (4 / 6), 505 / 707 +0.11 (7 / 4); real BR12-BR15
 * #1-3 +0.15 (6 / 4), #4-6 +0.04 (6 / 5), #11-13 +0.05 (7 / 4) (BR13 -0.12 over its 9, 3 / 5).
 */
function withoutCovered(list: Block[]): Block[] {
  const bySet = new Map<number, Block[]>();
  for (const b of list) {
    if (!b.parts) continue;
    const h = needHash(b.need!);
    const same = bySet.get(h);
    if (same) same.push(b);
    else bySet.set(h, [b]);
  }
  const covered = new Set<Block>();
  for (const same of bySet.values()) {
    for (const b of same) {
      for (const o of same) {
        if (o !== b && !covered.has(o) && covers(o, b)) {
          covered.add(b);
          break;
        }
      }
    }
  }
  return covered.size === 0 ? list : list.filter((b) => !covered.has(b));
}

/** Block o holds the same pieces as b in a box no larger along any axis (smaller along one), with a packing area no smaller. */
function covers(o: Block, b: Block): boolean {
  return o.dx <= b.dx && o.dy <= b.dy && o.dz <= b.dz && (o.dx < b.dx || o.dy < b.dy || o.dz < b.dz)
    && areaSize(o) >= areaSize(b) && sameNeed(o.need!, b.need!);
}

function needHash(need: [number, number][]): number {
  let h = 0x811c9dc5;
  for (const [i, n] of need) h = Math.imul(Math.imul(h ^ i, 0x01000193) ^ n, 0x01000193);
  return h;
}

function sameNeed(a: [number, number][], b: [number, number][]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k][0] !== b[k][0] || a[k][1] !== b[k][1]) return false;
  return true;
}

function areaSize(b: Block): number {
  const a = areaOf(b);
  return a ? size(a) : 0;
}
