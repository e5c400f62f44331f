import type { Principal } from '../auth/principal.js';
import type { Deps } from '../deps.js';
import type { ExecutionRecord } from '../store/executions-repo.js';
import { isKind, notFound } from '../errors.js';
import { checkExecutionId } from './executions.js';

/**
 * An execution whose status and result the caller may read (404 otherwise, as for one that does
 * not exist): one of the caller's context, or a run by a query's owner context of a query the
 * caller may read (its own, or a public one). That is the rule of `GET /query/{id}/results`
 * (the latest result comes only from the owner's or the caller's runs), so a public query's
 * latest result reads the same through `/execution/{id}/...`. A run by a third context is never
 * readable: it saw that context's private tables. Cancelling stays the caller's own only.
 */
export function readableExecution(deps: Deps, p: Principal, rawId: string): ExecutionRecord {
  const id = checkExecutionId(rawId);
  const e = deps.executionsRepo.get(id);
  if (e && (e.context_id === p.context.id || isOwnersRunOfReadableQuery(deps, e, p.context.id)))
    return e;
  throw notFound('Execution not found');
}

function isOwnersRunOfReadableQuery(deps: Deps, e: ExecutionRecord, contextId: number): boolean {
  if (e.query_id <= 0) return false; // ad-hoc SQL belongs to its context alone
  try {
    return deps.queries.readable(e.query_id, contextId).owner_id === e.context_id;
  } catch (err) {
    if (isKind(err, 'not_found')) return false;
    throw err;
  }
}
