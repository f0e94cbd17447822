// Every workflow the worker runs (the bundle's entry point). Deterministic code only.
export { systemCheckWorkflow } from './system-check.ts';
export { calculateWorkflow } from './calculate.ts';
export { webhookDeliveryWorkflow } from './webhook-delivery.ts';
export { webhookSweepWorkflow } from './webhook-sweep.ts';
