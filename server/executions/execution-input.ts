import type { z } from '@hono/zod-openapi';
import type { QueryParametersSchema } from '../../contract/executions.js';
import type { Parameter, ParameterValue } from '../../contract/parameters.js';
import { DEFAULT_DIALECT, type Dialect } from '../../contract/rules/enums.js';
import { toOriginalOffset, type SqlMark } from '../../shared/sql/offsets.js';
import type { Caller } from '../auth/caller.js';
import { engineSql } from '../engine/dialects.js';
import {
  normalizeParameterDefs,
  parameterKey,
  placeholderNames,
  renderSql,
  resolveParameterValues,
  type Rendered,
} from '../engine/parameters.js';
import { SqlError } from '../engine/sql-errors.js';
import { DEFAULT_TIER, type TierName } from '../engine/tiers.js';
import { invalid } from '../errors.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { QueuedRun, ResultHandoff } from './execution-queue.js';
import type { ExecutionSource, NewExecution } from './execution-record.js';

/** A run to record and queue: who, where from, the SQL as written and the values for it. */
export type Submission = Caller & {
  queryId: number;
  queryVersion: number | null;
  /** The SQL as written, with `{{name}}` placeholders. */
  sql: string;
  /** The dialect `sql` is written in: a saved query's own, or the one a request names. */
  dialect: Dialect;
  parameters: Parameter[];
  values: Record<string, ParameterValue | null | undefined>;
  performance: TierName;
  source: ExecutionSource;
  /**
   * Awaited after the run and before the execution completes (a materialized view stores the
   * result here); if it throws, the execution fails with the error's message instead.
   */
  onResult?: (r: ResultHandoff) => Promise<void>;
};

/** What a run of a saved query is given besides the query: parameter values and the tier. */
export type ExecuteInput = { values: Submission['values']; tier: TierName };

/** Ad-hoc SQL to run (POST /sql/execute). */
export type AdHocSql = {
  sql: string;
  /** Definitions typing its `{{name}}` placeholders; unused ones are ignored. */
  parameters?: Parameter[];
  values: Record<string, ParameterValue | null>;
  performance?: TierName;
  /** Default DEFAULT_DIALECT, as a request without one. */
  dialect?: Dialect;
};

/** Parameter values by name, from either form of `query_parameters` (a list or an object). */
export function normalizeValues(
  params: z.output<typeof QueryParametersSchema> | undefined,
): Record<string, ParameterValue | null> {
  const values: Record<string, ParameterValue | null> = {};
  if (Array.isArray(params)) {
    for (const p of params) {
      const key = p.key ?? p.name;
      if (!key) throw invalid('each query parameter needs a key');
      values[key] = p.value;
    }
  } else if (params) Object.assign(values, params);
  return values;
}

/** Ad-hoc SQL as a submission (`query_id` 0); placeholders without a definition are text. */
export function adHocSubmission(caller: Caller, source: 'app' | 'api', req: AdHocSql): Submission {
  const used = placeholderNames(req.sql);
  return {
    ...caller,
    source,
    queryId: 0,
    queryVersion: null,
    sql: req.sql,
    dialect: req.dialect ?? DEFAULT_DIALECT,
    parameters: normalizeParameterDefs(
      req.sql,
      (req.parameters ?? []).filter((d) => used.includes(d.key)),
    ),
    values: req.values,
    performance: req.performance ?? DEFAULT_TIER,
  };
}

/** What the engine runs of a rendered submission, and how its error positions map back. */
export type EngineRun = Pick<QueuedRun, 'sql' | 'toOriginal' | 'refused'>;

/**
 * The engine's run of SQL rendered in `dialect` with placeholder `marks`: DuneSQL rewritten for
 * DuckDB (engine/dialects.ts), an offset in what runs mapped back through the rewrite and then
 * the parameters to the SQL as written. DuneSQL the rewrite refuses runs nothing: the run fails
 * with the refusal, placed in the SQL as written like any syntax error. Every node that runs a
 * recorded execution builds it this way (the submitting one, and any that claims it).
 */
export function engineRun(
  rendered: { sql: string; marks: readonly SqlMark[] },
  dialect: Dialect,
): EngineRun {
  const written = toOriginalOffset(rendered.marks);
  try {
    const run = engineSql(rendered.sql, dialect);
    const rewritten = toOriginalOffset(run.marks);
    return { sql: run.sql, toOriginal: (offset) => written(rewritten(offset)) };
  } catch (err) {
    if (!(err instanceof SqlError)) throw err;
    return { sql: rendered.sql, toOriginal: written, refused: err };
  }
}

/**
 * The submission's values checked against its definitions (a ParameterError otherwise) and its
 * SQL rendered: the execution to record (with the SQL as written, its parameters rendered), the
 * rendering, and what the engine runs (engineRun).
 */
export function renderSubmission(
  s: Submission,
  id: string,
): { execution: NewExecution; rendered: Rendered; run: EngineRun } {
  const values = resolveParameterValues(s.parameters, s.values);
  const rendered = renderSql(s.sql, values);
  const execution: NewExecution = {
    id,
    query_id: s.queryId,
    query_version: s.queryVersion,
    context_id: s.contextId,
    user_id: s.userId,
    api_key_id: s.apiKeyId,
    source: s.source,
    sql: rendered.sql,
    dialect: s.dialect,
    parameters: Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        v.def.isMultiselect ? v.values : (v.values[0] ?? ''),
      ]),
    ),
    params_key: parameterKey(values),
    performance: s.performance,
  };
  return { execution, rendered, run: engineRun(rendered, s.dialect) };
}

/** A run of saved `query` as `caller` with `input`, as a submission (source: where from). */
export function savedSubmission(
  caller: Caller,
  source: ExecutionSource,
  query: Pick<QueryRecord, 'id' | 'version' | 'query_sql' | 'dialect' | 'parameters'>,
  input: ExecuteInput,
): Submission {
  return {
    ...caller,
    source,
    queryId: query.id,
    queryVersion: query.version,
    sql: query.query_sql,
    dialect: query.dialect,
    parameters: query.parameters,
    values: input.values,
    performance: input.tier,
  };
}
