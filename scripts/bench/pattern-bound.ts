// A lower bound on the Units of a multi-container problem of few box types (one container type)
// from the count vectors one Unit could hold: a vector (pieces per box type) is kept when it
// passes every single-Unit test (volume, and each triple of dual feasible functions over the
// three axes: its pieces' values sum to at most 1). The bound is the cutting-stock LP over the
// kept vectors, rounded up: Units are whole, so a box type of which at most two go in one Unit
// (each worth half a Unit's height) and which leaves no room for some other type counts where
// the volume and the DFF bound over all pieces average it away (thpack9 #16: 21 -> 26).
//   npx tsx scripts/bench/pattern-bound.ts <items csv folder> <numbers csv>
// Prints per problem the solver's bound, this bound, and the LP's weights per box type.
import { csvInstanceFiles, csvMultiContainer } from './csv-format.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import { patternBound } from './pattern-lp.ts';

const [folder, numbers] = process.argv.slice(2);
const wanted = numbers ? new Set(numbers.split(',').map(Number)) : null;
let sumOld = 0, sumNew = 0;
for (const f of csvInstanceFiles(folder)) {
  if (wanted && !wanted.has(f.number)) continue;
  const input = csvMultiContainer(f.items, f.number, 0).input;
  const old = unitBounds(input.lines, input.equipment, true).bound;
  const t0 = performance.now();
  const pb = patternBound(input.lines, input.equipment[0]);
  const bound = Math.max(old, pb.bound);
  sumOld += old;
  sumNew += bound;
  console.log(`#${f.number}: bound ${old} -> ${bound} (LP ${pb.lp.toFixed(3)}, ${pb.vectors} vectors, ${pb.rows} DFF rows, ${Math.round(performance.now() - t0)} ms) weights ${pb.weights.map((w) => w.toFixed(3)).join(' / ')}`);
}
console.log(`sum: ${sumOld} -> ${sumNew}`);
