// Diagnostic: why the room above non-stackable pieces proves no more Units on the scale cargo.
// Per seed: the bound (`solver/dead-room.ts`) before rounding against volume and weight together;
// the largest base no sum of stackable heights reaches (above it every crate can rise to the
// roof); the room above the non-stackable pieces were they all on the floor (40' HC), and the
// stackable volume that could fill the columns under them instead (a fluid relaxation: if it is
// larger, no column argument forces dead room); the overhang area partly supported pieces may take.
// npx tsx scripts/bench/dead-room.ts <sea|road> <pieces> <seed,seed,...>
import { deadRoomValue } from '../../solver/dead-room.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import { placedDims } from '../../solver/orientation.ts';
import { FLEETS, generateCargo } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '1000', seeds = '7'] = process.argv.slice(2);
const equipment = FLEETS[fleet];
const H = Math.max(...equipment.map((e) => e.innerHeightMm));
let sumBound = 0, sumVw = 0;
for (const seed of seeds.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const reach = new Uint8Array(H + 1);
  reach[0] = 1;
  for (const l of lines) {
    if (!l.stackable || l.fragile) continue;
    for (const o of l.orientations) {
      const h = placedDims(l.lengthMm, l.widthMm, l.heightMm, o)[2];
      for (let x = h; x <= H; x++) if (reach[x - h]) reach[x] = 1;
    }
  }
  let unreached = 0;
  for (let x = 1; x <= H; x++) if (!reach[x]) unreached = x;
  let above = 0, carriers = 0, overhang = 0, nsFloor = 0;
  for (const l of lines) {
    const base = l.lengthMm * l.widthMm * l.quantity;
    if (!l.stackable) {
      above += base * (H - l.heightMm);
      nsFloor += base;
    } else if (!l.fragile) carriers += base * l.heightMm;
    overhang += (1 - Math.min(1000, l.minSupportPermille ?? 1000) / 1000) * base;
  }
  const value = deadRoomValue(lines, equipment);
  const vw = unitBounds(lines, equipment, false, { dff: false }).volumeWeight;
  sumBound += Math.ceil(value - 1e-6);
  sumVw += vw;
  console.log(
    `${fleet} ${pieces} seed ${seed}: dead-room bound ${Math.ceil(value - 1e-6)} (${value.toFixed(2)}), volume and weight ${vw}; ` +
    `bases reached from ${unreached + 1} mm; room above non-stackable pieces on the floor ${(above / 1e9).toFixed(1)} m3, ` +
    `stackable non-fragile volume ${(carriers / 1e9).toFixed(1)} m3; non-stackable footprint ${(nsFloor / 1e6).toFixed(1)} m2, overhang up to ${(overhang / 1e6).toFixed(1)} m2`,
  );
}
console.log(`sum: dead-room bound ${sumBound}, volume and weight ${sumVw}`);
