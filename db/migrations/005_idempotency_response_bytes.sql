-- A replay answers the first response's exact bytes: `json` keeps the text as written
-- (jsonb would reorder the keys).
alter table idempotency_records alter column response_body type json using response_body::json;
