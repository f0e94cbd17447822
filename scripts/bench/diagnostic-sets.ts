// The instance sets a single-container diagnostic runs on: BR-style sets generated from a seed
// (`--generate types=70,100 --count 3 --seed 91`) or read from a folder of BR csv files
// (`--csv <folder> --instances 3 --from 0 [--set BR15]`).
import type { BrInstance } from './br-format.ts';
import { generateSets } from './br-generate.ts';
import { loadCsvSets } from './csv-format.ts';

/** The parseArgs options of the sets, with a run's time and support rule (each script adds its seed's default). */
export const SET_OPTIONS = {
  generate: { type: 'string' },
  csv: { type: 'string' },
  set: { type: 'string' },
  count: { type: 'string', default: '3' },
  instances: { type: 'string', default: '3' },
  from: { type: 'string', default: '0' },
  seconds: { type: 'string', default: '5' },
  support: { type: 'string', default: 'full' },
} as const;

export interface SetArgs {
  generate?: string;
  csv?: string;
  set?: string;
  count?: string;
  instances?: string;
  from?: string;
  seed?: string;
}

export function diagnosticSets(values: SetArgs, usage: string): { set: string; instances: BrInstance[] }[] {
  if (values.generate) {
    const types = values.generate.replace(/^types=/, '').split(',').map(Number);
    return generateSets(types, Number(values.count), Number(values.seed));
  }
  if (values.csv) return loadCsvSets(values.csv, Number(values.instances), Number(values.from)).filter((s) => !values.set || s.set === values.set);
  throw new Error(`usage: ${usage}`);
}
