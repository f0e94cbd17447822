// Stops after packing, by towers changing places: a tower is the smallest floor rectangle round
// a piece on the floor that every piece over it lies wholly within (a pallet with all stacked on
// it up to the roof; two pallets with a carton bridging them), so nothing outside it reaches over
// it. Two towers of one floor plan (the same length and width) can trade places, each can be
// mirrored lengthwise, and towers one after the other along a lane (the same place and width
// across, nothing between them) can change order along it: every piece keeps what it stands on
// and what stands on it. Only what stands in front of what changes, so deeper Stops can go
// further from the door where the lengthwise slices (stop-slices.ts) find no cut across the whole
// width (pallets of 1,200 and 800 mm side by side, long goods along a wall). A move is kept only
// when fewer pieces are `stop-blocked` and the centre of gravity across stays within the
// tolerance (or no further off than it was): towers trading places across the width move weight.
import { countStopBlocked } from './advisories/stops.ts';
import { stopBlockedCounter } from './stop-count.ts';
import type { Ticker } from './ticker.ts';
import type { Placement, SolverEquipment } from './types.ts';

interface Tower {
  /** The floor plan's corner and size. */
  x: number;
  y: number;
  dx: number;
  dy: number;
  /** Indices of its pieces in the Unit's list. */
  members: number[];
}

/** Moves whole towers (see above) while that blocks fewer pieces, until `deadline`. */
export function stopTowers(
  pieces: Placement[], eq: SolverEquipment, groupOf: (p: Placement) => string | null, weightOf: (p: Placement) => number,
  tolerancePermille: number, deadline: number, ticker: Ticker,
): void {
  if (pieces.length < 3 || pieces.some((p) => p.locked || p.manual)) return;
  const rank = pieces.map((p) => p.stop ?? Infinity);
  if (new Set(rank).size < 2) return;
  const classes = towerClasses(pieces, groupOf);
  if (classes.length === 0) return;
  const count = stopBlockedCounter(pieces, eq);
  const across = new Across(pieces, pieces.map(weightOf), eq.innerWidthMm);
  const start = countStopBlocked(pieces, eq.openings);
  let best = count();
  if (best === 0 || start === 0) return;
  const from = pieces.map((p) => [p.xMm, p.yMm]);
  // Each tower's pieces relative to its own corner, and where each place (slot) is.
  const rel = new Map<number, { x: number; y: number }>();
  for (const towers of classes) for (const t of towers) for (const i of t.members) rel.set(i, { x: pieces[i].xMm - t.x, y: pieces[i].yMm - t.y });
  const slots = classes.map((towers) => towers.map((t) => ({ x: t.x, y: t.y })));
  // at[c][s]: the tower of class c in slot s; flip[c][k]: 1 when tower k is mirrored lengthwise.
  const at = classes.map((towers) => towers.map((_, k) => k));
  const flip = classes.map((towers) => towers.map(() => 0));
  const place = (c: number, s: number) => {
    const t = classes[c][at[c][s]];
    const { x, y } = slots[c][s];
    for (const i of t.members) {
      const r = rel.get(i)!;
      const px = flip[c][at[c][s]] ? t.dx - r.x - pieces[i].lengthMm : r.x;
      across.move(i, x + px, y + r.y);
    }
  };
  // Towers trading places across the width move weight sideways: kept only while the centre of
  // gravity stays within the tolerance across (or no further off than it was).
  const sideways = Math.max(across.offCentre(), (eq.innerWidthMm * tolerancePermille) / 1000);
  const better = (): boolean => {
    if (across.offCentre() > sideways) return false;
    const n = count();
    if (n >= best) return false;
    best = n;
    return true;
  };
  // Deepest Stops first: each class's towers by the latest Stop they hold into the places from the front wall.
  for (let c = 0; c < classes.length; c++) {
    const kept = at[c].slice();
    const bySlot = slots[c].map((_, s) => s).sort((a, b) => slots[c][a].x - slots[c][b].x || slots[c][a].y - slots[c][b].y);
    const byDepth = classes[c].map((_, k) => k).sort((a, b) => deepKey(classes[c][b], rank) - deepKey(classes[c][a], rank) || a - b);
    bySlot.forEach((s, k) => (at[c][s] = byDepth[k]));
    for (let s = 0; s < at[c].length; s++) place(c, s);
    if (!better()) {
      at[c] = kept;
      for (let s = 0; s < at[c].length; s++) place(c, s);
    }
  }
  const lanes = lanesOf(classes, slots, pieces);
  for (let improved = true; improved && ticker.now() < deadline; ) {
    improved = false;
    for (let c = 0; c < classes.length; c++) {
      const m = at[c].length;
      for (let s = 0; s < m && ticker.now() < deadline; s++) {
        for (let q = s + 1; q < m; q++) {
          [at[c][s], at[c][q]] = [at[c][q], at[c][s]];
          place(c, s);
          place(c, q);
          if (better()) {
            improved = true;
            continue;
          }
          [at[c][s], at[c][q]] = [at[c][q], at[c][s]];
          place(c, s);
          place(c, q);
        }
        const k = at[c][s];
        flip[c][k] ^= 1;
        place(c, s);
        if (better()) improved = true;
        else {
          flip[c][k] ^= 1;
          place(c, s);
        }
      }
    }
    // Along each lane: a tower taken out and put in at every other place (the gaps travel with the tower before them).
    for (const lane of lanes) {
      const lay = () => {
        let x = lane.x0;
        for (const k of lane.order) {
          const { c, s, dx, gap } = lane.parts[k];
          slots[c][s].x = x;
          place(c, s);
          x += dx + gap;
        }
      };
      for (let i = 0; i < lane.order.length && ticker.now() < deadline; i++) {
        for (let j = 0; j < lane.order.length; j++) {
          if (j === i) continue;
          const kept = lane.order;
          const moved = kept.filter((_, k) => k !== i);
          moved.splice(j, 0, kept[i]);
          lane.order = moved;
          lay();
          if (better()) improved = true;
          else {
            lane.order = kept;
            lay();
          }
        }
      }
    }
  }
  // The advisory itself has the last word: the moves are undone unless it names fewer pieces.
  if (countStopBlocked(pieces, eq.openings) >= start) pieces.forEach((p, i) => ([p.xMm, p.yMm] = from[i]));
}

