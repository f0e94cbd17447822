-- The Project cap's count (migration 006) without counting rows: each organization's Project
-- count is kept in a few counter rows (stripes), changed by triggers in the transaction
-- that inserts or deletes Projects, so the cap check reads at most 64 rows however many
-- Projects there are (a count(*) read every Project of the organization, twice per creation).
--
-- A creation adds 1 to its connection's stripe (the backend's pid modulo 64): concurrent
-- creations on other connections update other rows and do not wait for each other; two
-- on one stripe wait only for the row. A stripe's row sees only its own transaction's
-- uncommitted change, as count(*) saw only its own uncommitted row: the cap's locking
-- (migration 006) stays as it was. A deletion takes its count off the organization's
-- lowest stripe (stripes may go negative; only their sum means anything).
create table project_counts (
  organization_id text not null references organizations(id) on delete cascade,
  stripe smallint not null,
  n bigint not null,
  primary key (organization_id, stripe)
);

lock table projects in share mode;
insert into project_counts (organization_id, stripe, n)
select organization_id, 0, count(*) from projects group by organization_id;

-- (the cap's trigger repeats the sum inline: plpgsql keeps its plan, a call of this
-- SQL function plans it again on every call)
create function project_count(org text) returns bigint language sql stable as $$
  select coalesce(sum(n), 0)::bigint from project_counts where organization_id = org
$$;

create function projects_counted_insert() returns trigger language plpgsql as $$
begin
  insert into project_counts (organization_id, stripe, n) values (new.organization_id, pg_backend_pid() % 64, 1)
  on conflict (organization_id, stripe) do update set n = project_counts.n + 1;
  return null;
end
$$;

create function projects_counted_delete() returns trigger language plpgsql as $$
begin
  update project_counts c set n = c.n - gone.k
  from (select organization_id, count(*) as k from gone group by organization_id) gone
  where c.organization_id = gone.organization_id
    and c.stripe = (select min(stripe) from project_counts s where s.organization_id = gone.organization_id);
  return null;
end
$$;

create trigger projects_counted_insert after insert on projects
  for each row execute function projects_counted_insert();
create trigger projects_counted_delete after delete on projects
  referencing old table as gone for each statement execute function projects_counted_delete();

create or replace function enforce_projects_cap() returns trigger language plpgsql as $$
declare
  cap integer := nullif(current_setting('loadplan.projects_cap', true), '')::integer;
  margin integer := current_setting('max_connections')::integer;
  lock_key integer := hashtext('plan-cap:projects:' || new.organization_id);
  n bigint;
begin
  if cap is null then
    return null;
  end if;
  -- which way: a count without the lock (each statement below takes a fresh snapshot)
  select coalesce(sum(c.n), 0) into n from project_counts c where c.organization_id = new.organization_id;
  if n + margin <= cap then
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
