// Child process of the BR benchmark: one instance per message, one core each. The solver
// is given by module path (another checkout's solver for before/after figures).
import { pathToFileURL } from 'node:url';
import type { SolveInput, SolveResult } from '../../solver/types.ts';
import type { BrInstance } from './br-format.ts';
import { runInstance } from './br-run.ts';

type Solve = (input: SolveInput, hooks?: { now?: () => number }) => SolveResult;
const solvers = new Map<string, Solve>();

process.on('message', async (m: { solver: string; set: string; inst: BrInstance; seconds: number; support: 'full' | 'none'; clock: 'real' | 'cpu' }) => {
  let solve = solvers.get(m.solver);
  if (!solve) {
    solve = ((await import(pathToFileURL(m.solver).href)) as { solve: Solve }).solve;
    solvers.set(m.solver, solve);
  }
  process.send!({ ...runInstance(solve, m.set, m.inst, m.seconds, m.support, m.clock), solver: m.solver });
});
