import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Config } from '../config.js';
import { invalid } from '../errors.js';
import { firstColumn, quoteIdent, quoteLiteral, type TrustedDuck } from './duck.js';
import { parseColumns, parseFilters, parseSortBy } from './result-query.js';
import { csvValueSql, jsonValueSql } from './result-types.js';
import { storedType } from './sandbox.js';

/** The result paging parameters of the four /results endpoints (compat-reference 2.3). */
export type PageParams = {
  limit?: number;
  offset?: number;
  columns?: string;
  sortBy?: string;
  filters?: string;
  sampleCount?: number;
  ignoreMaxDatapoints?: boolean;
};

/** What a page is read from: a completed execution's Parquet file and its columns. */
export type ResultSource = {
  file: string;
  columnNames: string[];
  /** DuckDB types as the query produced them. */
  columnTypes: string[];
  rowCount: number;
  resultBytes: number;
};

export type Page = {
  /**
   * The page's rows as DuckDB wrote them, never parsed into JS objects: in a file, each row's
   * JSON object followed by a comma (`{...},{...},`), which the caller streams and deletes; or,
   * for a small page, the objects joined by commas in memory (a file cost more than its rows).
   */
  rows: { file: string } | { text: string };
  rowCount: number;
  totalRowCount: number;
  columns: { name: string; type: string }[];
  offset: number;
  /** The page size applied after clamping. */
  limit: number;
  nextOffset: number | undefined;
  pageBytes: number;
};

type Plan = {
  select: string;
  where: string;
  orderBy: string;
  columns: { name: string; type: string }[];
};

/** A result's columns with the types the query produced. */
export const columnsOf = (src: ResultSource) =>
  src.columnNames.map((name, i) => ({ name, type: src.columnTypes[i]! }));

/** A page's share of its result's raw bytes, by its rows (result_set_bytes of a page). */
export const pageBytesOf = (src: ResultSource, rowCount: number) =>
  src.rowCount > 0 ? Math.round((src.resultBytes * rowCount) / src.rowCount) : 0;

/** Where the next page starts, if any rows are left after this one. */
export const nextOffsetOf = (offset: number, rowCount: number, totalRowCount: number) =>
  offset + rowCount < totalRowCount ? offset + rowCount : undefined;

/**
 * A row of a result file as the text of its JSON object (the wire contract's values), as `j`;
 * `columns` are the file's columns with the types the query produced.
 */
export function jsonRowSql(columns: { name: string; type: string }[]): string {
  if (!columns.length) return "'{}' AS j";
  const values = columns.map(
    (c) => `${quoteLiteral(c.name)}, ${jsonValueSql(c.name, storedType(c.type))}`,
  );
  return `json_object(${values.join(', ')})::VARCHAR AS j`;
}

function plan(
  src: ResultSource,
  p: PageParams,
  valueSql: (c: string, t: string) => string,
  asJson: boolean,
): Plan {
  const all = columnsOf(src);
  const names =
    p.columns !== undefined ? parseColumns(p.columns, src.columnNames) : src.columnNames;
  const columns = names.map((n) => all.find((c) => c.name === n)!);
  const stored = all.map((c) => ({ name: c.name, type: storedType(c.type) }));
  const values = columns.map((c) => ({ name: c.name, sql: valueSql(c.name, storedType(c.type)) }));
  const csv = values.length
    ? values.map((v) => `${v.sql} AS ${quoteIdent(v.name)}`).join(', ')
    : "'' AS _";
  return {
    select: asJson ? jsonRowSql(columns) : csv,
    where: p.filters !== undefined ? ` WHERE ${parseFilters(p.filters, stored)}` : '',
    orderBy: p.sortBy !== undefined ? ` ORDER BY ${parseSortBy(p.sortBy, src.columnNames)}` : '',
    columns,
  };
}

function checkParams(p: PageParams) {
  if (
    p.sampleCount !== undefined &&
    (p.limit !== undefined || p.offset || p.filters !== undefined)
  ) {
    throw invalid('sample_count cannot be combined with limit, offset or filters');
  }
}

/** Largest page for this many columns: MAX_PAGE_ROWS, and MAX_DATAPOINTS_PER_REQUEST cells unless lifted. */
export function maxPageRows(
  config: Config,
  columnCount: number,
  ignoreMaxDatapoints = false,
): number {
  if (ignoreMaxDatapoints) return config.maxPageRows;
  return Math.max(
    1,
    Math.min(
      config.maxPageRows,
      Math.floor(config.maxDatapointsPerRequest / Math.max(1, columnCount)),
    ),
  );
}

