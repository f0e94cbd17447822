-- A version of each organization's Equipment Type list (built-in types and its own), bumped
-- in the transaction that changes the list. Admission reads it with the key (from the
-- organization's row, which it already joins), so an API process may answer a list from its
-- cache while the version it cached the answer under is still the current one: the version
-- commits with the change, so the next request of every process sees the change.
alter table organizations add column equipment_version bigint not null default 0;

-- Built-in types are in every organization's list: a statement that changes one bumps all.
create function bump_equipment_versions(changed_rows_orgs text[], built_in_changed boolean) returns void language sql as $$
  update organizations set equipment_version = equipment_version + 1
  where built_in_changed or id = any(changed_rows_orgs)
$$;

create function equipment_types_inserted_or_deleted() returns trigger language plpgsql as $$
declare
  orgs text[];
  built_in boolean;
begin
  select array_agg(distinct organization_id) filter (where organization_id is not null), coalesce(bool_or(organization_id is null), false)
  into orgs, built_in from changed;
  perform bump_equipment_versions(orgs, built_in);
  return null;
end
$$;

-- only rows whose content changed: a seed that rewrites the built-in types unchanged bumps nothing
create function equipment_types_updated() returns trigger language plpgsql as $$
declare
  orgs text[];
  built_in boolean;
begin
  with changed as (
    (select * from new_rows except select * from old_rows)
    union all
    (select * from old_rows except select * from new_rows))
  select array_agg(distinct organization_id) filter (where organization_id is not null), coalesce(bool_or(organization_id is null), false)
  into orgs, built_in from changed;
  perform bump_equipment_versions(orgs, built_in);
  return null;
end
$$;

-- one trigger per event: a trigger with transition tables may have only one
create trigger equipment_types_insert_version after insert on equipment_types
  referencing new table as changed for each statement execute function equipment_types_inserted_or_deleted();
create trigger equipment_types_delete_version after delete on equipment_types
  referencing old table as changed for each statement execute function equipment_types_inserted_or_deleted();
create trigger equipment_types_update_version after update on equipment_types
  referencing old table as old_rows new table as new_rows for each statement execute function equipment_types_updated();
