import { forbidden, notFound, type AppError } from '../errors.js';
import type { QueryRecord } from './queries-repo.js';
import { canReadQuery, type QueryVisibility } from './readable.js';

/**
 * Why a saved query cannot run for a context: it is missing or not readable there
 * (`not_found`, so a private query's existence does not leak), or it is archived.
 */
export type RunRefusal = 'not_found' | 'archived';

/** A saved query a context may run, or why it may not (QueriesService.runnable). */
export type Runnable =
  | { query: QueryRecord; refusal: null }
  | { [R in RunRefusal]: { query: null; refusal: R } }[RunRefusal];

/**
 * What every run of a saved query is told when it is refused, whoever asked for it (execute,
 * an alert, a schedule, a pipeline, a view's refresh): the hosted service's answers to an
 * execute (docs/hosted-messages.md), so one refusal reads the same wherever it is seen.
 */
export const REFUSAL_MESSAGES: Record<RunRefusal, string> = {
  not_found: 'Query not found',
  archived: 'Not allowed to execute query. Query is archived, unsaved or not enough permissions',
};

/**
 * The one rule of whether `contextId` may run `q`: it may read it (canReadQuery; its owner runs
 * its unsaved drafts too) and it is not archived. Null when it may.
 */
export function runRefusal(
  q: (QueryVisibility & { is_archived: boolean }) | undefined,
  contextId: number,
): RunRefusal | null {
  if (!q || !canReadQuery(q, contextId)) return 'not_found';
  return q.is_archived ? 'archived' : null;
}

/** The refusal as an error by meaning: not_found, or forbidden for an archived query. */
export function refusalError(refusal: RunRefusal): AppError {
  const message = REFUSAL_MESSAGES[refusal];
  return refusal === 'not_found' ? notFound(message) : forbidden(message);
}
