// Calculate use cases: queue (with every check and budget), start, cancel, and the run view.
export { checkCargo, enqueueCalculate, type EnqueueRequest, type EnqueueRules } from './enqueue.ts';
export { solveTimeBudgetMs, startRun } from './start.ts';
export { cancelRun, isActive } from './cancel.ts';
export { runView } from './run-view.ts';
