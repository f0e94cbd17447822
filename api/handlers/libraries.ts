import {
  cargoLibraryItemInList,
  equipmentTypeInList,
  listCargoLibrary as readCargoLibrary,
  listEquipmentTypes as readEquipmentTypes,
  type CargoLibraryItem,
} from '../../db/libraries.ts';
import { CargoLibraryQuery, EquipmentLibraryQuery } from '../contract/libraries.ts';
import { invalidInput, notFound } from '../errors.ts';
import type { ApiMiddleware } from '../context.ts';
import { iso, toPage } from './pagination.ts';

function cargoLibraryItemBody(item: CargoLibraryItem) {
  return { ...item, createdAt: iso(item.createdAt) };
}

export const listCargoLibrary: ApiMiddleware = async (ctx) => {
  const { organizationId } = ctx.state.auth!;
  const { limit, query, cursor } = CargoLibraryQuery.parse(ctx.request.query);
  if (cursor && !(await cargoLibraryItemInList(ctx.state.db, organizationId, query, cursor))) throw notFound('cursor');
  const rows = await readCargoLibrary(ctx.state.db, organizationId, query, cursor ?? null, limit + 1);
  const page = toPage(rows, limit);
  ctx.body = { items: page.items.map(cargoLibraryItemBody), nextCursor: page.nextCursor };
};

export const listEquipmentTypes: ApiMiddleware = async (ctx) => {
  // a plain `ids` would otherwise be dropped silently and the filter ignored
  if ('ids' in ctx.request.query) {
    throw invalidInput('use bracket notation for the ids filter, even for one id: ids[]=<id>&ids[]=<id>', [
      { path: ['query', 'ids'], message: 'use ids[] (bracket notation), even for one id', code: 'use_bracket_notation' },
    ]);
  }
  const { organizationId } = ctx.state.auth!;
  const { limit, query, cursor, mode, 'ids[]': ids } = EquipmentLibraryQuery.parse(ctx.request.query);
  const filter = { query, mode, ids };
  if (cursor && !(await equipmentTypeInList(ctx.state.db, organizationId, filter, cursor))) throw notFound('cursor');
  const rows = await readEquipmentTypes(ctx.state.db, organizationId, filter, cursor ?? null, limit + 1);
  ctx.body = toPage(rows, limit);
};

export const libraryHandlers = { listCargoLibrary, listEquipmentTypes };
