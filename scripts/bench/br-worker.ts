// Child process of the BR benchmark: one instance per message, one core each.
import type { BrInstance } from './br-format.ts';
import { runInstance } from './br-run.ts';

process.on('message', (m: { set: string; inst: BrInstance; seconds: number; support: 'full' | 'none' }) => {
  process.send!(runInstance(m.set, m.inst, m.seconds, m.support));
});
