// Child process of the BR benchmark: one instance per message, one core each. The solver
// is given by module path (another checkout's solver for before/after figures).
import { pathToFileURL } from 'node:url';
import type { BrInstance } from './br-format.ts';
import { runInstance, type Solve } from './br-run.ts';

const solvers = new Map<string, Solve>();

process.on('message', async (m: { solver: string; set: string; inst: BrInstance; seconds: number; support: 'full' | 'none'; clock: 'real' | 'cpu' }) => {
  let solve = solvers.get(m.solver);
  if (!solve) {
    solve = ((await import(pathToFileURL(m.solver).href)) as { solve: Solve }).solve;
    solvers.set(m.solver, solve);
  }
  process.send!({ ...runInstance(solve, m.set, m.inst, m.seconds, m.support, m.clock), solver: m.solver });
});
