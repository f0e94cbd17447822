// General blocks (Fanslau & Bortfeldt, CLTRS): two blocks side by side along x or y, or
// one on top of the other, kept when they fill their bounding box almost completely.
import type { Block, Item } from '../model.ts';
import type { UnitSpec } from './state.ts';

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
  const seen = new Set(all.map(signature));
  // Lines of one or two pieces nearly all (many box types): a scarce line's box pairs loosely with any block.
  const few = !spec.supportNone && piecesPerLine(simple, counts) <= FEW_PIECES;
  const usable = (b: Block) => b.group < 0 && !b.pieces && needOf(b).every(([i]) => items[i].stackable && !items[i].fragile);
  let pairs = 0;
  const made: Block[] = [];
  let frontier = simple.filter(usable);
  let pool = frontier.slice();
  for (let round = 0; round < 2 && all.length < opts.maxBlocks; round++) {
    const fresh: Block[] = [];
    // Most pairs combine in no way: their figures in flat arrays rule them out before `combine`.
    const p = figuresOf(pool, counts), f = figuresOf(frontier, counts);
    for (let i = 0; i < pool.length; i++) {
      for (let j = 0; j < frontier.length; j++) {
        if (all.length + fresh.length >= opts.maxBlocks || ++pairs > opts.maxPairs) break;
        if ((pairs & 1023) === 0) tick();
        const loose = few ? p.scarce[i] + f.scarce[j] >= 1 : p.scarce[i] === 1 && f.scarce[j] === 1;
        const fill = !spec.supportNone && loose ? Math.min(opts.minFill, SCARCE_FILL) : opts.minFill;
        if (!mayCombine(p, i, f, j, spec, fill)) continue;
        const a = pool[i], b = frontier[j];
        made.length = 0;
        combine(a, b, spec, fill, counts, made);
        combine(b, a, spec, fill, counts, made);
        for (const c of made) {
          const key = signature(c);
          if (seen.has(key)) continue;
          seen.add(key);
          fresh.push(c);
        }
      }
    }
    all.push(...fresh);
    frontier = fresh;
    pool = all.filter(usable);
  }
  return all;
}

/**
 * Lines of at most this many pieces are scarce: they make no block of their own with a
 * wide flat top, so under a support rule only a pair with another line gives them one.
 */
const SCARCE_PIECES = 2;
/**
 * Least fill of a pair of two simple blocks of scarce lines under a support rule: with many
 * box types of one or two boxes each, two boxes rarely match to 98 % and each stands alone,
 * its top one box wide. Only first-round pairs of two scarce lines (but see FEW_PIECES):
 * looser pairs of all pairs multiply the blocks (about 5x on 100 types) and cost more
 * search time than they gain.
 */
const SCARCE_FILL = 0.93;

/**
 * Mean pieces per line of a phase up to which, under a support rule, a scarce line's box
 * pairs at SCARCE_FILL with any block, also with the pairs of the first round (so three or
 * four boxes of different types make one block). Phases of 100 box types hold 1.1-1.5
 * pieces per line, of 70 types 1.5-2.1, of 50 types 2.2-3.4: on 100 types most boxes
 * otherwise stand alone, their tops one box wide; on 70 types the looser pairs (twice the
 * blocks) cost the beam search more than they give, and on 30-50 types more still.
 */
const FEW_PIECES = 1.5;

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

function figuresOf(blocks: Block[], counts: ArrayLike<number>): Figures {
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
    f.scarce[k] = !b.parts && b.item >= 0 && counts[b.item] <= SCARCE_PIECES ? 1 : 0;
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

/** Mean pieces per line over the lines of the simple blocks. */
function piecesPerLine(simple: Block[], counts: ArrayLike<number>): number {
  const lines = new Set<number>();
  for (const b of simple) if (b.item >= 0 && !b.parts && !b.pieces) lines.add(b.item);
  let pieces = 0;
  for (const i of lines) pieces += counts[i];
  return lines.size === 0 ? Infinity : pieces / lines.size;
}

function needOf(b: Block): [number, number][] {
  return b.need ?? [[b.item, b.count]];
}

function signature(b: Block): string {
  const need = needOf(b).map(([i, n]) => `${i}:${n}`).join(',');
  const a = areaOf(b);
  return `${b.dx},${b.dy},${b.dz},${a ? a.join(':') : '-'}|${need}`;
}

function mergeNeed(a: Block, b: Block): [number, number][] {
  const m = new Map<number, number>();
  for (const [i, n] of [...needOf(a), ...needOf(b)]) m.set(i, (m.get(i) ?? 0) + n);
  return [...m.entries()].sort((p, q) => p[0] - q[0]);
}

/** The combinations of a and b along x, y and z that fit and fill enough of their box. */
function combine(a: Block, b: Block, spec: UnitSpec, minFill: number, counts: ArrayLike<number>, out: Block[]): void {
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
  if (alongX) out.push(general(a, b, dx, dy, hz, a.dx, 0, 0, same ? besideArea(areaOf(a), areaOf(b), a.dx, 0) : null));
  if (alongY) out.push(general(a, b, wx, wy, hz, 0, a.dy, 0, same ? besideArea(areaOf(a), areaOf(b), 0, a.dy) : null));
  if (onTop) {
    const pb = areaOf(b);
    out.push(general(a, b, a.dx, a.dy, a.dz + b.dz, pa[0], pa[1], a.dz, pb && [pb[0] + pa[0], pb[1] + pa[1], pb[2] + pa[0], pb[3] + pa[1]]));
  }
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
  let best: Area | null = null;
  const consider = (r: Area | null) => {
    if (r && r[2] > r[0] && r[3] > r[1] && (!best || size(r) > size(best))) best = r;
  };
  consider(pa);
  consider(pb);
  if (pa && pb) {
    if (ox > 0 && pa[2] === ox && pb[0] === ox) consider([pa[0], Math.max(pa[1], pb[1]), pb[2], Math.min(pa[3], pb[3])]);
    if (oy > 0 && pa[3] === oy && pb[1] === oy) consider([Math.max(pa[0], pb[0]), pa[1], Math.min(pa[2], pb[2]), pb[3]]);
  }
  return best;
}

function size(r: Area): number {
  return (r[2] - r[0]) * (r[3] - r[1]);
}

function general(a: Block, b: Block, dx: number, dy: number, dz: number, bx: number, by: number, bz: number, area: Area | null): Block {
  const flat = area !== null && area[0] === 0 && area[1] === 0 && area[2] === dx && area[3] === dy;
  return {
    dx, dy, dz, volume: a.volume + b.volume, weight: a.weight + b.weight, item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1,
    count: a.count + b.count, group: -1, pieces: null,
    parts: [{ block: a, x: 0, y: 0, z: 0 }, { block: b, x: bx, y: by, z: bz }],
    need: mergeNeed(a, b), flat, area,
  };
}

/** Both blocks together use no more pieces of any item than there are. */
function fitsCounts(a: Block, b: Block, counts: ArrayLike<number>): boolean {
  const na = needOf(a), nb = needOf(b);
  for (const [i, n] of na) {
    let total = n;
    for (const [j, m] of nb) if (j === i) total += m;
    if (total > counts[i]) return false;
  }
  for (const [j, m] of nb) {
    let total = m;
    for (const [i, n] of na) if (i === j) total += n;
    if (total > counts[j]) return false;
  }
  return true;
}
