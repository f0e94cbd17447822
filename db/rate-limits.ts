import type { Db } from './connect.ts';

export interface WindowCount {
  hits: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * Counts one hit in a fixed window shared by every API process (the counter lives in
 * Postgres), and now and then drops windows long past.
 */
export async function countHit(db: Db, bucket: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db`
    insert into rate_limit_windows (bucket, window_start, hits) values (${bucket}, ${start}, 1)
    on conflict (bucket, window_start) do update set hits = rate_limit_windows.hits + 1
    returning hits`;
  if (Math.random() < 0.001) await db`delete from rate_limit_windows where window_start < ${new Date(now - 86_400_000)}`;
  return { hits: row.hits, resetAt: new Date(start.getTime() + windowMs) };
}

/** Takes back a hit that should not count (a replayed request). */
export async function uncountHit(db: Db, bucket: string, windowMs: number, now = Date.now()): Promise<void> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  await db`update rate_limit_windows set hits = greatest(hits - 1, 0) where bucket = ${bucket} and window_start = ${start}`;
}
