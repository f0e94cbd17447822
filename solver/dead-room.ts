// A lower bound on the Units that counts the room nothing may use: the column above a piece
// nothing may stand on. Volume (and weight) alone let that room hold cargo.
//
// Why the room is dead (a vertical line through a Unit, inside the footprint of a non-stackable
// piece p whose top is at t): take the lowest piece r whose base is on the line above t. Its base
// there is at z_r >= t. Nothing legal is under that point at z_r: p would carry r if z_r = t, and
// any other piece under it would lie on the line between t and z_r, below r. So the point is an
// UNSUPPORTED point of r's base, and r stands there only if its support rule lets part of its
// base hang free: at most (1 - s_r) of its base area (s_r = minSupportPermille / 1000). Hence:
// - on a line no piece's unsupported base crosses, the whole stretch (t, H] above p is empty, and
//   at most one non-stackable piece crosses the line (a second one above p would be such an r, or
//   stand on one);
// - on a line that some unsupported base points cross, each non-stackable piece on it with
//   anything above has its own such point directly above it (the lowest piece above it, below the
//   next non-stackable piece), so the room lost on the line is at most one stretch per
//   unsupported point.
// If the room credited to p is at most G per line, the credit lost to overhangs in one Unit is at
// most G times the unsupported base area there, at most sum_r (1 - s_r) * base_r * G.
//
// How low can p's top be? On the floor t = h_p; lifted, p rests on pieces whose top is at its
// base, and those on others down to the floor: its base is at a sum of heights of stackable
// pieces (non-fragile ones only, unless p is fragile: only fragile pieces stand on fragile ones).
// With z the largest such sum with z + h_p <= H, every line of p's footprint keeps at least
// g = H - z - h_p empty above it, so p takes at least its volume plus A_p * min(g, G) of room.
//
// Per Unit of type k: sum over its pieces of (volume + credit_k - (1 - s) * base * G) <= V_k,
// and their weight <= P_k. As in `volumeWeightBound`, any weight share t mixes the two; each
// piece counts its least share of a Unit over the types it fits, and the pieces' sum bounds the
// Units for every G and t: the bound tries a few of each. With no support rule (pieces may
// float) nothing is dead and the bound is 0. Every base height is a sum of piece heights only
// because each piece above the floor rests on at least one piece (support over 0).
import { placedDims } from './orientation.ts';
import type { SolverCargoLine, SolverEquipment } from './types.ts';
import { weightShares } from './weight-shares.ts';

type Way = [number, number, number];

interface TypeRow {
  sides: Way;
  volume: number;
  payload: number;
}

/**
 * The lines as columns of numbers (one entry per line; per type at `k * n + i`). `base` is a
 * piece's largest base over the orientations that fit the type, 0 where none fits; `dead` (by cap,
 * at `(c * types + k) * n + i`) its least dead room there, 0 for stackable pieces.
 */
interface Table {
  n: number;
  quantity: Float64Array;
  volume: Float64Array;
  weight: Float64Array;
  /** 1 - s: the share of its base that may hang free. */
  free: Float64Array;
  base: Float64Array;
  dead: Float64Array;
}

/** The bound's value before rounding up (0 with no support rule). */
export function deadRoomValue(lines: SolverCargoLine[], equipment: SolverEquipment[], supportNone = false): number {
  // A piece that needs no support may float at any height, and so may what stands on it.
  if (supportNone || equipment.length === 0 || lines.some((l) => l.quantity > 0 && (l.minSupportPermille ?? 1000) <= 0)) return 0;
  const rows: TypeRow[] = equipment.map((e) => ({ sides: [e.innerLengthMm, e.innerWidthMm, e.innerHeightMm], volume: e.innerLengthMm * e.innerWidthMm * e.innerHeightMm, payload: e.maxPayloadG }));
  const live = lines.filter((l) => l.quantity > 0);
  const ways = live.map((l) => distinctWays(l));
  const maxH = Math.max(...rows.map((r) => r.sides[2]));
  const sturdy = lowestTops(live, ways, rows, maxH, false);
  const any = live.some((l) => !l.stackable && l.fragile) ? lowestTops(live, ways, rows, maxH, true) : sturdy;
  const under = (l: SolverCargoLine) => (l.fragile ? any : sturdy);
  const caps = capsOf(live, ways, rows, under);
  const table = tableOf(live, ways, rows, caps, under);
  let best = 0;
  for (let c = 0; c < caps.length; c++) {
    for (const t of weightShares(rows)) best = Math.max(best, total(table, rows, caps[c], c, t));
  }
  return best;
}

export function deadRoomBound(lines: SolverCargoLine[], equipment: SolverEquipment[], supportNone = false): number {
  return Math.max(0, Math.ceil(deadRoomValue(lines, equipment, supportNone) - 1e-6));
}

/** A line's placed sides over its orientations, each distinct set once. */
function distinctWays(l: SolverCargoLine): Way[] {
  const out: Way[] = [];
  for (const o of l.orientations) {
    const w = placedDims(l.lengthMm, l.widthMm, l.heightMm, o);
    if (!out.some((u) => u[0] === w[0] && u[1] === w[1] && u[2] === w[2])) out.push(w);
  }
  return out;
}

