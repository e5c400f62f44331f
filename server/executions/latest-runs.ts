import { isFreshEnough } from '../../contract/rules/result-age.js';
import type { Caller } from '../auth/caller.js';
import { parameterKey, resolveParameterValues } from '../engine/parameters.js';
import { AppError, ParameterError, notFound } from '../errors.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import { QUERY_NOT_FOUND, canReadQuery } from '../queries/readable.js';
import { STATES, type ExecutionRecord, type ExecutionSource } from './execution-record.js';
import type { ExecutionsRepo } from './executions-repo.js';

/** Who reads a result and may be charged a run of it, and where the read comes from. */
export type Reader = Caller & { source: ExecutionSource };

/** Starts a run of saved query `queryId` for `reader` with `given` values (ExecutionsService.runSaved). */
export type StartRun = (
  reader: Reader,
  queryId: number,
  given: Record<string, string | string[]>,
) => Promise<ExecutionRecord>;

const hasResult = (e: ExecutionRecord) =>
  e.state === STATES.completed || e.state === STATES.partial;

/**
 * The latest run of a saved query that has a result, for a reader: the result a public page,
 * an alert's columns, `GET /query/{id}/results` and the demo seeding show instead of running
 * the query again. Held by ExecutionsService as `latest`.
 */
export class LatestRuns {
  constructor(
    private readonly deps: {
      repo: ExecutionsRepo;
      queries: Pick<QueriesService, 'get'>;
      start: StartRun;
    },
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

  /**
   * What a read answers under a maximum result age (contract/rules/result-age.ts; null: none):
   * with none, or for an anonymous reader (nobody to charge), the latest result as findLatest
   * finds it, whatever its age. Otherwise the latest result if it is young enough; else the
   * reader's run of those values under way, or its failed run younger than the maximum (its
   * error is the answer until then), or a new one started for the reader (charged to its
   * context): the read then says it is running. When no run can start (the context's
   * credits are used up, the query is archived), the latest result as it is.
   */
  async within(
    query: QueryRecord,
    reader: Reader | null,
    given: Record<string, string | string[]>,
    maxAgeSeconds: number | null,
  ): Promise<ExecutionRecord | null> {
    const latest = await this.findLatest(query, reader?.contextId ?? null, given);
    if (maxAgeSeconds === null || reader === null) return latest;
    if (latest && hasResult(latest) && isFreshEnough(latest.ended_at, maxAgeSeconds)) return latest;
    const key = Object.keys(given).length
      ? parameterKey(resolveParameterValues(query.parameters, given))
      : undefined;
    // The reader's newest run of these values, if it is under way or failed within the maximum
    // age: said as it is, so a query that fails is not run again at every read.
    const newest = await this.deps.repo.newestFor(query.id, reader.contextId, key);
    if (newest && (newest.state === STATES.pending || newest.state === STATES.executing))
      return newest;
    if (newest?.state === STATES.failed && isFreshEnough(newest.ended_at, maxAgeSeconds))
      return newest;
    try {
      return await this.deps.start(reader, query.id, given);
    } catch (err) {
      if (err instanceof AppError && (err.kind === 'over_limit' || err.kind === 'forbidden'))
        return latest;
      throw err;
    }
  }

  /**
   * As `within`, with the query's own maximum result age (or `maxAgeSeconds`, a dashboard's that
   * governs it), but none → not_found (an answer about the result itself).
   */
  async latestOf(
    query: QueryRecord,
    reader: Reader | null,
    given: Record<string, string | string[]>,
    maxAgeSeconds: number | null = query.max_result_age_seconds,
  ): Promise<ExecutionRecord> {
    const e = await this.within(query, reader, given, maxAgeSeconds);
    if (!e) throw notFound('No execution of this query has a result yet');
    return e;
  }

  /**
   * The latest execution of a query the reader may read (not_found otherwise); see latestOf.
   * `anyAge`: whatever its age, never a run (the reader asked for it).
   */
  async latestOfQuery(
    reader: Reader,
    queryId: number,
    given: Record<string, string | string[]>,
    anyAge = false,
  ): Promise<ExecutionRecord> {
    const query = await this.deps.queries.get(queryId);
    if (!query || !canReadQuery(query, reader.contextId)) throw notFound(QUERY_NOT_FOUND);
    return this.latestOf(query, reader, given, anyAge ? null : query.max_result_age_seconds);
  }

  /** Whether the query has a run by one of `contextIds` (with these values, if given). */
  async hasRun(queryId: number, contextIds: number[], paramsKey?: string): Promise<boolean> {
    return (await this.deps.repo.latestForQuery(queryId, contextIds, paramsKey)) !== undefined;
  }
}
