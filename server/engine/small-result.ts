import type { Config } from '../config.js';
import { firstColumn, quoteLiteral, type TrustedDuck } from './duck.js';
import {
  columnsOf,
  jsonRowSql,
  maxPageRows,
  nextOffsetOf,
  pageBytesOf,
  type Page,
  type PageParams,
  type ResultSource,
} from './results.js';

/**
 * A result is small when it has at most this many rows and its rows' JSON text is at most this
 * long: its rows are read once, as text, and its plain pages cut from them (pageOfRows).
 */
export const SMALL_RESULT = { rows: 1000, text: 512 * 1024 } as const;

/**
 * Every row of a small result as its JSON text (jsonRowSql), in file order (a scan keeps it:
 * preserve_insertion_order); undefined when it is not small. DuckDB sums the text's length first
 * and a longer one stops the statement before any row is read out, so a few rows of long values
 * (which Parquet may store once) never reach the heap.
 */
export async function readSmallRows(
  duck: TrustedDuck,
  src: ResultSource,
): Promise<string[] | undefined> {
  if (src.rowCount > SMALL_RESULT.rows) return undefined;
  const rows = `SELECT ${jsonRowSql(columnsOf(src))} FROM read_parquet(${quoteLiteral(src.file)})`;
  // A scalar subquery in WHERE is computed before the rows it filters are read out.
  const sql = `SELECT j FROM (${rows}) WHERE (SELECT CASE WHEN sum(strlen(j)) > ${SMALL_RESULT.text}
    THEN error('longer than a small result') ELSE true END FROM (${rows}))`;
  return duck
    .withConnection((conn) => firstColumn(conn, sql))
    .then(
      (texts) => texts.map(String),
      () => undefined, // too long, or unreadable: its pages are read from the file
    );
}

/**
 * The page `p` of a small result cut from its rows' JSON texts (readSmallRows), the same page
 * results.ts readJsonPage writes; undefined when `p` asks for more than a window of rows (columns,
 * a sort, filters or a sample), which only a query answers.
 */
export function pageOfRows(
  config: Config,
  src: ResultSource,
  rows: readonly string[],
  p: PageParams,
): Page | undefined {
  if (p.columns !== undefined || p.sortBy !== undefined || p.filters !== undefined) return;
  if (p.sampleCount !== undefined) return;
  const cap = maxPageRows(config, src.columnNames.length, p.ignoreMaxDatapoints);
  const limit = Math.min(p.limit ?? cap, cap);
  const offset = p.offset ?? 0;
  const window = rows.slice(offset, offset + limit);
  const rowCount = window.length;
  return {
    rows: { text: window.join(',') },
    rowCount,
    totalRowCount: rows.length,
    columns: columnsOf(src),
    offset,
    limit,
    nextOffset: nextOffsetOf(offset, rowCount, rows.length),
    pageBytes: pageBytesOf(src, rowCount),
  };
}
