import { invalid } from '../errors.js';
import { canReadQuery, type QueryVisibility } from '../queries/readable.js';
import type { ExecutionRecord } from './execution-record.js';

/** ULIDs only; anything else is the hosted service's 400. */
export function checkExecutionId(id: string): string {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/i.test(id))
    throw invalid(`The requested execution ID (ID: ${id}) is invalid.`);
  return id.toUpperCase();
}

/**
 * Whether `contextId` may read execution `e`'s status and result: one of its own context, or a
 * run by a query's owner context of a query the caller may read (its own, or a public one;
 * `query` is the run's query, undefined if gone). That is the rule of `GET /query/{id}/results`
 * (the latest result comes only from the owner's or the caller's runs), so a public query's
 * latest result reads the same through `/execution/{id}/...`. A run by a third context is never
 * readable: it saw that context's private tables. Cancelling stays the caller's own only.
 */
export function mayReadExecution(
  e: Pick<ExecutionRecord, 'query_id' | 'context_id'>,
  contextId: number,
  query: QueryVisibility | undefined,
): boolean {
  if (e.context_id === contextId) return true;
  if (e.query_id <= 0 || !query) return false; // ad-hoc SQL belongs to its context alone
  return query.owner_id === e.context_id && canReadQuery(query, contextId);
}
