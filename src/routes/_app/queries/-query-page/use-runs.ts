import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Parameter } from '../../../../../contract/parameters';
import type { RunTarget } from '../../../../features/editor/sql-editor';
import { useExecuteQuery, useExecuteSql } from '../../../../features/execution/api';
import { latestExecutionOptions } from '../../../../lib/resources/executions';
import type { Dialect, Tier } from '../../../../../contract/rules/enums';
import { toQueryParameters, type FormValues } from '../../../../features/parameters/form-values';
import { placeholderNames } from '../../../../features/parameters/placeholders';
import { runToAdopt, type LastRun, type Saving } from './adoptable-run';
import { startOf } from './offsets';

/**
 * Runs of the page: the saved query itself when the whole, unchanged query runs (so it becomes
 * the query's latest result), otherwise the draft, selection or statement as ad-hoc SQL with the
 * query's parameter definitions (a save of that text then keeps the run, see `adoptable`).
 * Before any run, the latest result of a saved query is shown.
 */
export function useRuns(opts: {
  ctx: string;
  /** Null for a new query that is not saved yet. */
  queryId: number | null;
  parameters: Parameter[];
  values: FormValues;
  tier: Tier;
  /** The dialect the editor's text is in (sent with every run of unsaved SQL). */
  dialect: Dialect;
  /** The editor text, the parameters or the dialect differ from the saved query. */
  edited: boolean;
}) {
  const [run, setRun] = useState<LastRun & { start: { line: number; column: number } }>();
  const executeQuery = useExecuteQuery(opts.ctx);
  const executeSql = useExecuteSql(opts.ctx);
  const queryParameters = toQueryParameters(opts.parameters, opts.values);
  const latest = useQuery({
    ...latestExecutionOptions(opts.ctx, opts.queryId ?? 0, queryParameters),
    enabled: !run && opts.queryId !== null,
  });

  function runTarget(target: RunTarget, fullSql: string) {
    const queryId = opts.queryId;
    const whole = target.scope === 'query' && !opts.edited && queryId !== null;
    const begin = whole ? { line: 0, column: 0 } : startOf(fullSql, target.sql);
    const { parameters, dialect } = opts;
    const onSuccess = (r: { execution_id: string }) =>
      setRun({
        id: r.execution_id,
        sql: target.sql,
        scope: target.scope,
        parameters,
        dialect,
        start: begin,
      });
    if (whole) {
      executeQuery.mutate({ queryId, queryParameters, performance: opts.tier }, { onSuccess });
    } else {
      // Only the values of the parameters this text uses (the service refuses others).
      const used = new Set(placeholderNames(target.sql));
      const defs = parameters.filter((p) => used.has(p.key));
      executeSql.mutate(
        {
          sql: target.sql,
          parameters: defs,
          queryParameters: toQueryParameters(defs, opts.values),
          performance: opts.tier,
          dialect,
        },
        { onSuccess },
      );
    }
  }

  return {
    runTarget,
    executionId: run?.id ?? latest.data?.execution_id ?? null,
    /** Where the text that ran starts in the editor (0-based), to place error markers. */
    runStart: run?.start ?? { line: 0, column: 0 },
    /** The run a save of this text, definitions and dialect keeps as the query's latest result. */
    adoptable: (saving: Saving) => runToAdopt(run, saving),
    submitting: executeQuery.isPending || executeSql.isPending,
    submitError: executeQuery.error ?? executeSql.error,
  };
}
