// Flags of the npm bench and operations scripts: `--help` (or `-h`) prints the script's own
// header comment, which is its usage; a flag it does not know is one line and exit 2, not a
// stack trace.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The leading `//` comment of a script, without the slashes. */
export function usageOf(scriptUrl: string): string {
  const lines = readFileSync(fileURLToPath(scriptUrl), 'utf8').split('\n');
  const end = lines.findIndex((l) => !l.startsWith('//'));
  return lines.slice(0, end < 0 ? lines.length : end).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
}

export function scriptArgs<T extends ParseArgsConfig>(scriptUrl: string, config: T): ReturnType<typeof parseArgs<T>> {
  const argv = config.args ?? process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usageOf(scriptUrl));
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (err) {
    // node's message goes on to advise on positionals; its first sentence is the finding.
    console.error(`${(err as Error).message.split('. ')[0]} (--help prints the usage)`);
    process.exit(2);
  }
}
