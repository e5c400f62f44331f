import fs from 'node:fs/promises';
import { parseJsonExact } from '../../shared/exact-json.js';
import { chartProblem, readChartSpec } from '../../shared/viz/chart-spec.js';
import { readCounterSpec } from '../../shared/viz/counter.js';
import { tableColumns } from '../../shared/viz/table-columns.js';
import { quoteIdent } from '../engine/duck.js';
import type { Page, PageParams } from '../engine/results.js';
import { wireTypeName } from '../engine/result-types.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import { visibleState } from '../executions/execution-view.js';
import type { TileData } from '../render/tile-svg.js';
import type { VisualizationRecord } from '../visualizations/visualizations-repo.js';

/** What reading rows needs of the executions: a JSON page of a kept result (execution-results.ts). */
export type ResultPages = {
  jsonPage(
    e: ExecutionRecord,
    p: PageParams,
    opts: { readAhead: boolean },
  ): Promise<Page | undefined>;
};

/** A chart draws at most this many rows; a longer result is sampled to this many. */
export const PREVIEW_CHART_ROWS = 5_000;
/** A table shows its first rows: no more than fit in a card. */
const TABLE_ROWS = 12;
const TABLE_COLUMNS = 8;

type Rows = { columns: string[]; types: string[]; rows: Record<string, unknown>[] };

const columnsParam = (names: readonly string[]) => [...new Set(names)].map(quoteIdent).join(',');

/**
 * A page's rows as objects, read as the app reads them (values a double cannot hold keep their
 * digits), so a painted counter or table shows what the app shows. The page's file, if it has
 * one, is read and deleted.
 */
async function rowsOf(page: Page): Promise<Rows> {
  let text: string;
  if ('file' in page.rows) {
    const file = page.rows.file;
    try {
      text = (await fs.readFile(file, 'utf8')).replace(/,\s*$/, '');
    } finally {
      await fs.rm(file, { force: true });
    }
  } else text = page.rows.text;
  return {
    columns: page.columns.map((c) => c.name),
    types: page.columns.map((c) => wireTypeName(c.type)),
    rows: parseJsonExact<Record<string, unknown>[]>(`[${text}]`),
  };
}

/**
 * What visualization `viz` shows of execution `e` (null: the query has no result yet), read as
 * the app reads it: a chart's columns (every row up to `chartRows`, else a sample of as many), a
 * counter's row, a table's first rows. Types the app does not draw become a message.
 */
export async function tileData(
  pages: ResultPages,
  viz: Pick<VisualizationRecord, 'type' | 'options'>,
  e: ExecutionRecord | null,
  chartRows = PREVIEW_CHART_ROWS,
): Promise<TileData> {
  if (viz.type !== 'chart' && viz.type !== 'table' && viz.type !== 'counter')
    return { kind: 'message', text: `${viz.type} visualizations are not drawn yet` };
  if (!e) return { kind: 'message', text: 'No result yet' };
  const columns = e.column_names ?? [];
  const types = (e.column_types ?? []).map(wireTypeName);
  const read = async (p: PageParams): Promise<Rows | null> => {
    const page = await pages.jsonPage(e, { ...p, ignoreMaxDatapoints: true }, { readAhead: false });
    return page ? rowsOf(page) : null;
  };
  const none: TileData = {
    kind: 'message',
    text: visibleState(e) === 'QUERY_STATE_FAILED' ? 'The latest run failed' : 'No result yet',
  };
  const { options } = viz;

  if (viz.type === 'chart') {
    const spec = readChartSpec(options);
    if (chartProblem(spec, columns))
      return { kind: 'chart', options, rows: { columns, types, rows: [] } };
    const names = columnsParam([spec.x!, ...spec.ys, ...(spec.groupBy ? [spec.groupBy] : [])]);
    const total = e.row_count ?? 0;
    const rows = await read(
      total > chartRows
        ? { columns: names, sampleCount: chartRows }
        : { columns: names, limit: chartRows },
    );
    return rows ? { kind: 'chart', options, rows } : none;
  }

  if (viz.type === 'table') {
    const shown = tableColumns(options, columns, types).slice(0, TABLE_COLUMNS);
    if (shown.length === 0)
      return { kind: 'table', options, rows: { columns, types, rows: [] }, total: 0 };
    const rows = await read({ columns: columnsParam(shown.map((c) => c.name)), limit: TABLE_ROWS });
    return rows ? { kind: 'table', options, rows, total: e.row_count ?? rows.rows.length } : none;
  }

  const spec = readCounterSpec(options);
  if (!spec.column) return { kind: 'message', text: 'Choose the counter’s column.' };
  const at = async (column: string, row: number) => {
    if (!columns.includes(column)) return { missing: false, value: undefined };
    const rows = await read({ columns: columnsParam([column]), offset: row - 1, limit: 1 });
    const first = rows?.rows[0];
    return { missing: !first, value: first?.[column] };
  };
  if (!columns.includes(spec.column))
    return { kind: 'message', text: `The result has no column "${spec.column}".` };
  const value = await at(spec.column, spec.row);
  const target = spec.targetColumn ? await at(spec.targetColumn, spec.targetRow) : undefined;
  return {
    kind: 'counter',
    options,
    value: value.value,
    target: target?.value,
    missingRow: value.missing ? spec.row : null,
  };
}
