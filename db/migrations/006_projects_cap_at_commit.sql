-- The Project cap, checked at commit inside the server. The check serializes one
-- organization's creations (an advisory lock until the commit ends); checked from the API
-- process, the lock was held across a round trip and the process's turn to send COMMIT,
-- which on a busy process is most of a creation's time. Here it is held for the count and
-- the commit only. The cap comes from the transaction (set_config of
-- loadplan.projects_cap, set by the insert that creates the Project); unset, no check.
-- The lock is the one db/plan-caps.ts takes for the projects cap.
create function enforce_projects_cap() returns trigger language plpgsql as $$
declare
  cap integer := nullif(current_setting('loadplan.projects_cap', true), '')::integer;
  n integer;
begin
  if cap is null then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtext('plan-cap:projects:' || new.organization_id));
  -- a statement of its own: its snapshot is taken once the lock is held
  select count(*) into n from projects where organization_id = new.organization_id;
  if n > cap then
    raise exception 'plan cap reached' using errcode = 'LP409', detail = cap::text;
  end if;
  return null;
end
$$;

create constraint trigger projects_cap after insert on projects
  deferrable initially deferred for each row execute function enforce_projects_cap();
