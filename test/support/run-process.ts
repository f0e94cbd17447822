// A command run to its end as a real process: its exit code and what it printed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function runProcess(command: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(command, args);
    return { code: 0, out: stdout, err: stderr };
  } catch (e: any) {
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}
