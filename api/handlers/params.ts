import type { ApiContext } from '../context.ts';

/** A path parameter (the contract has already checked it is an id). */
export function pathParam(ctx: ApiContext, name: string): string {
  return (ctx as unknown as { params: Record<string, string> }).params[name];
}
