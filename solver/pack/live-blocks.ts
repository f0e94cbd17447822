// The blocks of a phase list that a state still has the pieces for, kept with the state: on
// 30-100 box types 90-95 % of a list's blocks need a piece already placed by the time a
// space is scanned, so a scan of the others reads a seventh of the blocks it did (T100).
import type { BlockFigures, UnitProblem } from './problem.ts';
import type { PackState } from './state.ts';

/**
 * Indices into a phase's block list (ascending) of the blocks whose pieces are all left
 * after the state's placements: `list[0 .. count - 1]`. Pieces only run out as blocks are
 * placed and a problem's counts stay fixed, so a list made for fewer placements holds every
 * live block and is filtered again; keep-together groups (their own check) always stay.
 */
export interface LiveBlocks {
  /** The problem (its piece counts) and phase list the indices are for. */
  problem: UnitProblem;
  figs: BlockFigures;
  /** The state's placements when the list was made. */
  placed: number;
  list: Int32Array;
  count: number;
  /** Held by a clone too: filtered into a new array, not in place. */
  shared: boolean;
}

/**
 * Placements after which a list is filtered again: each filter reads every block left, and
 * between filters a scan checks the pieces of each block that fits (one T100 beam search,
 * best of three, CPU ms: every 2 / 4 / 8 / 16 placements 2,218 / 2,097 / 2,135 / 2,542).
 */
const REFRESH_PLACED = 4;

/**
 * Most pieces per line (mean over a phase's items) for which scans use live lists: with more
 * (BR1-BR7 have 6 or more), pieces run out slowly and a scan finds its blocks early, so the
 * filtering costs more than it saves (BR2, the same improvement on a virtual clock: 0-70 %
 * more CPU with them).
 */
export const LIVE_MAX_PIECES_PER_LINE = 5;

/** The state's live blocks of the phase list `f` of `problem`, brought up to its placements. */
export function liveBlocks(problem: UnitProblem, state: PackState, f: BlockFigures): LiveBlocks {
  const live = state.live;
  const placed = state.placed.length;
  if (live === null || live.problem !== problem || live.figs !== f) {
    const all = new Int32Array(f.dx.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    return (state.live = { problem, figs: f, placed, list: all, count: keepLive(all, all.length, all, f, state, problem), shared: false });
  }
  if (placed - live.placed < REFRESH_PLACED) return live;
  if (live.shared) {
    const list = new Int32Array(live.count);
    return (state.live = { problem, figs: f, placed, list, count: keepLive(live.list, live.count, list, f, state, problem), shared: false });
  }
  live.count = keepLive(live.list, live.count, live.list, f, state, problem);
  live.placed = placed;
  return live;
}

/** Copies the indices of `from[0 .. count - 1]` with pieces left to `to` (may be `from`); returns how many. */
function keepLive(from: Int32Array, count: number, to: Int32Array, f: BlockFigures, state: PackState, problem: UnitProblem): number {
  const { needFrom, needItem, needCount, byObject } = f;
  const used = state.used, remaining = problem.remaining;
  let k = 0;
  for (let r = 0; r < count; r++) {
    const i = from[r];
    if (byObject[i] === 0 && !piecesLeft(needFrom[i], needFrom[i + 1], needItem, needCount, used, remaining)) continue;
    to[k++] = i;
  }
  return k;
}

/** Enough pieces are left of every item of need entries from .. end - 1. */
export function piecesLeft(from: number, end: number, needItem: Int32Array, needCount: Int32Array, used: Int32Array, remaining: ArrayLike<number>): boolean {
  for (let k = from; k < end; k++) {
    const item = needItem[k];
    if (used[item] + needCount[k] > remaining[item]) return false;
  }
  return true;
}

/** The first position in the live list whose block index is at least i. */
export function firstLiveAt(live: LiveBlocks, i: number): number {
  const list = live.list;
  let lo = 0, hi = live.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
