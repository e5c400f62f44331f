import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Config } from '../config.js';
import { invalid } from '../errors.js';
import { quoteIdent, quoteLiteral, type TrustedDuck } from './duck.js';
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
  /** The rows as JSON array text, built by DuckDB: never parsed into JS objects. */
  rowsJson: string;
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

function plan(
  src: ResultSource,
  p: PageParams,
  valueSql: (c: string, t: string) => string,
  asJson: boolean,
): Plan {
  const all = src.columnNames.map((name, i) => ({ name, type: src.columnTypes[i]! }));
  const names =
    p.columns !== undefined ? parseColumns(p.columns, src.columnNames) : src.columnNames;
  const columns = names.map((n) => all.find((c) => c.name === n)!);
  const stored = all.map((c) => ({ name: c.name, type: storedType(c.type) }));
  const values = columns.map((c) => ({ name: c.name, sql: valueSql(c.name, storedType(c.type)) }));
  const select = asJson
    ? `json_object(${values.map((v) => `${quoteLiteral(v.name)}, ${v.sql}`).join(', ')})::VARCHAR AS j`
    : values.map((v) => `${v.sql} AS ${quoteIdent(v.name)}`).join(', ');
  return {
    select: values.length ? select : asJson ? "'{}' AS j" : "'' AS _",
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
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
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
    const r = await conn.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${from}${where}`);
    return Number(r.getRowObjectsJson()[0]?.n ?? 0);
  });
}

/** Names the fast page query adds to a result's own columns; results using them page row by row. */
const ROW_NUMBER = 'file_row_number';
const JSON_COLUMN = '__strata_row_json';

/** A repeatable reservoir sample of n rows of a table expression, as a subquery named s. */
const sampled = (from: string, n: number) =>
  `(SELECT * FROM ${from} USING SAMPLE reservoir(${n} ROWS) REPEATABLE (7)) AS s`;

/**
 * The page's rows as one JSON array string, built by DuckDB. Rows are numbered by their place in
 * the Parquet file, so an unfiltered page reads only the row groups it needs (no OFFSET rescan),
 * and the rows are joined by an aggregate ordered by the page's sort: one string crosses into JS.
 */
async function pageAsJsonArray(
  duck: TrustedDuck,
  file: string,
  q: Plan,
  window: { limit: number; offset: number; sample?: number },
): Promise<{ json: string; count: number }> {
  const from = `read_parquet(${quoteLiteral(file)}, ${ROW_NUMBER} = true)`;
  const keys = q.orderBy ? `${q.orderBy.replace(' ORDER BY ', '')}, ${ROW_NUMBER}` : ROW_NUMBER;
  const row = q.select.replace(/ AS j$/, ` AS ${JSON_COLUMN}`);
  let inner: string;
  if (window.sample !== undefined) {
    inner = `SELECT *, ${row} FROM ${sampled(from, window.sample)}`;
  } else if (!q.where && !q.orderBy) {
    const end = window.offset + window.limit;
    inner = `SELECT *, ${row} FROM ${from} WHERE ${ROW_NUMBER} >= ${window.offset} AND ${ROW_NUMBER} < ${end}`;
  } else {
    const order = q.orderBy ? ` ORDER BY ${keys}` : '';
    inner = `SELECT *, ${row} FROM ${from}${q.where}${order} LIMIT ${window.limit} OFFSET ${window.offset}`;
  }
  const sql = `SELECT COALESCE('[' || string_agg(${JSON_COLUMN}, ',' ORDER BY ${keys}) || ']', '[]') AS rows, count(*)::BIGINT AS n FROM (${inner}) AS page`;
  return duck.withConnection(async (conn) => {
    const r = (await conn.runAndReadAll(sql)).getRowObjectsJson()[0]!;
    return { json: String(r.rows), count: Number(r.n) };
  });
}

/** The same page for results whose column names clash with the fast path's: one string per row. */
async function pageRowByRow(
  duck: TrustedDuck,
  file: string,
  q: Plan,
  window: { limit: number; offset: number; sample?: number },
): Promise<{ json: string; count: number }> {
  const from = `read_parquet(${quoteLiteral(file)})`;
  const sql =
    window.sample !== undefined
      ? `SELECT ${q.select} FROM ${sampled(from, window.sample)}${q.orderBy}`
      : `SELECT ${q.select} FROM ${from}${q.where}${q.orderBy} LIMIT ${window.limit} OFFSET ${window.offset}`;
  return duck.withConnection(async (conn) => {
    const rows = ((await conn.runAndReadAll(sql)).getColumnsJS()[0] ?? []) as string[];
    return { json: `[${rows.join(',')}]`, count: rows.length };
  });
}

/** One page of a result as JSON text, filtered, sorted and projected by DuckDB. */
export async function readJsonPage(
  duck: TrustedDuck,
  config: Config,
  src: ResultSource,
  p: PageParams,
): Promise<Page> {
  checkParams(p);
  const q = plan(src, p, jsonValueSql, true);
  const cap = maxPageRows(config, q.columns.length, p.ignoreMaxDatapoints);
  const limit = Math.min(p.sampleCount ?? p.limit ?? cap, cap);
  const offset = p.offset ?? 0;
  const clash = src.columnNames.some((n) => [ROW_NUMBER, JSON_COLUMN].includes(n.toLowerCase()));
  const window = { limit, offset, sample: p.sampleCount === undefined ? undefined : limit };
  const from = `read_parquet(${quoteLiteral(src.file)})`;
  const [rows, total] = await guarded(() =>
    Promise.all([
      (clash ? pageRowByRow : pageAsJsonArray)(duck, src.file, q, window),
      countRows(duck, from, q.where, src.rowCount),
    ]),
  );
  const totalRowCount = p.sampleCount !== undefined ? rows.count : total;
  const nextOffset =
    p.sampleCount === undefined && offset + rows.count < totalRowCount
      ? offset + rows.count
      : undefined;
  return {
    rowsJson: rows.json,
    rowCount: rows.count,
    totalRowCount,
    columns: q.columns,
    offset,
    limit,
    nextOffset,
    pageBytes: src.rowCount > 0 ? Math.round((src.resultBytes * rows.count) / src.rowCount) : 0,
  };
}

/** A page of a result as a CSV file written by DuckDB; the caller streams it and then deletes it. */
export async function writeCsvPage(
  duck: TrustedDuck,
  config: Config,
  tmpDir: string,
  src: ResultSource,
  p: PageParams,
): Promise<{
  file: string;
  rowCount: number;
  totalRowCount: number;
  limit: number;
  offset: number;
  nextOffset: number | undefined;
}> {
  checkParams(p);
  const q = plan(src, p, csvValueSql, false);
  const from = `read_parquet(${quoteLiteral(src.file)})`;
  const limit = Math.min(p.sampleCount ?? p.limit ?? config.maxCsvRows, config.maxCsvRows);
  const offset = p.offset ?? 0;
  const inner =
    p.sampleCount !== undefined
      ? `SELECT ${q.select} FROM ${sampled(from, limit)}${q.orderBy}`
      : `SELECT ${q.select} FROM ${from}${q.where}${q.orderBy} LIMIT ${limit} OFFSET ${offset}`;
  fs.mkdirSync(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${ulid()}.csv`);
  const [rowCount, total] = await Promise.all([
    duck.withConnection(async (conn) => {
      const r = await conn.runAndReadAll(
        `COPY (${inner}) TO ${quoteLiteral(file)} (FORMAT csv, HEADER true)`,
      );
      return Number(r.getRowObjectsJson()[0]?.Count ?? 0);
    }),
    countRows(duck, from, q.where, src.rowCount),
  ]);
  if (q.columns.length === 0) fs.writeFileSync(file, '\n');
  const totalRowCount = p.sampleCount !== undefined ? rowCount : total;
  const nextOffset =
    p.sampleCount === undefined && offset + rowCount < totalRowCount
      ? offset + rowCount
      : undefined;
  return { file, rowCount, totalRowCount, limit, offset, nextOffset };
}