/** Runs a page query; a value the filter compares cannot be converted (e.g. '2024-13') → 400. */
export async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/^(Conversion|Invalid Input|Out of Range) Error/.test(message))
      throw invalid(`filters: ${message.split('\n')[0]}`);
    throw err;
  }
}

async function countRows(
  duck: TrustedDuck,
  from: string,
  where: string,
  fallback: number,
): Promise<number> {
  if (!where) return fallback;
  return duck.withConnection(async (conn) => {
    const [n] = await firstColumn(conn, `SELECT count(*)::BIGINT AS n FROM ${from}${where}`);
    return Number(n ?? 0);
  });
}

/** The name read_parquet gives a row's place in the file; results using it page without it. */
const ROW_NUMBER = 'file_row_number';

/** A repeatable reservoir sample of n rows of a table expression, as a subquery named s. */
const sampled = (from: string, n: number) =>
  `(SELECT * FROM ${from} USING SAMPLE reservoir(${n} ROWS) REPEATABLE (7)) AS s`;

type Window = { limit: number; offset: number; sample?: number };

/**
 * The page's rows of `file` (every stored column), in page order. Rows are numbered by their
 * place in the Parquet file, so an unfiltered page reads only the row groups it needs (no OFFSET
 * rescan), and ties of a sort keep file order; a result with a column of that name pages by
 * LIMIT/OFFSET instead.
 */
function pageRowsSql(file: string, q: Plan, window: Window, columnNames: string[]): string {
  const numbered = !columnNames.some((n) => n.toLowerCase() === ROW_NUMBER);
  const from = `read_parquet(${quoteLiteral(file)}${numbered ? `, ${ROW_NUMBER} = true` : ''})`;
  const sortKeys = q.orderBy.replace(' ORDER BY ', '');
  const keys = numbered ? [sortKeys, ROW_NUMBER].filter(Boolean).join(', ') : sortKeys;
  const orderBy = keys ? ` ORDER BY ${keys}` : '';
  if (window.sample !== undefined) return `SELECT * FROM ${sampled(from, window.sample)}${orderBy}`;
  if (numbered && !q.where && !q.orderBy) {
    const end = window.offset + window.limit;
    return `SELECT * FROM ${from} WHERE ${ROW_NUMBER} >= ${window.offset} AND ${ROW_NUMBER} < ${end}`;
  }
  const order = q.orderBy ? orderBy : '';
  return `SELECT * FROM ${from}${q.where}${order} LIMIT ${window.limit} OFFSET ${window.offset}`;
}

/** The shaping parameters of a whole-result read (a download): no window, no sample. */
export type ShapeParams = Pick<PageParams, 'columns' | 'sortBy' | 'filters'>;

/** Whether `p` leaves the result as it is stored: every column in its place, every row in order. */
export function isWholeResult(src: ResultSource, p: ShapeParams): boolean {
  if (p.filters !== undefined || p.sortBy !== undefined) return false;
  if (p.columns === undefined) return true;
  const names = parseColumns(p.columns, src.columnNames);
  return names.length === src.columnNames.length && names.every((n, i) => n === src.columnNames[i]);
}

/**
 * Every row of `src` that `p` keeps, in the order its pages have them (pageRowsSql), each of its
 * chosen columns as `value(name, stored type)` under its own name.
 */
export function resultRowsSql(
  src: ResultSource,
  p: ShapeParams,
  value: (column: string, storedType: string) => string,
): string {
  const q = plan(src, p, value, false);
  const sortKeys = q.orderBy.replace(' ORDER BY ', '');
  // ties of a sort keep file order; unsorted rows are read in it anyway
  const numbered = sortKeys && !src.columnNames.some((n) => n.toLowerCase() === ROW_NUMBER);
  const from = `read_parquet(${quoteLiteral(src.file)}${numbered ? `, ${ROW_NUMBER} = true` : ''})`;
  const keys = numbered ? `${sortKeys}, ${ROW_NUMBER}` : sortKeys;
  return `SELECT ${q.select} FROM ${from}${q.where}${keys ? ` ORDER BY ${keys}` : ''}`;
}

/**
 * Writes the page's values (`q.select` over its rows, in order) to `file` as DuckDB's CSV writer
 * lays them out, with `options`; returns the number of rows written. A failure leaves no file.
 */
function copyPage(file: string, options: string): EmitPage {
  return (duck, rowsSql, q) =>
    duck
      .withConnection(async (conn) => {
        const [count] = await firstColumn(
          conn,
          `COPY (SELECT ${q.select} FROM (${rowsSql}) AS page) TO ${quoteLiteral(file)} (${options})`,
        );
        return Number(count ?? 0);
      })
      .catch((err: unknown) => {
        fs.rmSync(file, { force: true });
        throw err;
      });
}

