// Diagnostic: where the scale cargo's `stop-blocked` pieces come from. Per Unit the Stops it
// holds and, per blocked piece, what blocks it: a later-unloaded piece above it with a
// floor-plan overlap, only through the pieces resting on it (a chain), or only in front of it
// towards the rear door; and which Stop blocks which (0 = no Stop).
// npx tsx scripts/bench/stop-blocked-where.ts <sea|road> <pieces> <seed,seed,...> [seconds of CPU] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Placement, SolveResult } from '../../solver/types.ts';
import { cpuMs } from './process-cpu.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '1000', seeds = '1', seconds = '5', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (i: unknown, h: unknown) => SolveResult };

const rankOf = (p: Placement) => p.stop ?? Infinity;
const ov = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

for (const seed of seeds.split(',').map(Number)) {
  for (const secs of [0, Number(seconds)]) {
    const input = scaleInput(fleet, generateCargo(Number(pieces), seed), seed, secs * 1000);
    const r = solve(input, { now: cpuMs });
    const blocked = new Set(r.stopWarnings.flatMap((w) => w.pieces.map((p) => `${w.unitIndex}/${p.cargoLineId}/${p.pieceIndex}`)));
    const kinds = { above: 0, chain: 0, front: 0 };
    const pairs = new Map<string, number>();
    const perUnit: string[] = [];
    for (const u of r.units) {
      const ps = r.placements.filter((p) => p.unitIndex === u.index);
      const stops = [...new Set(ps.map((p) => p.stop ?? 0))].sort();
      let nb = 0;
      for (const p of ps) {
        if (!blocked.has(`${u.index}/${p.cargoLineId}/${p.pieceIndex}`)) continue;
        nb++;
        const r0 = rankOf(p);
        const later = ps.filter((q) => rankOf(q) > r0);
        const above = later.filter((q) => q.zMm >= p.zMm + p.heightMm && ov(q.xMm, q.xMm + q.lengthMm, p.xMm, p.xMm + p.lengthMm) && ov(q.yMm, q.yMm + q.widthMm, p.yMm, p.yMm + p.widthMm));
        const front = later.filter((q) => q.xMm >= p.xMm + p.lengthMm && ov(q.zMm, q.zMm + q.heightMm, p.zMm, p.zMm + p.heightMm) && ov(q.yMm, q.yMm + q.widthMm, p.yMm, p.yMm + p.widthMm));
        const by = above.length ? above : front;
        if (above.length) kinds.above++;
        else if (front.length) kinds.front++;
        else kinds.chain++;
        const worst = by.length ? Math.max(...by.map(rankOf)) : -1;
        const key = `${p.stop}<-${worst === Infinity ? 0 : worst}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
      perUnit.push(`${u.equipmentId ?? ''}[${stops.join('')}]${nb}`);
    }
    const total = r.stopWarnings.reduce((a, w) => a + w.pieces.length, 0);
    console.log(`${fleet} ${pieces} #${seed} ${secs}s: Units ${r.totals.units}, blocked ${total} (above ${kinds.above}, chain only ${kinds.chain}, front only ${kinds.front}); ` +
      `stop<-blocker ${[...pairs].sort().map(([k, n]) => `${k}:${n}`).join(' ')}`);
    console.log(`  per Unit [Stops held] blocked: ${perUnit.join(' ')}`);
  }
}
