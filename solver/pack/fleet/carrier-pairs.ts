// Carriers next to what they carry in the packing order. Column blocks pair two lines only
// within one phase, and phases take items by volume: the tallest non-stackable pallets share
// a phase with the tallest stackable ones, which they are too tall to stand on, while the short
// carriers they fit come phases later. So, per Stop, each non-stackable upright piece is matched
// to a stackable upright piece of the same footprint that it fits on under the roof, and the
// matched lines are put next to each other in the order (the carrier first).
import type { Item } from '../../model.ts';

/** An entry of the packing order (item >= 0, or a keep-together group with item -1). */
export interface OrderEntry {
  group: number;
  item: number;
  rank: number;
}

const UPRIGHT = new Set(['LWH', 'WLH']);

/** Upright only, not in a group, not fragile: its height is fixed and it can be a column's part. */
function columnPart(it: Item): boolean {
  return it.group < 0 && !it.fragile && it.orientations.every((o) => UPRIGHT.has(o));
}

const footprint = (it: Item) => `${Math.max(it.l, it.w)}x${Math.min(it.l, it.w)}`;

/** The map's value for `key`, made (by `make`) on first use. */
function at<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

/**
 * `entries` in packing order (by rank, bigger first), with each matched non-stackable item moved
 * right after its carrier. `height`: the tallest Unit's inner height.
 */
export function carriersFirst<E extends OrderEntry>(entries: E[], items: Item[], counts: ArrayLike<number>, height: number): E[] {
  // Per item: the carrier item it is matched to (its first matched piece decides).
  const carrierOf = new Map<number, number>();
  const byRank = new Map<number, E[]>();
  for (const e of entries) if (e.item >= 0 && columnPart(items[e.item])) at(byRank, e.rank, () => []).push(e);
  for (const list of byRank.values()) {
    const byFoot = new Map<string, { tops: number[]; carriers: number[] }>();
    for (const e of list) {
      const it = items[e.item];
      const f = at(byFoot, footprint(it), () => ({ tops: [] as number[], carriers: [] as number[] }));
      for (let k = 0; k < counts[e.item]; k++) (it.stackable ? f.carriers : f.tops).push(e.item);
    }
    for (const { tops, carriers } of byFoot.values()) {
      // Tallest top first, on the tallest carrier it still fits on: shorter carriers stay for taller
      // tops. The room over a top grows as the tops get shorter, so the carriers that fit are
      // stacked up shortest first and the tallest free one is on top (the lowest item on ties).
      tops.sort((a, b) => items[b].h - items[a].h || a - b);
      carriers.sort((a, b) => items[a].h - items[b].h || b - a);
      const fitting: number[] = [];
      let next = 0;
      for (const t of tops) {
        while (next < carriers.length && items[carriers[next]].h + items[t].h <= height) fitting.push(carriers[next++]);
        const c = fitting.pop();
        if (c === undefined) continue;
        if (!carrierOf.has(t)) carrierOf.set(t, c);
      }
    }
  }
  if (carrierOf.size === 0) return entries;
  const carried = new Map<number, number[]>();
  for (const [t, c] of carrierOf) at(carried, c, () => []).push(t);
  const byItem = new Map<number, E>();
  for (const e of entries) if (e.item >= 0) byItem.set(e.item, e);
  const out: E[] = [];
  const done = new Set<number>();
  const emit = (e: E) => {
    if (e.item >= 0 && done.has(e.item)) return;
    if (e.item >= 0) done.add(e.item);
    out.push(e);
  };
  for (const e of entries) {
    if (e.item < 0) {
      emit(e);
      continue;
    }
    // A matched top comes with its carrier, wherever the bigger of the two stands.
    const c = carrierOf.get(e.item);
    const carrier = c !== undefined ? c : carried.has(e.item) ? e.item : -1;
    if (carrier < 0) {
      emit(e);
      continue;
    }
    emit(byItem.get(carrier)!);
    for (const t of carried.get(carrier)!) emit(byItem.get(t)!);
    emit(e);
  }
  return out;
}
