-- The two sums every submit reads without reading the executions themselves: a context's credits
-- in a billing period (from the index alone, which also serves what executions_context served),
-- and the bytes of its kept results (a partial index over kept results only, so its cost follows
-- what is kept, not the context's whole history).
DROP INDEX executions_context;
CREATE INDEX executions_context_credits ON executions(context_id, submitted_at, cost_credits);
CREATE INDEX executions_kept_results ON executions(context_id, result_bytes) WHERE result_file IS NOT NULL;
