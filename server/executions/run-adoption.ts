import type { ParameterValue } from '../../contract/parameters.js';
import { ParameterError } from '../errors.js';
import { parameterKey, renderSql, resolveParameterValues } from '../engine/parameters.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { Adoption, ExecutionRecord } from './execution-record.js';

export type SavedQuery = Pick<
  QueryRecord,
  'id' | 'owner_id' | 'version' | 'query_sql' | 'dialect' | 'parameters'
>;

export const NOT_AN_EXECUTION_OF_THIS_CONTEXT =
  'execution_id: no execution of this context has this id';
export const RUN_OF_ANOTHER_QUERY = 'execution_id: the execution is a run of another query';
export const RUN_OF_OTHER_SQL =
  'execution_id: the execution ran other SQL or parameters than the query as saved';
export const RUN_IN_OTHER_DIALECT =
  'execution_id: the execution ran in another dialect than the query as saved';

/**
 * Whether run `e` may become the latest result of the saved query `q`: it ran in the query's
 * owner context (the only context that saves it), it is ad hoc or already a run of `q`, it ran
 * in the query's dialect, and the saved SQL rendered with the saved definitions and the run's
 * values is exactly the SQL it ran. So a client can never attach a result of different SQL (or
 * of the same text read another way) to a query. Returns the changes that make the run one of
 * `q`'s, or the reason it cannot be.
 */
export function adoption(
  e: ExecutionRecord | undefined,
  q: SavedQuery,
): { ok: true; changes: Adoption } | { ok: false; problem: string } {
  if (!e || e.context_id !== q.owner_id)
    return { ok: false, problem: NOT_AN_EXECUTION_OF_THIS_CONTEXT };
  if (e.query_id !== 0 && e.query_id !== q.id) return { ok: false, problem: RUN_OF_ANOTHER_QUERY };
  if (e.dialect !== q.dialect) return { ok: false, problem: RUN_IN_OTHER_DIALECT };
  try {
    const values = resolveParameterValues(
      q.parameters,
      e.parameters as Record<string, ParameterValue | null>,
    );
    if (renderSql(q.query_sql, values).sql !== e.sql)
      return { ok: false, problem: RUN_OF_OTHER_SQL };
    return {
      ok: true,
      changes: {
        queryId: q.id,
        version: q.version,
        // As a run of the saved query would record them, so latest-result lookups by value find it.
        paramsKey: parameterKey(values),
        parameters: Object.fromEntries(
          Object.entries(values).map(([k, v]) => [
            k,
            v.def.isMultiselect ? v.values : (v.values[0] ?? ''),
          ]),
        ),
      },
    };
  } catch (err) {
    // The run's values do not fit the saved definitions (an unknown name, a wrong type).
    if (err instanceof ParameterError) return { ok: false, problem: RUN_OF_OTHER_SQL };
    throw err;
  }
}
