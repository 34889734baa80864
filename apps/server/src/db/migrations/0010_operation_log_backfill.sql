-- Entries written before the log named its subject: take entity and action from the address
-- (/api/{entity}/{action}/...) and the id from a trailing number.
UPDATE "operation_logs"
SET "entity" = split_part("path", '/', 3),
    "action" = split_part("path", '/', 4),
    "record_ids" = CASE WHEN split_part("path", '/', 5) ~ '^[1-9][0-9]{0,15}$'
                        THEN ARRAY[split_part("path", '/', 5)::bigint] ELSE '{}'::bigint[] END
WHERE "entity" = '' AND "path" LIKE '/api/%';
