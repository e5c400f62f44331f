import type { ExecutionResult } from '../resources/executions';

/** The paging parameters of a /results read, with `columns` as names. */
export type PageRequest = {
  limit?: number;
  offset?: number;
  columns?: readonly string[];
  sort_by?: string;
  filters?: string;
  sample_count?: number;
};

/**
 * What the service would answer for `req`, taken from `page`: a first page of the same result
 * with every column (a dashboard's bundle carries one), or undefined when the page cannot tell
 * (a sort, filter or sample; rows past the page that the result has; an unknown column). Rows
 * keep the service's JSON values, so a slice holds the rows the service would give (its
 * `result_set_bytes` stays the page's; a limit the service would clamp is not clamped).
 */
export function sliceOfPage(page: ExecutionResult, req: PageRequest): ExecutionResult | undefined {
  const result = page.result;
  if (!result || page.error) return undefined;
  if (req.sort_by !== undefined || req.filters !== undefined || req.sample_count !== undefined)
    return undefined;
  const meta = result.metadata;
  const offset = req.offset ?? 0;
  const total = meta.total_row_count;
  const complete = result.rows.length >= total;
  const end = Math.min(total, req.limit === undefined ? total : offset + req.limit);
  if (!complete && end > result.rows.length) return undefined;

  const names = req.columns ? [...new Set(req.columns)] : meta.column_names;
  const at = names.map((n) => meta.column_names.indexOf(n));
  if (at.some((i) => i < 0)) return undefined;
  const rows = result.rows
    .slice(offset, end)
    .map((row) => Object.fromEntries(names.map((n) => [n, row[n]])));
  const { next_uri: _uri, next_offset: _offset, ...envelope } = page;
  return {
    ...envelope,
    ...(end < total ? { next_offset: end } : {}),
    result: {
      rows,
      metadata: {
        ...meta,
        column_names: names,
        column_types: at.map((i) => meta.column_types[i]!),
        row_count: rows.length,
        datapoint_count: total * names.length,
      },
    },
  };
}
