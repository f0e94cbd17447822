// Cursor pages: the cursor is the id of the last item of the previous page.

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** rows were read with limit + 1: the extra row only says that another page follows. */
export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1].id : null };
}

/** RFC 3339 in UTC. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
