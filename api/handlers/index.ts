// The handler of each contract route, by operationId. A route with none answers 501.
import type { ApiMiddleware } from '../context.ts';
import { projectHandlers } from './projects.ts';
import { loadPlanHandlers } from './load-plans.ts';
import { cargoHandlers } from './cargo.ts';
import { equipmentHandlers } from './equipment.ts';
import { libraryHandlers } from './libraries.ts';
import { shareLinkHandlers } from './share-links.ts';
import { calculateHandlers } from './calculates.ts';

export const handlers: Record<string, ApiMiddleware> = {
  ...projectHandlers,
  ...loadPlanHandlers,
  ...cargoHandlers,
  ...equipmentHandlers,
  ...libraryHandlers,
  ...shareLinkHandlers,
  ...calculateHandlers,
};
