import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { downloadUrl, resultPageOptions, resultSummaryOptions } from '../../lib/resources/results';
import { EMPTY_VIEW, viewParams, type ResultView } from './result-view';
import { fitColumnWidth, fitColumnWidths, widthOf } from './column-widths';
import { estimateColumnWidth } from './format-value';
import type { GridColumn } from './grid-rows';
import { pageSizeFor } from './page-math';
import { ResultTable } from './result-table';
import { ResultsFooter } from './results-footer';
import { ResultsToolbar } from './results-toolbar';
import { cycleSort } from './sort';
import { canvasMeasure } from './text-measure';
import { CenteredLoader } from '../../components/page-loader';
import { ErrorAlert } from '../../components/error-alert';
import type { ExecutionResult } from '../../lib/resources/executions';

export type ResultsGridProps = {
  /** Handle of the context the execution belongs to (part of every query key and request). */
  ctx: string;
  /** The execution whose result to show; it should be finished (the grid waits otherwise). */
  executionId: string;
  /**
   * The sort, filter and column choice, when the caller keeps it (e.g. in the URL); with
   * `onViewChange`. Without it the grid keeps its own, starting unsorted and unfiltered.
   */
  view?: ResultView;
  onViewChange?: (view: ResultView) => void;
  /** CSS height of the scrolling grid (header included); default 480. */
  height?: number | string;
  /**
   * File name of the CSV download; default `result-<execution id>.csv`. The Parquet and Arrow
   * downloads take the same name with their extension.
   */
  csvName?: string;
};

/**
 * A results grid over a whole execution result: sorted, filtered and projected by the service,
 * with rows fetched page by page as they scroll into view (a million rows scroll to the last).
 */
export function ResultsGrid({
  ctx,
  executionId,
  view,
  onViewChange,
  height = 480,
  csvName,
}: ResultsGridProps) {
  const summary = useQuery(resultSummaryOptions(ctx, executionId));
  if (summary.isPending) return <CenteredLoader h={120} label="Loading the result" />;
  if (summary.isError)
    return <ErrorAlert title="Could not read the result">{summary.error.message}</ErrorAlert>;
  const data = summary.data;
  if (!data.result) return <NoResult summary={data} />;
  return (
    <ResultsView
      ctx={ctx}
      summary={data}
      view={view}
      onViewChange={onViewChange}
      height={height}
      csvName={csvName ?? `result-${executionId}.csv`}
    />
  );
}

function NoResult({ summary }: { summary: ExecutionResult }) {
  if (!summary.is_execution_finished)
    return (
      <Center h={120}>
        <Loader size="sm" aria-label="Waiting for the result" />
      </Center>
    );
  const state = summary.state.replace('QUERY_STATE_', '').toLowerCase();
  return (
    <Alert color={summary.error ? 'red' : 'gray'} title={`No result to show (${state})`}>
      {summary.error?.message ?? 'This execution has no rows to read.'}
    </Alert>
  );
}

function ResultsView({
  ctx,
  summary,
  view: controlled,
  onViewChange,
  height,
  csvName,
}: {
  ctx: string;
  summary: ExecutionResult;
  view: ResultView | undefined;
  onViewChange: ((view: ResultView) => void) | undefined;
  height: number | string;
  csvName: string;
}) {
  const [own, setOwn] = useState<ResultView>(EMPTY_VIEW);
  const view = controlled ?? own;
  const setView = (next: ResultView) => {
    setOwn(next);
    onViewChange?.(next);
  };

  const meta = summary.result!.metadata;
  const all: GridColumn[] = meta.column_names.map((name, i) => ({
    name,
    type: meta.column_types[i] ?? 'varchar',
  }));
  const names = all.map((c) => c.name);
  const params = viewParams(view, names);
  const chosen = view.columns ? all.filter((c) => view.columns!.includes(c.name)) : all;
  const pageSize = pageSizeFor(chosen.length || all.length);
  const executionId = summary.execution_id;
  const first = useQuery(resultPageOptions(ctx, executionId, params, pageSize, 0));

  const page = first.data?.result;
  const columns: GridColumn[] | undefined = page?.metadata.column_names.map((name, i) => ({
    name,
    type: page.metadata.column_types[i] ?? 'varchar',
  }));
  const refused = first.error instanceof ApiError && first.error.status === 400;

  // Widths: fitted to the first page a column appears in (kept across sorts and filters, so
  // columns do not jump), unless the user dragged one; a double click on its edge refits it.
  const [measure] = useState(() => canvasMeasure());
  const [fitted, setFitted] = useState<Record<string, number>>({});
  const [dragged, setDragged] = useState<Record<string, number>>({});
  const unfitted = page && columns ? columns.filter((c) => fitted[c.name] === undefined) : [];
  if (page && unfitted.length > 0)
    setFitted({ ...fitted, ...fitColumnWidths(unfitted, page.rows, measure) });
  const widths = (columns ?? []).map((c) =>
    widthOf(c.name, dragged, fitted, estimateColumnWidth(c.name, c.type)),
  );
  const autoFit = (name: string) => {
    const column = columns?.find((c) => c.name === name);
    if (!column || !page) return;
    setFitted({ ...fitted, [name]: fitColumnWidth(column, page.rows, measure) });
    const { [name]: _gone, ...rest } = dragged;
    setDragged(rest);
  };
  const filtered = params.filters !== undefined;

  return (
    <Stack gap={6}>
      <ResultsToolbar
        view={view}
        columns={all}
        onChange={setView}
        filterError={refused && filtered ? (first.error?.message ?? null) : null}
        downloadHref={(format) => downloadUrl(ctx, executionId, params, format)}
        csvName={csvName}
      />
      {first.isError && !(refused && filtered) && (
        <Alert color="red" title="Could not read the rows">
          {first.error.message}
        </Alert>
      )}
      {first.isPending && (
        <Center h={typeof height === 'number' ? height : 200}>
          <Loader size="sm" aria-label="Loading rows" />
        </Center>
      )}
      {first.data && !page && <NoResult summary={first.data} />}
      {page && columns && (
        <ResultTable
          key={JSON.stringify(params)}
          ctx={ctx}
          executionId={executionId}
          params={params}
          pageSize={pageSize}
          columns={columns}
          count={page.metadata.total_row_count}
          sort={view.sort}
          onSort={(column) => setView({ ...view, sort: cycleSort(view.sort, column) })}
          widths={widths}
          onResize={(column, width) => setDragged({ ...dragged, [column]: width })}
          onAutoFit={autoFit}
          height={height}
        />
      )}
      <ResultsFooter
        ctx={ctx}
        summary={summary}
        shownRows={page?.metadata.total_row_count}
        filtered={filtered}
      />
    </Stack>
  );
}
