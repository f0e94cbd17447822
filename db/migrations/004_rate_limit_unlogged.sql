-- Rate-limit counters are rebuilt by traffic within a minute: they need no WAL and no fsync
-- per request. An unlogged table is emptied after a crash, which at worst grants one fresh window.
alter table rate_limit_windows set unlogged;
