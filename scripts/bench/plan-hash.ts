// A fleet plan's hash as the scale bench prints it: equal hashes mean the same plan (placements,
// Units and every warning). No solver import, so a script timing a cold solver can use it.
import { createHash } from 'node:crypto';
import type { SolveResult } from '../../solver/types.ts';

export function planHash(result: SolveResult): string {
  return createHash('sha256')
    .update(JSON.stringify([result.placements, result.units, result.warnings, result.unloaded, result.stopWarnings, result.axleWarnings]))
    .digest('hex')
    .slice(0, 16);
}
