-- The Idempotency-Key's claim, checked by the statement that stores the response: the claim
-- (db/idempotency.ts) notes in the transaction whether the key is this request's to use, and
-- the stored response's insert raises 'LP412' when it is not. The transaction then rolls back
-- at its COMMIT, so the claim, the request's writes, the stored response and the COMMIT can go
-- out together, without waiting for the claim's answer (one round trip instead of two).
create function idempotency_require_claim() returns boolean language plpgsql as $$
begin
  if current_setting('loadplan.idempotency_claimed', true) is distinct from 'yes' then
    raise exception 'the Idempotency-Key is not this request''s to use' using errcode = 'LP412';
  end if;
  return true;
end $$;
