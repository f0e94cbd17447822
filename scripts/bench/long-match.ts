// Diagnostic: how often long goods could form a platform of several lines (one flat top under a
// row of pallets or a crate). Per cargo, summed over the seeds: the long goods' floor area (m2),
// the share in lines wide enough alone (`quantity * width` >= 640 mm, 80 % of a EUR pallet's
// 800), and the share in lines with a partner in the same Stop whose layer height (1 to
// `quantity` pieces high) matches one of theirs within `tol` mm, lengths within 10 %.
// npx tsx scripts/bench/long-match.ts [pieces] [seed,seed,...]
import { generateCargo } from './cargo-generator.ts';

const [pieces = '1000', seedArg = '1,2,3,4,5,6,7,8'] = process.argv.slice(2);
const TOLERANCES = [0, 5, 10, 20];
const heights = (h: number, q: number) => Array.from({ length: q }, (_, k) => h * (k + 1));
let lines = 0, area = 0, wide = 0;
const matched = TOLERANCES.map(() => 0);
for (const seed of seedArg.split(',').map(Number)) {
  const goods = generateCargo(Number(pieces), seed).filter((l) => l.name === 'long goods');
  lines += goods.length;
  for (const a of goods) {
    const floor = (a.lengthMm * a.widthMm * a.quantity) / 1e6;
    area += floor;
    if (a.quantity * a.widthMm >= 640) wide += floor;
    const ha = heights(a.heightMm, a.quantity);
    TOLERANCES.forEach((tol, t) => {
      const partner = goods.some((b) => b !== a && b.stop === a.stop && Math.abs(b.lengthMm - a.lengthMm) <= 0.1 * a.lengthMm &&
        heights(b.heightMm, b.quantity).some((h) => ha.some((g) => Math.abs(g - h) <= tol)));
      if (partner) matched[t] += floor;
    });
  }
}
const share = (x: number) => `${((100 * x) / area).toFixed(1)} %`;
console.log(`${pieces} pieces: ${lines} long goods lines, ${area.toFixed(0)} m2 of floor; wide enough alone ${share(wide)}; ` +
  TOLERANCES.map((tol, t) => `a partner within ${tol} mm ${share(matched[t])}`).join(', '));