interface Lane {
  x0: number;
  /** The towers along it in the order they lie: class, slot, length and the free length after it. */
  parts: { c: number; s: number; dx: number; gap: number }[];
  order: number[];
}

/**
 * Runs of towers of one width at one place across (a lane), one after the other along the
 * length with nothing between them: they can change places along the lane, each taking its
 * own length and the free length after it.
 */
function lanesOf(classes: Tower[][], slots: { x: number; y: number }[][], pieces: Placement[]): Lane[] {
  const byBand = new Map<string, { c: number; s: number; x: number; y: number; dx: number; dy: number }[]>();
  classes.forEach((towers, c) => towers.forEach((t, s) => {
    const key = `${slots[c][s].y}:${t.dy}`;
    const list = byBand.get(key) ?? [];
    list.push({ c, s, x: slots[c][s].x, y: slots[c][s].y, dx: t.dx, dy: t.dy });
    byBand.set(key, list);
  }));
  const rects = classes.flatMap((towers, c) => towers.map((t, s) => ({ x0: slots[c][s].x, y0: slots[c][s].y, x1: slots[c][s].x + t.dx, y1: slots[c][s].y + t.dy })));
  for (const p of pieces) rects.push({ x0: p.xMm, y0: p.yMm, x1: p.xMm + p.lengthMm, y1: p.yMm + p.widthMm });
  const free = (x0: number, x1: number, y0: number, y1: number) => x1 <= x0 || !rects.some((r) => r.x0 < x1 && x0 < r.x1 && r.y0 < y1 && y0 < r.y1);
  const out: Lane[] = [];
  for (const list of byBand.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.x - b.x);
    let run = [list[0]];
    const close = () => {
      if (run.length > 1) {
        const parts = run.map((t, k) => ({ c: t.c, s: t.s, dx: t.dx, gap: k + 1 < run.length ? run[k + 1].x - t.x - t.dx : 0 }));
        out.push({ x0: run[0].x, parts, order: parts.map((_, k) => k) });
      }
    };
    for (let k = 1; k < list.length; k++) {
      const a = run[run.length - 1], b = list[k];
      if (free(a.x + a.dx, b.x, a.y, a.y + a.dy)) run.push(b);
      else {
        close();
        run = [b];
      }
    }
    close();
  }
  return out;
}

/** The latest Stop a tower holds (no Stop the latest), then the volume-weighted mean: the deepest first. */
function deepKey(t: Tower, rank: number[]): number {
  let max = -Infinity;
  for (const i of t.members) max = Math.max(max, rank[i]);
  return Number.isFinite(max) ? max : 1000;
}

