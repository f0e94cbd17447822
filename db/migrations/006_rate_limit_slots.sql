-- A counter row that every request of one key (or one address) updates is a queue: each
-- update waits for the previous one's commit, and the row's dead versions pile up between
-- prunes. The admission counters are kept in one row per database connection (slot =
-- the backend's pid), so no two requests ever wait on one row; a window's count is the
-- sum of its slots. Counters that stay one row use slot 0.
alter table rate_limit_windows add column slot integer not null default 0;
alter table rate_limit_windows drop constraint rate_limit_windows_pkey;
alter table rate_limit_windows add primary key (bucket, window_start, slot);
