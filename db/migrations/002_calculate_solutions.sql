-- A solved plan waiting for its store step: the solve activity writes it here so the
-- (large) result never travels through Temporal payloads; the store step moves it into
-- placements and load_plan_results and deletes it in the same transaction.
create table calculate_solutions (
  calculate_id text primary key references calculate_runs(id) on delete cascade,
  result jsonb not null,
  created_at timestamptz not null default now()
);
