-- Webhook delivery bookkeeping beyond 001.
-- webhook_events.endpoint_id: a `webhook.test` event goes only to the endpoint it was sent from
--   (null for calculate events, which go to every endpoint that chose their type).
-- webhook_events.dispatched_at: set once the event's delivery rows exist; the hourly sweep
--   dispatches events still without it (e.g. the process died between the event and its rows).
alter table webhook_events add column endpoint_id text references webhook_endpoints(id) on delete cascade;
alter table webhook_events add column dispatched_at timestamptz;
create index webhook_events_undispatched on webhook_events (created_at) where dispatched_at is null;
create index webhook_deliveries_pending on webhook_deliveries (created_at) where status = 'pending';
create index webhook_endpoints_org on webhook_endpoints (organization_id);
