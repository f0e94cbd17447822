// Child process of the BR benchmark: one instance per message, one core each. The solver
// is given by module path (another checkout's solver for before/after figures).
import type { BrInstance } from './br-format.ts';
import { loadSolve, runInstance } from './br-run.ts';

process.on('message', async (m: { solver: string; set: string; inst: BrInstance; seconds: number; support: 'full' | 'none'; clock: 'real' | 'cpu' }) => {
  const solve = await loadSolve(m.solver);
  process.send!({ ...runInstance(solve, m.set, m.inst, m.seconds, m.support, m.clock), solver: m.solver });
});