function tableOf(lines: SolverCargoLine[], ways: Way[][], rows: TypeRow[], caps: number[], under: (l: SolverCargoLine) => Int32Array): Table {
  const n = lines.length, types = rows.length;
  const t: Table = {
    n, quantity: new Float64Array(n), volume: new Float64Array(n), weight: new Float64Array(n), free: new Float64Array(n),
    base: new Float64Array(types * n), dead: new Float64Array(caps.length * types * n),
  };
  for (let i = 0; i < n; i++) {
    const l = lines[i];
    t.quantity[i] = l.quantity;
    t.volume[i] = l.lengthMm * l.widthMm * l.heightMm;
    t.weight[i] = l.weightG;
    t.free[i] = 1 - Math.max(0, Math.min(1000, l.minSupportPermille ?? 1000)) / 1000;
    for (let k = 0; k < types; k++) {
      const s = rows[k].sides;
      for (const w of ways[i]) if (fits(w, s)) t.base[k * n + i] = Math.max(t.base[k * n + i], w[0] * w[1]);
      if (l.stackable || t.base[k * n + i] === 0) continue;
      const below = under(l);
      for (let c = 0; c < caps.length; c++) {
        let least = Infinity;
        for (const w of ways[i]) if (fits(w, s)) least = Math.min(least, w[0] * w[1] * Math.min(caps[c], gapAbove(w[2], s[2], below)));
        t.dead[(c * types + k) * n + i] = least;
      }
    }
  }
  return t;
}

/**
 * `base[x]`: the highest flat top at or below x (mm) that stackable pieces can make from the
 * floor (sums of their heights, each line any number of times: a superset, so sound). `fragile`
 * also lets fragile pieces carry (for a fragile piece on top).
 */
function lowestTops(lines: SolverCargoLine[], ways: Way[][], rows: TypeRow[], maxH: number, fragile: boolean): Int32Array {
  const heights = new Set<number>();
  lines.forEach((l, i) => {
    if (!l.stackable || (l.fragile && !fragile)) return;
    for (const w of ways[i]) if (rows.some((r) => fits(w, r.sides))) heights.add(w[2]);
  });
  // A bitset of the sums reached, shifted by h and or-ed in until nothing changes (h repeats).
  const words = (maxH >> 5) + 1;
  const reach = new Uint32Array(words);
  reach[0] = 1;
  for (const h of [...heights].sort((a, b) => a - b)) {
    if (h > 0) while (shiftOr(reach, h, words));
  }
  const base = new Int32Array(maxH + 1);
  for (let x = 1; x <= maxH; x++) base[x] = (reach[x >> 5] >>> (x & 31)) & 1 ? x : base[x - 1];
  return base;
}

/** reach |= reach << h (from the top word down, so each word reads the set before the shift); whether a bit was added. */
function shiftOr(reach: Uint32Array, h: number, words: number): boolean {
  const q = h >> 5, r = h & 31;
  let added = false;
  for (let i = words - 1; i >= q; i--) {
    const hi = reach[i - q] << r;
    const lo = r > 0 && i - q - 1 >= 0 ? reach[i - q - 1] >>> (32 - r) : 0;
    const next = (reach[i] | hi | lo) >>> 0;
    if (next !== reach[i]) {
      added = true;
      reach[i] = next;
    }
  }
  return added;
}

/** Caps G to try (mm): 0 and about a dozen of the dead heights non-stackable pieces may keep, the largest among them. */
function capsOf(lines: SolverCargoLine[], ways: Way[][], rows: TypeRow[], under: (l: SolverCargoLine) => Int32Array): number[] {
  const gaps = new Set<number>();
  lines.forEach((l, i) => {
    if (l.stackable) return;
    for (const r of rows) for (const w of ways[i]) if (fits(w, r.sides)) gaps.add(gapAbove(w[2], r.sides[2], under(l)));
  });
  const sorted = [...gaps].filter((g) => g > 0).sort((a, b) => a - b);
  // 0: volume and weight alone.
  const out = [0];
  const step = Math.max(1, Math.floor(sorted.length / 12));
  for (let i = 0; i < sorted.length; i += step) out.push(sorted[i]);
  if (sorted.length > 0 && out[out.length - 1] !== sorted[sorted.length - 1]) out.push(sorted[sorted.length - 1]);
  return out;
}

/** The least room left above a piece of height h in a Unit of height H: H - h - the highest base it may have. */
function gapAbove(h: number, H: number, base: Int32Array): number {
  return H - h - base[H - h];
}

/** The sum over pieces of their least share of a Unit, at cap G (index c) and weight share t. */
function total(table: Table, rows: TypeRow[], G: number, c: number, t: number): number {
  const P = Math.max(...rows.map((r) => r.payload)), V = Math.max(...rows.map((r) => r.volume));
  const wt = P > 0 ? t / P : 0, vt = (1 - t) / V;
  const capacity = rows.map((r) => wt * r.payload + vt * r.volume);
  const { n } = table, types = rows.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let least = Infinity;
    for (let k = 0; k < types; k++) {
      const base = table.base[k * n + i];
      if (base === 0 || !(capacity[k] > 0)) continue;
      const space = table.volume[i] + table.dead[(c * types + k) * n + i] - table.free[i] * base * G;
      const share = (wt * table.weight[i] + vt * space) / capacity[k];
      if (share < least) least = share;
    }
    if (least < Infinity) sum += least * table.quantity[i];
  }
  return sum;
}

function fits(w: Way, s: Way): boolean {
  return w[0] <= s[0] && w[1] <= s[1] && w[2] <= s[2];
}
