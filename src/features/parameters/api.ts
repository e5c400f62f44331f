import { queryOptions } from '@tanstack/react-query';
import type { Parameter } from '../../../contract/parameters';
import { ctxKey } from '../../lib/context-keys';
import { latestResult } from '../../lib/resources/executions';

export type EnumSource = NonNullable<Parameter['enumFromResults']>;

/** Rows read from another query's result to offer as options (the service pages at most this). */
export const ENUM_OPTIONS_LIMIT = 1000;

export const parameterKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'parameters'] as const,
  enumOptions: (ctx: string, source: EnumSource) =>
    [...parameterKeys.all(ctx), 'enum-options', source.queryId, source.columnName] as const,
};

/** A column name as the `columns` result parameter wants it: double-quoted unless plain. */
export function columnsParam(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** Distinct non-null values of a column, as strings, in order of first appearance. */
export function distinctColumnValues(
  rows: readonly Record<string, unknown>[],
  column: string,
): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const v = row[column];
    if (v === null || v === undefined) continue;
    seen.add(typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return [...seen];
}

/**
 * Options of an enum parameter taken from another query's latest result column; null when that
 * query has no result yet (404).
 */
export const enumOptionsFromResults = (ctx: string, source: EnumSource) =>
  queryOptions({
    queryKey: parameterKeys.enumOptions(ctx, source),
    queryFn: async ({ signal }): Promise<string[] | null> => {
      const res = await latestResult(
        ctx,
        source.queryId,
        { columns: columnsParam(source.columnName), limit: ENUM_OPTIONS_LIMIT },
        signal,
      );
      return res && distinctColumnValues(res.result?.rows ?? [], source.columnName);
    },
    staleTime: 5 * 60_000,
  });
