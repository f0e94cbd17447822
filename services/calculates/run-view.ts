// The Calculate object of the contract, as the API answers it and the CLI prints it.
import type { CalculateRun } from '../../db/calculates.ts';
import { isActive } from './cancel.ts';

export function runView(run: CalculateRun) {
  return {
    id: run.id,
    status: run.status,
    loadPlanId: run.loadPlanId,
    source: run.source,
    phase: isActive(run) ? run.phase : null,
    processedItems: run.processedItems,
    totalItems: run.totalItems,
    failureCode: run.status === 'failed' || run.status === 'timed_out' ? run.failureCode : null,
    revision: run.status === 'completed' ? run.revision : null,
    solvedAt: run.status === 'completed' && run.solvedAt ? run.solvedAt.toISOString() : null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
