import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Parameter } from '../../../../../contract/parameters';
import type { RunTarget } from '../../../../features/editor/sql-editor';
import {
  latestExecutionOptions,
  useExecuteQuery,
  useExecuteSql,
} from '../../../../features/execution/api';
import type { Tier } from '../../../../features/execution/tiers';
import { toQueryParameters, type FormValues } from '../../../../features/parameters/form-values';
import { startOf } from './offsets';

/**
 * Runs of the page: the saved query itself when the whole, unchanged query runs (so it becomes
 * the query's latest result), otherwise the draft, selection or statement as ad-hoc SQL with the
 * query's parameter definitions. Before any run, the latest result of the query is shown.
 */
export function useRuns(opts: {
  ctx: string;
  queryId: number;
  parameters: Parameter[];
  values: FormValues;
  tier: Tier;
  /** The editor text or the parameters differ from the saved query. */
  edited: boolean;
}) {
  const [run, setRun] = useState<{ id: string; start: { line: number; column: number } }>();
  const executeQuery = useExecuteQuery(opts.ctx);
  const executeSql = useExecuteSql(opts.ctx);
  const queryParameters = toQueryParameters(opts.parameters, opts.values);
  const latest = useQuery({
    ...latestExecutionOptions(opts.ctx, opts.queryId, queryParameters),
    enabled: !run,
  });

  function runTarget(target: RunTarget, fullSql: string) {
    const whole = target.scope === 'query' && !opts.edited;
    const begin = whole ? { line: 0, column: 0 } : startOf(fullSql, target.sql);
    const onSuccess = (r: { execution_id: string }) => setRun({ id: r.execution_id, start: begin });
    if (whole) {
      executeQuery.mutate(
        { queryId: opts.queryId, queryParameters, performance: opts.tier },
        { onSuccess },
      );
    } else {
      executeSql.mutate(
        {
          sql: target.sql,
          parameters: opts.parameters,
          queryParameters,
          performance: opts.tier,
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
    submitting: executeQuery.isPending || executeSql.isPending,
    submitError: executeQuery.error ?? executeSql.error,
  };
}
