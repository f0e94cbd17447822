// Diagnostic: where each kind of the generated mixed cargo sits in its Stop's packing order
// (bigger volume first, as `sortedEntries` orders a first plan), as a share of the Stop's lines,
// and how many long goods lines could carry a pallet (their pieces side by side at least 640 mm
// wide: 80 % of a pallet's 800 mm side). Phases are cut from this order in pieces of 40 lines
// (`phase-lists.ts`), so a kind in a later share only meets what is left of its Stop.
// npx tsx scripts/bench/kind-order.ts [pieces] [seed,seed,...]
import { generateCargo } from './cargo-generator.ts';

const [pieces = '1000', seedArg = '1,2,3,4,5,6,7,8'] = process.argv.slice(2);
const pos: Record<string, number[]> = {};
let longLines = 0, longArea = 0, wideLines = 0, wideArea = 0;
for (const seed of seedArg.split(',').map(Number)) {
  const byStop = new Map<number | null, ReturnType<typeof generateCargo>>();
  for (const l of generateCargo(Number(pieces), seed)) {
    byStop.set(l.stop, [...(byStop.get(l.stop) ?? []), l]);
    if (l.name !== 'long goods') continue;
    const area = l.lengthMm * l.widthMm * l.quantity;
    longLines++; longArea += area;
    if (l.widthMm * l.quantity >= 640) { wideLines++; wideArea += area; }
  }
  for (const lines of byStop.values()) {
    lines.sort((a, b) => b.lengthMm * b.widthMm * b.heightMm - a.lengthMm * a.widthMm * a.heightMm);
    lines.forEach((l, i) => {
      const kind = l.name === 'pallet' ? (l.stackable ? 'stackable pallet' : 'non-stackable pallet') : l.name;
      (pos[kind] ??= []).push(i / lines.length);
    });
  }
}
const at = (v: number[], q: number) => v[Math.floor(q * (v.length - 1))].toFixed(2);
for (const [kind, v] of Object.entries(pos)) {
  v.sort((a, b) => a - b);
  console.log(`${kind.padEnd(21)} lines ${String(v.length).padStart(5)}, share of the Stop's order before it: quartiles ${at(v, 0.25)} / ${at(v, 0.5)} / ${at(v, 0.75)}`);
}
console.log(`long goods lines at least 640 mm wide side by side: ${wideLines} of ${longLines} (${Math.round((100 * wideArea) / longArea)} % of their floor area)`);
