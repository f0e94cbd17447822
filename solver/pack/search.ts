// Filling one Unit: a greedy block builder and a beam search over its block choices
// (after Araya & Riff's BSG: every child is scored by its greedy completion).
import type { Block } from '../model.ts';
import type { UnitProblem } from './problem.ts';
import { canStand, needsFullSupport, place, supportedReach, type PackState } from './state.ts';

interface Move {
  block: Block;
  x: number;
  y: number;
  z: number;
}

/**
 * The live spaces in the order to fill them: nearest the front wall and lowest first
 * (wall), or nearest a container corner (Parreño's rule, sorted distances); larger first on ties.
 */
export function spaceOrder(problem: UnitProblem, state: PackState): number[] {
  const { W, L } = problem.spec;
  const corner = problem.spec.anchor === 'corner';
  const keys: { i: number; a: number; b: number; c: number; v: number }[] = [];
  const spaces = state.spaces;
  for (let i = 0; i < spaces.length; i++) {
    const s = spaces[i];
    if (s.dead === state.phase) continue;
    const dy = Math.min(s.y0, W - s.y1);
    let a = s.x0, b = s.z0, c = dy;
    if (corner) {
      a = Math.min(s.x0, L - s.x1); b = dy; c = s.z0;
      if (a > b) [a, b] = [b, a];
      if (b > c) [b, c] = [c, b];
      if (a > b) [a, b] = [b, a];
    }
    keys.push({ i, a, b, c, v: (s.x1 - s.x0) * (s.y1 - s.y0) * (s.z1 - s.z0) });
  }
  keys.sort((p, q) => p.a - q.a || p.b - q.b || p.c - q.c || q.v - p.v || p.i - q.i);
  return keys.map((k) => k.i);
}

/** Up to `limit` blocks that can go into the space, biggest first, with their positions. */
export function feasibleMoves(problem: UnitProblem, state: PackState, si: number, limit: number): Move[] {
  const s = state.spaces[si];
  const sx = s.x1 - s.x0, sy = s.y1 - s.y0, sz = s.z1 - s.z0;
  const ext = problem.minExtents(state.phase);
  if (sx < ext[0] || sy < ext[1] || sz < ext[2]) return [];
  const left = s.y0 <= problem.spec.W - s.y1;
  const front = problem.spec.anchor === 'wall' || s.x0 <= problem.spec.L - s.x1;
  const weightLeft = problem.spec.payload - state.weight;
  const out: Move[] = [];
  const blocks = problem.blocks(state.phase);
  // Above the floor, blocks that need full support cannot reach past the top faces below.
  let reachX = Infinity, reachY = Infinity;
  if (s.z0 > 0 && !problem.spec.supportNone) {
    [reachX, reachY] = supportedReach(state, s.z0, front ? s.x0 : s.x1, left ? s.y0 : s.y1, front ? 1 : -1, left ? 1 : -1);
  }
  for (let i = problem.firstFitting(state.phase, sx * sy * sz); i < blocks.length; i++) {
    const b = blocks[i];
    if (b.dx > sx || b.dy > sy || b.dz > sz || b.weight > weightLeft) continue;
    if ((b.dx > reachX || b.dy > reachY) && needsFullSupport(problem.items, b)) continue;
    if (!state.available(b, problem.remaining)) continue;
    const y = left ? s.y0 : s.y1 - b.dy;
    const x = front ? s.x0 : s.x1 - b.dx;
    if (!canStand(state, problem.spec, problem.items, b, x, y, s.z0)) continue;
    out.push({ block: b, x, y, z: s.z0 });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Moves the state to its next decision: drops spaces nothing fits, moves to the next
 * phase when none is left. Returns the candidate moves, or [] when the Unit is done.
 */
function nextMoves(problem: UnitProblem, state: PackState, limit: number): Move[] {
  while (state.phase < problem.phases.length) {
    problem.ticker.tick();
    const order = spaceOrder(problem, state);
    if (order.length === 0) {
      // A run of phases that place nothing means the Unit is as good as full: stop
      // (bounds the work per Unit when thousands of lines remain).
      state.idlePhases = state.placed.length === state.placedAtPhaseStart ? state.idlePhases + 1 : 0;
      state.phase = state.idlePhases >= MAX_IDLE_PHASES ? problem.phases.length : state.phase + 1;
      state.placedAtPhaseStart = state.placed.length;
      continue;
    }
    for (const si of order) {
      const moves = feasibleMoves(problem, state, si, limit);
      if (moves.length > 0) return moves;
      state.spaces[si] = { ...state.spaces[si], dead: state.phase };
    }
  }
  return [];
}

function apply(problem: UnitProblem, state: PackState, m: Move): void {
  place(state, problem.spec, problem.items, m.block, m.x, m.y, m.z, problem.minDim);
}

/** Completes the state greedily (the biggest block that fits the chosen space). */
export function greedy(problem: UnitProblem, state: PackState): PackState {
  for (;;) {
    const moves = nextMoves(problem, state, 1);
    if (moves.length === 0) return state;
    apply(problem, state, moves[0]);
  }
}

const MAX_IDLE_PHASES = 6;

const WIDTHS = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];

/**
 * Beam search with growing width until the deadline: keeps the `width` best children per
 * level, each scored by the volume its greedy completion loads. Returns the best complete
 * state seen (never worse than the greedy one).
 */
export function beamSearch(problem: UnitProblem, root: PackState, deadline: number): PackState {
  const ticker = problem.ticker;
  let best = greedy(problem, root.clone());
  const bound = root.volume + problem.cargoVolume();
  for (const width of WIDTHS) {
    let nodes = [root.clone()];
    while (nodes.length > 0) {
      const children: { state: PackState; score: number }[] = [];
      for (const node of nodes) {
        for (const m of nextMoves(problem, node, width)) {
          if (best.volume >= bound || ticker.now() > deadline) return best;
          const child = node.clone();
          apply(problem, child, m);
          const done = greedy(problem, child.clone());
          if (done.volume > best.volume) best = done;
          children.push({ state: child, score: done.volume });
        }
      }
      children.sort((a, b) => b.score - a.score);
      nodes = children.slice(0, width).map((c) => c.state);
    }
  }
  return best;
}
