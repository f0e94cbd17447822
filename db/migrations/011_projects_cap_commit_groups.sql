-- A transaction may now create several Projects: db/commit-groups.ts commits the creations of
-- one organization that arrive together in one transaction, which it marks with the setting
-- loadplan.commit_group. The cap's shared path (migration 006) counts each other transaction
-- holding the cap lock as at most one Project not yet visible; a transaction of a commit group
-- could hide up to 32. So such a transaction takes the exclusive path: it waits for the shared
-- holders' commits and counts exactly, and while it holds the lock no other creation of the
-- organization can pass its check unseen. Transactions of one creation are unchanged.
create or replace function enforce_projects_cap() returns trigger language plpgsql as $$
declare
  cap integer := nullif(current_setting('loadplan.projects_cap', true), '')::integer;
  margin integer := current_setting('max_connections')::integer;
  lock_key integer := hashtext('plan-cap:projects:' || new.organization_id);
  in_group boolean := coalesce(current_setting('loadplan.commit_group', true), '') = 'yes';
  n bigint;
begin
  if cap is null then
    return null;
  end if;
  -- which way: a count without the lock (each statement below takes a fresh snapshot)
  select coalesce(sum(c.n), 0) into n from project_counts c where c.organization_id = new.organization_id;
  if n + margin <= cap and not in_group then
    perform pg_advisory_xact_lock_shared(lock_key);
    select coalesce(sum(c.n), 0) into n from project_counts c where c.organization_id = new.organization_id;
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
    select coalesce(sum(c.n), 0) into n from project_counts c where c.organization_id = new.organization_id;
    if n <= cap then
      return null;
    end if;
  end if;
  raise exception 'plan cap reached' using errcode = 'LP409', detail = cap::text;
end
$$;
