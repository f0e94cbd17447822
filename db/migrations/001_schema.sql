-- The whole domain: organizations and their keys, planning data, runs and results,
-- share links, webhooks, idempotency, rate limits and the audit log.

create table organizations (
  id text primary key,
  name text not null,
  plan text not null check (plan in ('free', 'team', 'business', 'enterprise')),
  api_access boolean not null default false,
  created_at timestamptz not null default now()
);

create table members (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  email text not null,
  name text not null default '',
  role text not null check (role in ('owner', 'admin', 'member', 'viewer')),
  removed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index members_org_email on members (organization_id, lower(email)) where removed_at is null;

create table api_keys (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  created_by_member_id text not null references members(id),
  name text not null default '',
  -- keys created before scopes existed are read and write
  scope text not null default 'read_write' check (scope in ('read_write', 'read')),
  secret_hash bytea not null unique,
  secret_hint text not null,
  term_days integer check (term_days > 0),
  expires_at timestamptz,
  revoked_at timestamptz,
  replaced_by_id text references api_keys(id),
  created_at timestamptz not null default now()
);
create index api_keys_org on api_keys (organization_id);

create table projects (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  name text not null,
  transport_mode text not null check (transport_mode in ('sea', 'road')),
  stops jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_org on projects (organization_id, id);

create table equipment_types (
  id text primary key,
  organization_id text references organizations(id) on delete cascade, -- null = built in
  name text not null,
  mode text not null check (mode in ('sea', 'road')),
  category text not null,
  inner_length_mm integer not null check (inner_length_mm > 0),
  inner_width_mm integer not null check (inner_width_mm > 0),
  inner_height_mm integer not null check (inner_height_mm > 0),
  door_width_mm integer not null check (door_width_mm > 0),
  door_height_mm integer not null check (door_height_mm > 0),
  openings text[] not null,
  max_payload_g bigint not null check (max_payload_g > 0),
  tare_g bigint not null check (tare_g >= 0),
  axle_profile jsonb,
  source text not null default '',
  created_at timestamptz not null default now()
);
create index equipment_types_org on equipment_types (organization_id, id);

create table cargo_library_items (
  id text primary key,
  organization_id text references organizations(id) on delete cascade,
  name text not null,
  length_mm integer not null,
  width_mm integer not null,
  height_mm integer not null,
  weight_g bigint not null,
  group_key text,
  min_support_permille integer,
  friction_surface text,
  rotation text not null default 'free',
  stackable boolean not null default true,
  fragile boolean not null default false,
  created_at timestamptz not null default now()
);
create index cargo_library_items_org on cargo_library_items (organization_id, id);

create table load_plans (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  project_id text not null references projects(id) on delete cascade,
  name text not null,
  revision integer not null default 1,
  -- true when a stored result exists and cargo, equipment or securing changed after it
  stale boolean not null default false,
  securing jsonb,
  solved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index load_plans_project on load_plans (project_id, created_at, id);

create table cargo_lines (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  project_id text not null references projects(id) on delete cascade,
  position bigint not null, -- grid order
  name text not null,
  quantity integer not null,
  length_mm integer not null,
  width_mm integer not null,
  height_mm integer not null,
  weight_g bigint not null,
  group_key text,
  stop integer,
  min_support_permille integer,
  friction_surface text,
  rotation text not null,
  stackable boolean not null,
  fragile boolean not null,
  source_library_item_id text,
  revision integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index cargo_lines_grid on cargo_lines (project_id, position);

create table equipment_rows (
  id text primary key,
  load_plan_id text not null references load_plans(id) on delete cascade,
  equipment_type_id text references equipment_types(id) on delete set null,
  position integer not null,
  name text not null,
  inner_length_mm integer not null,
  inner_width_mm integer not null,
  inner_height_mm integer not null,
  door_width_mm integer not null,
  door_height_mm integer not null,
  openings text[] not null,
  max_payload_g bigint not null,
  tare_g bigint not null,
  axle_profile jsonb,
  max_units integer check (max_units is null or max_units >= 0),
  created_at timestamptz not null default now()
);
create index equipment_rows_plan on equipment_rows (load_plan_id, position);

create table calculate_runs (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  load_plan_id text not null references load_plans(id) on delete cascade,
  source text not null check (source in ('api', 'app')),
  api_key_id text references api_keys(id),
  status text not null check (status in ('queued', 'running', 'completed', 'failed', 'cancelled', 'timed_out')),
  expected_revision integer not null,
  replace_unlocked_manual boolean not null default false,
  phase text,
  processed_items integer not null default 0,
  total_items integer not null default 0,
  cancel_requested boolean not null default false,
  failure_code text,
  failure_message text,
  revision integer,
  solved_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- one Calculate at a time per Load Plan
create unique index calculate_runs_one_active on calculate_runs (load_plan_id) where status in ('queued', 'running');
create index calculate_runs_org_active on calculate_runs (organization_id) where status in ('queued', 'running');

create table load_plan_results (
  load_plan_id text primary key references load_plans(id) on delete cascade,
  calculate_id text not null references calculate_runs(id),
  revision integer not null,
  solved_at timestamptz not null,
  units jsonb not null,
  totals jsonb not null,
  warnings jsonb not null,
  unloaded jsonb not null,
  axle_warnings jsonb not null default '[]',
  stop_warnings jsonb not null default '[]',
  securing_warnings jsonb not null default '[]'
);

create table placements (
  load_plan_id text not null references load_plans(id) on delete cascade,
  unit_index integer not null,
  equipment_id text not null,
  cargo_line_id text not null,
  piece_index integer not null,
  x_mm integer not null,
  y_mm integer not null,
  z_mm integer not null,
  length_mm integer not null,
  width_mm integer not null,
  height_mm integer not null,
  rotation text not null,
  loading_step integer not null,
  stop integer,
  locked boolean not null default false,
  manual boolean not null default false,
  primary key (load_plan_id, cargo_line_id, piece_index)
);
create index placements_unit on placements (load_plan_id, unit_index, loading_step);

create table share_links (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  load_plan_id text not null references load_plans(id) on delete cascade,
  token_hash bytea not null unique,
  expires_at timestamptz,
  show_loading_steps boolean not null default true,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

create table webhook_endpoints (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  url text not null,
  event_types text[] not null,
  secret_ciphertext text not null,
  previous_secret_ciphertext text,
  previous_secret_until timestamptz,
  enabled boolean not null default true,
  enabled_at timestamptz not null default now(),
  disabled_reason text,
  failing_since timestamptz,
  created_by_member_id text references members(id),
  created_at timestamptz not null default now()
);

create table webhook_events (
  id text primary key,
  organization_id text not null references organizations(id) on delete cascade,
  type text not null,
  calculate_id text unique references calculate_runs(id), -- exactly one event per run
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index webhook_events_org on webhook_events (organization_id, created_at);

create table webhook_deliveries (
  id text primary key, -- the webhook-id header: same on every retry and redelivery
  event_id text not null references webhook_events(id) on delete cascade,
  endpoint_id text not null references webhook_endpoints(id) on delete cascade,
  status text not null check (status in ('pending', 'delivering', 'succeeded', 'failed')),
  attempt_count integer not null default 0,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_failure text,
  last_response_snippet text,
  started_at timestamptz,
  created_at timestamptz not null default now(),
  unique (event_id, endpoint_id)
);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at);

create table outbox_emails (
  id bigserial primary key,
  organization_id text references organizations(id) on delete cascade,
  to_address text not null,
  subject text not null,
  body text not null,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

create table idempotency_records (
  api_key_id text not null references api_keys(id) on delete cascade,
  key text not null,
  request_hash text not null,
  state text not null check (state in ('running', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (api_key_id, key)
);

create table rate_limit_windows (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);

create table audit_log (
  id bigserial primary key,
  organization_id text references organizations(id) on delete cascade,
  api_key_id text references api_keys(id) on delete set null,
  operation text not null,
  status integer not null,
  resource_id text,
  request_id text,
  created_at timestamptz not null default now()
);
create index audit_log_org on audit_log (organization_id, id);
