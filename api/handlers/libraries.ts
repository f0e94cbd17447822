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
import { ResponseCache } from '../response-cache.ts';

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

/** Equipment Type pages as sent, by organization, list version and query. */
const equipmentPages = new ResponseCache(256);

/**
 * The list changes only through the version admission read with the key (migration 007):
 * a page cached under that version is the page the query would read now.
 */
export const listEquipmentTypes: ApiMiddleware = async (ctx) => {
  // a plain `ids` would otherwise be dropped silently and the filter ignored
  if ('ids' in ctx.request.query) {
    throw invalidInput('use bracket notation for the ids filter, even for one id: ids[]=<id>&ids[]=<id>', [
      { path: ['query', 'ids'], message: 'use ids[] (bracket notation), even for one id', code: 'use_bracket_notation' },
    ]);
  }
  const { organizationId, equipmentVersion } = ctx.state.auth!;
  const { limit, query, cursor, mode, 'ids[]': ids } = EquipmentLibraryQuery.parse(ctx.request.query);
  const cacheKey = `${organizationId} ${equipmentVersion} ${JSON.stringify([limit, query, cursor, mode, ids])}`;
  const cached = equipmentPages.get(cacheKey);
  if (cached !== undefined) {
    ctx.type = 'application/json';
    ctx.body = cached;
    return;
  }
  const filter = { query, mode, ids };
  if (cursor && !(await equipmentTypeInList(ctx.state.db, organizationId, filter, cursor))) throw notFound('cursor');
  const rows = await readEquipmentTypes(ctx.state.db, organizationId, filter, cursor ?? null, limit + 1);
  // the text Koa would send for the object
  const text = JSON.stringify(toPage(rows, limit));
  equipmentPages.set(cacheKey, text);
  ctx.type = 'application/json';
  ctx.body = text;
};

export const libraryHandlers = { listCargoLibrary, listEquipmentTypes };
