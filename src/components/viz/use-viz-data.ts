import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, shouldRetry } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import {
  executionPath,
  whileUnfinished,
  type ExecutionResult,
} from '../../lib/resources/executions';
import { quoteIdent } from '../../lib/sql-names';
import { sliceOfPage, type PageRequest } from '../../lib/viz/page-slice';
import { columnsParam } from '../../lib/viz/quote-name';

/** Where a visualization's rows come from (see visualization-view.tsx). */
export type VizSource = {
  /** Query-key prefix identifying this result, e.g. [...ctxKey(ctx), 'execution', id]. */
  key: readonly unknown[];
  /** GET path under /api/v1 that answers like GET /execution/{id}/results. */
  path: string;
  /** Context handle sent as x-strata-context (null for anonymous public pages). */
  ctx: string | null;
  /** Extra query string, e.g. {'params.wallet': '0x..'} (a list repeats the name). */
  query?: Record<string, string | readonly string[]>;
};

/** An execution's result as a source (the query page's tabs, a dashboard widget in edit mode). */
export const executionSource = (ctx: string, executionId: string): VizSource => ({
  key: [...ctxKey(ctx), 'execution', executionId],
  path: executionPath(executionId, 'results'),
  ctx,
});

/** A chart pulls every row up to this many; beyond it the service samples this many. */
export const MAX_CHART_ROWS = 100_000;
/** Rows per request when a chart pulls a whole result. */
export const CHART_PAGE_ROWS = 32_000;

/** The source's execution failed (or ended without rows): retrying will not help. */
export class ExecutionFailed extends Error {}

/** The result's first page with every column, when one came with the page (a dashboard's bundle). */
const firstPageKey = (source: VizSource) => [...source.key, 'viz', 'first-page'] as const;

/**
 * Keeps `page` (a first page of the source's result with every column) for the source's reads:
 * those it can answer (sliceOfPage) are answered from it without a request.
 */
export function seedFirstPage(client: QueryClient, source: VizSource, page: ExecutionResult) {
  client.setQueryData(firstPageKey(source), page);
}

/**
 * One read of the source: from its first page when that can answer it, else one request. A failed
 * execution's message becomes the error.
 */
async function fetchPage(
  source: VizSource,
  req: PageRequest,
  { signal, client }: { signal: AbortSignal; client: QueryClient },
) {
  const first = client.getQueryData<ExecutionResult>(firstPageKey(source));
  const body =
    (first && sliceOfPage(first, req)) ??
    (await api<ExecutionResult>(source.path, {
      ctx: source.ctx,
      query: {
        ...source.query,
        ...req,
        columns: req.columns ? columnsParam(req.columns) : undefined,
      },
      signal,
    }));
  if (body.error) throw new ExecutionFailed(body.error.message);
  if (body.is_execution_finished && !body.result)
    throw new ExecutionFailed(`The run ended without a result (${body.state}).`);
  return body;
}

const common = {
  staleTime: Infinity,
  retry: (count: number, error: Error) =>
    !(error instanceof ExecutionFailed) && shouldRetry(count, error),
} as const;

/** The result's columns, types and row count (one row is read); polls while it runs. */
export const vizHeadOptions = (source: VizSource) =>
  queryOptions({
    ...common,
    queryKey: [...source.key, 'viz', 'head', source],
    queryFn: (ctx) => fetchPage(source, { limit: 1 }, ctx),
    refetchInterval: whileUnfinished(1000),
  });

export type ResultHead = { columns: string[]; types: string[]; total: number };

/** Stands in for a missing source; never fetched. */
const NO_SOURCE: VizSource = { key: ['viz', 'no-source'], path: '/', ctx: null };

/** The head of the source (none: nothing is fetched), or null while it is not finished. */
export function useVizHead(source: VizSource | null) {
  const q = useQuery({ ...vizHeadOptions(source ?? NO_SOURCE), enabled: source !== null });
  const meta = q.data?.result?.metadata;
  const head: ResultHead | null = meta
    ? { columns: meta.column_names, types: meta.column_types, total: meta.total_row_count }
    : null;
  return {
    head,
    error: q.error,
    pending: q.isPending || (q.data && !q.data.is_execution_finished),
  };
}

