import { parameterKey, resolveParameterValues } from '../engine/parameters.js';
import { ParameterError, notFound } from '../errors.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import { QUERY_NOT_FOUND, canReadQuery } from '../queries/readable.js';
import type { ExecutionRecord } from './execution-record.js';
import type { ExecutionsRepo } from './executions-repo.js';

/**
 * The latest run of a saved query that has a result, for a reader: the result a public page,
 * an alert's columns, `GET /query/{id}/results` and the demo seeding show instead of running
 * the query again. Held by ExecutionsService as `latest`.
 */
export class LatestRuns {
  constructor(
    private readonly deps: { repo: ExecutionsRepo; queries: Pick<QueriesService, 'get'> },
  ) {}

  /**
   * The latest execution of `query` with a result for `contextId` (null = anonymous), with the
   * parameter set `given` (by name; a list is a multiselect's values), or null when there is none.
   * Only runs by the query's owner or by the caller count: another context's run may have read
   * its private tables. Values that do not fit the query's parameters → not_found saying why.
   */
  async findLatest(
    query: Pick<QueryRecord, 'id' | 'owner_id' | 'parameters'>,
    contextId: number | null,
    given: Record<string, string | string[]> = {},
  ): Promise<ExecutionRecord | null> {
    let key: string | undefined;
    if (Object.keys(given).length) {
      try {
        key = parameterKey(resolveParameterValues(query.parameters, given));
      } catch (err) {
        if (err instanceof ParameterError)
          throw notFound(`No result of this query for these parameters: ${err.message}`);
        throw err;
      }
    }
    const contexts = contextId === null ? [query.owner_id] : [query.owner_id, contextId];
    return (await this.deps.repo.latestForQuery(query.id, contexts, key)) ?? null;
  }

  /** As findLatest, but none → not_found (an answer about the result itself). */
  async latestOf(
    query: QueryRecord,
    contextId: number | null,
    given: Record<string, string | string[]>,
  ): Promise<ExecutionRecord> {
    const e = await this.findLatest(query, contextId, given);
    if (!e) throw notFound('No execution of this query has a result yet');
    return e;
  }

  /** The latest execution of a query the caller may read (not_found otherwise); see latestOf. */
  async latestOfQuery(
    contextId: number,
    queryId: number,
    given: Record<string, string | string[]>,
  ): Promise<ExecutionRecord> {
    const query = await this.deps.queries.get(queryId);
    if (!query || !canReadQuery(query, contextId)) throw notFound(QUERY_NOT_FOUND);
    return this.latestOf(query, contextId, given);
  }

  /** Whether the query has a run by one of `contextIds` (with these values, if given). */
  async hasRun(queryId: number, contextIds: number[], paramsKey?: string): Promise<boolean> {
    return (await this.deps.repo.latestForQuery(queryId, contextIds, paramsKey)) !== undefined;
  }
}
