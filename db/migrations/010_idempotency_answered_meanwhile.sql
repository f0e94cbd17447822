-- The Idempotency-Key's claim reads the key's record with its statement's snapshot, taken
-- before the key's lock: a request holding the key may commit its response in between, and
-- the claim then gets the lock without seeing that response. The stored response's upsert
-- finds it (a conflict sees the latest row) and leaves it as it is; the statement then calls
-- this, so the request's writes roll back, and the request reads the key again and replays.
create function idempotency_answered_meanwhile() returns boolean language plpgsql as $$
begin
  raise exception 'the Idempotency-Key was answered by another request meanwhile' using errcode = 'LP412';
end $$;
