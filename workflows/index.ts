// Every workflow the worker runs (the bundle's entry point). Deterministic code only.
export { systemCheckWorkflow } from './system-check.ts';
