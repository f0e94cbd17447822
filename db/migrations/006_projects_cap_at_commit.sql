-- The Project cap, checked at commit inside the server, where no round trip and no turn of
-- the API process's event loop falls inside the check. The cap comes from the transaction
-- (set_config of loadplan.projects_cap, set by the insert that creates the Project; unset,
-- no check).
--
-- Far from the cap, creations do not wait for each other: each takes the organization's
-- cap lock in shared mode and counts. Every creation that has counted holds the lock (shared
-- or exclusive) until its commit ends, and each one holds a connection, so while one counts,
-- fewer than max_connections others can be counted but not yet visible to it: a count that
-- is more than that below the cap admits. Near the cap, a creation takes the lock
-- exclusively (it waits for every shared holder's commit) and counts exactly. The lock is
-- the one db/plan-caps.ts names for the projects cap.
-- How many transactions hold the advisory lock `lock_key` (one bigint key) in shared mode.
create function advisory_share_holders(lock_key bigint) returns integer language sql stable as $$
  select count(*)::integer from pg_locks
  where locktype = 'advisory' and mode = 'ShareLock' and granted and objsubid = 1
    and database = (select oid from pg_database where datname = current_database())
    and classid = ((lock_key >> 32) & 4294967295)::oid and objid = (lock_key & 4294967295)::oid
$$;

create function enforce_projects_cap() returns trigger language plpgsql as $$
declare
  cap integer := nullif(current_setting('loadplan.projects_cap', true), '')::integer;
  margin integer := current_setting('max_connections')::integer;
  lock_key integer := hashtext('plan-cap:projects:' || new.organization_id);
  n integer;
begin
  if cap is null then
    return null;
  end if;
  -- which way: a count without the lock (each statement below takes a fresh snapshot)
  select count(*) into n from projects where organization_id = new.organization_id;
  if n + margin <= cap then
    perform pg_advisory_xact_lock_shared(lock_key);
    select count(*) into n from projects where organization_id = new.organization_id;
    if n + margin - 1 <= cap then
      return null;
    end if;
    -- many creations committed between the two counts: the shared holders still running
    -- are the most that can be invisible to this count (a refusal here may be early, never late)
    if n + advisory_share_holders(lock_key) - 1 <= cap then
      return null;
    end if;
  else
    perform pg_advisory_xact_lock(lock_key);
    select count(*) into n from projects where organization_id = new.organization_id;
    if n <= cap then
      return null;
    end if;
  end if;
  raise exception 'plan cap reached' using errcode = 'LP409', detail = cap::text;
end
$$;

create constraint trigger projects_cap after insert on projects
  deferrable initially deferred for each row execute function enforce_projects_cap();
