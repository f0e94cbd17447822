// The instances of one set named on a diagnostic's command line: BR files in a folder (`--data`,
// `--count` from `--from`) or a generated set (`T<types>`, `--count` from `--seed`).
import { parseArgs } from 'node:util';
import { generateSets } from './br-generate.ts';
import { loadCsvSets } from './csv-format.ts';
import type { BrInstance } from './br-format.ts';

export function instancesOf(set: string, o: { data?: string; count: string; from?: string; seed: string }): BrInstance[] {
  return o.data
    ? loadCsvSets(o.data, Number(o.count), Number(o.from ?? 0)).find((s) => s.set === set)!.instances
    : generateSets([Number(set.slice(1))], Number(o.count), Number(o.seed))[0].instances;
}

/**
 * The set a one-Unit diagnostic reads: `<set> [--count 3] [--seed 101] [--seconds 1] [--data <folder>] [--from 0]`
 * (`T100` when none is named).
 */
export function instancesFromArgs() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string', default: '3' }, seed: { type: 'string', default: '101' }, seconds: { type: 'string', default: '1' },
      data: { type: 'string' }, from: { type: 'string', default: '0' },
    },
  });
  const set = positionals[0] ?? 'T100';
  return { values, set, instances: instancesOf(set, values) };
}
