import { SolveCancelledError, type SolveHooks, type SolvePhase } from './types.ts';

/**
 * Progress, cancellation and the clock in one place. `tick()` is cheap enough for inner
 * loops: it reads the clock only every few calls.
 */
export class Ticker {
  phase: SolvePhase = 'preparing';
  processed = 0;
  total = 0;
  private calls = 0;
  private lastProgress = -Infinity;
  private readonly clock: () => number;

  constructor(private readonly hooks: SolveHooks = {}) {
    this.clock = hooks.now ?? (() => performance.now());
  }

  now(): number {
    return this.clock();
  }

  tick(): void {
    if ((++this.calls & 31) !== 0) return;
    this.poll();
  }

  /** Checks cancellation and reports progress if a quarter second has passed. */
  poll(): void {
    if (this.hooks.isCancelled?.()) throw new SolveCancelledError();
    const t = this.clock();
    if (t - this.lastProgress >= 250) this.report(t);
  }

  setPhase(phase: SolvePhase): void {
    if (this.hooks.isCancelled?.()) throw new SolveCancelledError();
    this.phase = phase;
    this.report(this.clock());
  }

  private report(t: number): void {
    this.lastProgress = t;
    this.hooks.onProgress?.({ phase: this.phase, processedItems: this.processed, totalItems: this.total });
  }
}
