// Buffers for the figures of kept block lists (phase-lists.ts `indexList`), used again once no
// memo holds their list. A big fleet indexes about 1,500 such lists of 100-300 KB: each fresh
// buffer is fresh memory the process must fault in (and old ones wait for a major collection),
// which took a third of `indexList` at 20,000 pieces.

/** Buffers no list uses any more, ready to be taken again. */
const free: ArrayBuffer[] = [];
/** Buffers whose lists left every memo since the last `recycle` (a search may still read them). */
const pending: ArrayBuffer[] = [];
/** Enough for the lists one fleet drops between two Units; the rest go to the collector. */
const MAX_FREE = 64;
/** A new buffer's room over what it is asked for, so it serves slightly longer lists later. */
const HEADROOM = 1.25;

/** A buffer of at least `bytes` (contents undefined: the caller writes every figure it reads). */
export function takeFigures(bytes: number): ArrayBuffer {
  let best = -1;
  for (let k = 0; k < free.length; k++) {
    const size = free[k].byteLength;
    if (size >= bytes && (best < 0 || size < free[best].byteLength)) best = k;
  }
  if (best < 0) return new ArrayBuffer(8 * Math.ceil((HEADROOM * bytes) / 8));
  const buffer = free[best];
  free[best] = free[free.length - 1];
  free.pop();
  return buffer;
}

/** The buffer of a list that left its last memo: free at the next `recycle`. */
export function release(buffer: ArrayBuffer): void {
  pending.push(buffer);
}

/**
 * The released buffers become free. Only where no search runs (between Units: a fleet's
 * phases are cut before its problems are made), so no list in use loses its figures.
 */
export function recycle(): void {
  for (const buffer of pending) if (free.length < MAX_FREE) free.push(buffer);
  pending.length = 0;
}