/** The Unit's towers (sharing no floor) by floor plan. */
function towerClasses(pieces: Placement[], groupOf: (p: Placement) => string | null): Tower[][] {
  // A keep-together group's box: a tower may hold a whole group, but must not meet another's box.
  const groups = new Map<string, { x0: number; y0: number; x1: number; y1: number; members: Set<number> }>();
  pieces.forEach((p, i) => {
    const g = groupOf(p);
    if (!g) return;
    const b = groups.get(g) ?? { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, members: new Set<number>() };
    b.x0 = Math.min(b.x0, p.xMm);
    b.y0 = Math.min(b.y0, p.yMm);
    b.x1 = Math.max(b.x1, p.xMm + p.lengthMm);
    b.y1 = Math.max(b.y1, p.yMm + p.widthMm);
    b.members.add(i);
    groups.set(g, b);
  });
  // From each floor piece: the smallest floor rectangle holding it that every piece over it lies
  // wholly within (grown to the box of what reaches over it, until nothing more does).
  const found = new Map<string, Tower>();
  for (const b of pieces) {
    if (b.zMm !== 0) continue;
    let x0 = b.xMm, x1 = b.xMm + b.lengthMm, y0 = b.yMm, y1 = b.yMm + b.widthMm;
    let members: number[] = [];
    for (let grown = true; grown; ) {
      grown = false;
      members = [];
      let nx0 = x0, nx1 = x1, ny0 = y0, ny1 = y1;
      for (let i = 0; i < pieces.length; i++) {
        const q = pieces[i];
        if (q.xMm >= x1 || q.xMm + q.lengthMm <= x0 || q.yMm >= y1 || q.yMm + q.widthMm <= y0) continue;
        members.push(i);
        nx0 = Math.min(nx0, q.xMm);
        nx1 = Math.max(nx1, q.xMm + q.lengthMm);
        ny0 = Math.min(ny0, q.yMm);
        ny1 = Math.max(ny1, q.yMm + q.widthMm);
      }
      if (nx0 < x0 || nx1 > x1 || ny0 < y0 || ny1 > y1) {
        [x0, x1, y0, y1] = [nx0, nx1, ny0, ny1];
        grown = true;
      }
    }
    const key = `${x0},${y0},${x1},${y1}`;
    if (found.has(key)) continue;
    const inside = new Set(members);
    let free = true;
    for (const g of groups.values()) {
      const meets = g.x0 < x1 && x0 < g.x1 && g.y0 < y1 && y0 < g.y1;
      if (meets && ![...g.members].every((i) => inside.has(i))) free = false;
    }
    if (free) found.set(key, { x: x0, y: y0, dx: x1 - x0, dy: y1 - y0, members });
  }
  // Towers that share no floor: the smallest first.
  const chosen: Tower[] = [];
  for (const t of [...found.values()].sort((a, b) => a.dx * a.dy - b.dx * b.dy || a.x - b.x || a.y - b.y)) {
    if (chosen.some((c) => c.x < t.x + t.dx && t.x < c.x + c.dx && c.y < t.y + t.dy && t.y < c.y + c.dy)) continue;
    chosen.push(t);
  }
  const byPlan = new Map<string, Tower[]>();
  for (const t of chosen) {
    const key = `${t.dx}x${t.dy}`;
    const list = byPlan.get(key) ?? [];
    list.push(t);
    byPlan.set(key, list);
  }
  return [...byPlan.values()];
}

/** Pieces moved across the floor, with the centre of gravity across kept up to date (weight x the middle across). */
class Across {
  private moment = 0;
  private readonly weight: number;

  constructor(private readonly pieces: Placement[], private readonly w: number[], private readonly width: number) {
    this.weight = w.reduce((a, b) => a + b, 0);
    pieces.forEach((p, i) => (this.moment += w[i] * (p.yMm + p.widthMm / 2)));
  }

  move(i: number, x: number, y: number): void {
    const p = this.pieces[i];
    this.moment += this.w[i] * (y - p.yMm);
    p.xMm = x;
    p.yMm = y;
  }

  /** How far the centre of gravity lies off the middle across (mm). */
  offCentre(): number {
    return this.weight > 0 ? Math.abs(this.moment / this.weight - this.width / 2) : 0;
  }
}