export type ChartRowsData = { rows: Record<string, unknown>[]; sampled: boolean; total: number };

/**
 * The rows a chart draws, only its columns: every row in pages of CHART_PAGE_ROWS when the
 * result has at most MAX_CHART_ROWS, else a sample of MAX_CHART_ROWS taken by the service.
 */
export function useChartRows(source: VizSource, head: ResultHead | null, columns: string[]) {
  return useQuery({
    ...common,
    enabled: head !== null && columns.length > 0,
    queryKey: [...source.key, 'viz', 'chart-rows', source, columns, head?.total],
    queryFn: async (ctx): Promise<ChartRowsData> => {
      const total = head?.total ?? 0;
      if (total > MAX_CHART_ROWS) {
        const page = await fetchPage(source, { columns, sample_count: MAX_CHART_ROWS }, ctx);
        return { rows: page.result?.rows ?? [], sampled: true, total };
      }
      const rows: Record<string, unknown>[] = [];
      let offset: number | undefined = 0;
      while (offset !== undefined && rows.length < MAX_CHART_ROWS) {
        const page: ExecutionResult = await fetchPage(
          source,
          { columns, limit: CHART_PAGE_ROWS, offset },
          ctx,
        );
        const got = page.result?.rows ?? [];
        rows.push(...got);
        offset = got.length > 0 ? page.next_offset : undefined;
      }
      return { rows, sampled: false, total };
    },
  });
}

/** One row (1-based) of some columns; undefined when the result has no such row. */
const rowOptions = (source: VizSource, row: number, columns: string[]) =>
  queryOptions({
    ...common,
    queryKey: [...source.key, 'viz', 'row', source, row, columnsParam(columns)],
    queryFn: async (ctx) => {
      const page = await fetchPage(source, { offset: row - 1, limit: 1, columns }, ctx);
      return { row: page.result?.rows[0] ?? null };
    },
    refetchInterval: false,
  });

/** A counter's value (and target) : one row read, two when the target is on another row. */
export function useCounterValues(
  source: VizSource,
  spec: { column: string | null; row: number; targetColumn: string | null; targetRow: number },
) {
  const sameRow = spec.targetColumn !== null && spec.targetRow === spec.row;
  const valueCols = spec.column ? [spec.column, ...(sameRow ? [spec.targetColumn!] : [])] : [];
  const value = useQuery({ ...rowOptions(source, spec.row, valueCols), enabled: !!spec.column });
  const target = useQuery({
    ...rowOptions(source, spec.targetRow, spec.targetColumn ? [spec.targetColumn] : []),
    enabled: spec.targetColumn !== null && !sameRow,
  });
  const targetRow = sameRow ? value.data?.row : target.data?.row;
  return {
    loaded: value.isSuccess && (sameRow || !spec.targetColumn || target.isSuccess),
    error: value.error ?? target.error,
    missingRow: value.isSuccess && value.data.row === null,
    value: value.data?.row?.[spec.column ?? ''],
    target: spec.targetColumn ? targetRow?.[spec.targetColumn] : undefined,
  };
}

/** A page of a table visualization's rows (its visible columns only). */
export const tablePageOptions = (
  source: VizSource,
  columns: string[],
  pageSize: number,
  page: number,
) =>
  queryOptions({
    ...common,
    queryKey: [...source.key, 'viz', 'table', source, columnsParam(columns), pageSize, page],
    queryFn: (ctx) =>
      fetchPage(source, { columns, limit: pageSize, offset: page * pageSize }, ctx).then(
        (b) => b.result?.rows ?? [],
      ),
    gcTime: 30_000,
  });

/** The largest value of a column (a progress bar's full length), read sorted by the service. */
export const columnMaxOptions = (source: VizSource, column: string) =>
  queryOptions({
    ...common,
    queryKey: [...source.key, 'viz', 'max', source, column],
    queryFn: async (ctx) => {
      const page = await fetchPage(
        source,
        { columns: [column], sort_by: `${quoteIdent(column)} desc nulls last`, limit: 1 },
        ctx,
      );
      const v = page.result?.rows[0]?.[column];
      return typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null;
    },
  });
