// Small Int32Arrays made as views into a shared slab (a state's pieces used, its pieces-left bits).
// Each `slice` or `new Int32Array` of more than 64 bytes allocates a buffer outside the heap
// (about 1 us, 5x a view, and the collector sweeps each): on 100 box types that cost a beam
// search more than the rest of its clones. A slab lives as long as any array in it does (64 KB;
// beam states are short-lived); bigger arrays are allocated as before.

const SLAB_BYTES = 1 << 16;
/** Arrays up to this many bytes come from the slab (a list's pieces-left bits at 3,000 blocks and 100 items: 800). */
const SMALL = 2048;
let slab = new ArrayBuffer(SLAB_BYTES);
let slabAt = 0;

/** A zeroed Int32Array of n entries. */
export function newInts(n: number): Int32Array {
  const bytes = 4 * n;
  if (bytes > SMALL) return new Int32Array(n);
  if (slabAt + bytes > SLAB_BYTES) {
    // A fresh slab (zeroed; the bump allocator never hands out a byte twice).
    slab = new ArrayBuffer(SLAB_BYTES);
    slabAt = 0;
  }
  const out = new Int32Array(slab, slabAt, n);
  slabAt += bytes;
  return out;
}

/** A copy of a. */
export function copyInts(a: Int32Array): Int32Array {
  if (a.byteLength > SMALL) return a.slice();
  const out = newInts(a.length);
  out.set(a);
  return out;
}