/** The page's rows' JSON texts (`q.select`), in order, as DuckDB made them. */
function readPageJson(duck: TrustedDuck, rowsSql: string, q: Plan): Promise<string[]> {
  return duck.withConnection(async (conn) => {
    const texts = await firstColumn(conn, `SELECT ${q.select} FROM (${rowsSql}) AS page`);
    return texts.map(String);
  });
}

/** Writes a page's rows somewhere (a file, memory) and returns how many there were. */
type EmitPage = (duck: TrustedDuck, rowsSql: string, q: Plan, window: Window) => Promise<number>;

/** A JSON page of at most this many cells is read into memory rather than written to a file. */
const SMALL_PAGE_CELLS = 20_000;

/**
 * One JSON object per row, each followed by a comma: the CSV writer with separators JSON text
 * never holds unescaped (control characters), so it writes each row's JSON verbatim.
 */
const JSON_ROWS_OPTIONS = `FORMAT csv, HEADER false, DELIMITER '\u001f', QUOTE '\u001e', ESCAPE '\u001e', NEW_LINE ','`;

/** A page written to a file by DuckDB, and where it sits in the result. */
type WrittenPage = {
  rowCount: number;
  totalRowCount: number;
  columns: { name: string; type: string }[];
  limit: number;
  offset: number;
  nextOffset: number | undefined;
};

/** Writes the page `p` of `src` (JSON rows or CSV values) with `emit` and counts where it sits. */
async function writePage(
  duck: TrustedDuck,
  src: ResultSource,
  p: PageParams,
  format: { json: boolean; cap: (columnCount: number) => number },
  emit: EmitPage,
): Promise<WrittenPage> {
  checkParams(p);
  const q = plan(src, p, format.json ? jsonValueSql : csvValueSql, format.json);
  const cap = format.cap(q.columns.length);
  const limit = Math.min(p.sampleCount ?? p.limit ?? cap, cap);
  const offset = p.offset ?? 0;
  const window = { limit, offset, sample: p.sampleCount === undefined ? undefined : limit };
  const rowsSql = pageRowsSql(src.file, q, window, src.columnNames);
  const from = `read_parquet(${quoteLiteral(src.file)})`;
  const [rowCount, total] = await guarded(() =>
    Promise.all([emit(duck, rowsSql, q, window), countRows(duck, from, q.where, src.rowCount)]),
  );
  const totalRowCount = p.sampleCount !== undefined ? rowCount : total;
  const nextOffset =
    p.sampleCount === undefined ? nextOffsetOf(offset, rowCount, totalRowCount) : undefined;
  return { rowCount, totalRowCount, columns: q.columns, limit, offset, nextOffset };
}

/** One page of a result as JSON rows in a file under `pagesDir` (see Page). */
export async function readJsonPage(
  duck: TrustedDuck,
  config: Config,
  pagesDir: string,
  src: ResultSource,
  p: PageParams,
): Promise<Page> {
  const file = path.join(pagesDir, `${ulid()}.json`);
  let rows: Page['rows'] = { file };
  const toFile = copyPage(file, JSON_ROWS_OPTIONS);
  const cap = (n: number) => maxPageRows(config, n, p.ignoreMaxDatapoints);
  const page = await writePage(duck, src, p, { json: true, cap }, async (d, rowsSql, q, w) => {
    if (w.limit * Math.max(1, q.columns.length) > SMALL_PAGE_CELLS) return toFile(d, rowsSql, q, w);
    const texts = await readPageJson(d, rowsSql, q);
    rows = { text: texts.join(',') };
    return texts.length;
  });
  return { ...page, rows, pageBytes: pageBytesOf(src, page.rowCount) };
}

/** A page of a result as a CSV file under `pagesDir`; the caller streams it and deletes it. */
export async function writeCsvPage(
  duck: TrustedDuck,
  config: Config,
  pagesDir: string,
  src: ResultSource,
  p: PageParams,
): Promise<WrittenPage & { file: string }> {
  const file = path.join(pagesDir, `${ulid()}.csv`);
  const toFile = copyPage(file, 'FORMAT csv, HEADER true');
  const page = await writePage(duck, src, p, { json: false, cap: () => config.maxCsvRows }, toFile);
  // a CSV of no columns is one empty line, not the placeholder column written for it
  if (page.columns.length === 0) fs.writeFileSync(file, '\n');
  return { ...page, file };
}
