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
  const usable = (b: Block) => b.group < 0 && !b.pieces && needOf(b).every(([i]) => items[i].stackable && !items[i].fragile);
  let pairs = 0;
  const made: Block[] = [];
  let frontier = simple.filter(usable);
  let pool = frontier.slice();
  for (let round = 0; round < 2 && all.length < opts.maxBlocks; round++) {
    const fresh: Block[] = [];
    for (const a of pool) {
      for (const b of frontier) {
        if (all.length + fresh.length >= opts.maxBlocks || ++pairs > opts.maxPairs) break;
        if ((pairs & 1023) === 0) tick();
        made.length = 0;
        combine(a, b, spec, opts.minFill, counts, made);
        combine(b, a, spec, opts.minFill, counts, made);
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

function needOf(b: Block): [number, number][] {
  return b.need ?? [[b.item, b.count]];
}

function signature(b: Block): string {
  const need = needOf(b).map(([i, n]) => `${i}:${n}`).join(',');
  return `${b.dx},${b.dy},${b.dz},${b.flat !== false ? 1 : 0}|${need}`;
}

function mergeNeed(a: Block, b: Block): [number, number][] {
  const m = new Map<number, number>();
  for (const [i, n] of [...needOf(a), ...needOf(b)]) m.set(i, (m.get(i) ?? 0) + n);
  return [...m.entries()].sort((p, q) => p[0] - q[0]);
}

/** The combinations of a and b along x, y and z that fit and fill enough of their box. */
function combine(a: Block, b: Block, spec: UnitSpec, minFill: number, counts: ArrayLike<number>, out: Block[]): void {
  const volume = a.volume + b.volume;
  const flatA = a.flat !== false, flatB = b.flat !== false;
  const hz = a.dz > b.dz ? a.dz : b.dz;
  // Under a support rule a step in the top breaks the face what comes next stands on:
  // side by side only at one height.
  const level = spec.supportNone || a.dz === b.dz;
  const least = volume / minFill;
  // Side by side along x (b behind a).
  let dx = a.dx + b.dx, dy = a.dy > b.dy ? a.dy : b.dy;
  const alongX = level && dx <= spec.L && dy <= spec.W && hz <= spec.H && dx * dy * hz <= least;
  // Side by side along y (b beside a).
  const wx = a.dx > b.dx ? a.dx : b.dx, wy = a.dy + b.dy;
  const alongY = level && wx <= spec.L && wy <= spec.W && hz <= spec.H && wx * wy * hz <= least;
  // b on the flat top of a, inside its footprint (fully supported).
  const onTop = flatA && b.dx <= a.dx && b.dy <= a.dy && a.dz + b.dz <= spec.H && a.dx * a.dy * (a.dz + b.dz) <= least;
  if (!(alongX || alongY || onTop) || !fitsCounts(a, b, counts)) return;
  const sameTop = flatA && flatB && a.dz === b.dz;
  if (alongX) out.push(general(a, b, dx, dy, hz, a.dx, 0, 0, sameTop && a.dy === b.dy));
  if (alongY) out.push(general(a, b, wx, wy, hz, 0, a.dy, 0, sameTop && a.dx === b.dx));
  dx = a.dx; dy = a.dy;
  if (onTop) out.push(general(a, b, dx, dy, a.dz + b.dz, 0, 0, a.dz, flatB && b.dx === a.dx && b.dy === a.dy));
}

function general(a: Block, b: Block, dx: number, dy: number, dz: number, bx: number, by: number, bz: number, flat: boolean): Block {
  return {
    dx, dy, dz, volume: a.volume + b.volume, weight: a.weight + b.weight, item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1,
    count: a.count + b.count, group: -1, pieces: null,
    parts: [{ block: a, x: 0, y: 0, z: 0 }, { block: b, x: bx, y: by, z: bz }],
    need: mergeNeed(a, b), flat,
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
