// Entry of the solver thread: registers tsx's loader in this thread, then loads the
// TypeScript thread body (worker threads do not inherit the parent's loader on Node 20).
import { register } from 'tsx/esm/api';

register();
await import('./solve-thread.ts');
