import fs from 'node:fs';
import path from 'node:path';
import { LINKED_FILES, type SnapshotLayout } from '../lake/lake-table.js';
import { quoteIdent, quoteLiteral } from './duck.js';

/**
 * How DuckDB reads one lake snapshot, and exactly what it must be allowed to read for that:
 * `from` is the table function, `dirs` the folders for `allowed_directories` and `paths` the
 * files for `allowed_paths`. The one place that knows the layouts of lake_table.ts:
 *
 * - flat: `<snapshot>/*.parquet`, the folder allowed;
 * - hive: `<snapshot>/**\/*.parquet` with hive_partitioning, so `key=value/` folders are columns
 *   and a filter on one reads only its files; the folder allowed;
 * - linked: the files listed in `<snapshot>/linked.json` (outside the lake), each allowed by
 *   path and nothing beside them (hive_partitioning as the table says).
 */
export type SnapshotRead = { from: string; dirs: string[]; paths: string[] };

const FLAT: SnapshotLayout = { hive: false, linked: false };

export function snapshotRead(
  lakeRoot: string,
  snapshot: string,
  layout: SnapshotLayout = FLAT,
): SnapshotRead {
  const dir = path.join(lakeRoot, snapshot);
  const hive = `hive_partitioning = ${layout.hive}`;
  if (layout.linked) {
    const files = linkedFiles(dir);
    const list = files.map(quoteLiteral).join(', ');
    return { from: `read_parquet([${list}], ${hive})`, dirs: [], paths: files };
  }
  const glob = path.join(dir, layout.hive ? '**/*.parquet' : '*.parquet');
  return {
    from: `read_parquet(${quoteLiteral(glob)}, ${hive})`,
    dirs: [dir + path.sep],
    paths: [],
  };
}

/**
 * The hosted types the lake keeps as decimal digits (no Parquet number holds 78 of them:
 * uploads' STORAGE_TYPE, dataset imports' storageType, the demo's `*_raw` amounts, a view of a
 * BIGNUM result).
 */
export const DIGIT_TYPES: ReadonlySet<string> = new Set(['uint256', 'int256']);

/** The columns of a table kept as decimal digits, which SQL reads as BIGNUM (exact, any size). */
export const digitColumns = (columns: readonly { name: string; type: string }[]): string[] =>
  columns.filter((c) => DIGIT_TYPES.has(c.type)).map((c) => c.name);

/**
 * The SELECT a table is shown to SQL as: its snapshot's rows, with the columns kept as decimal
 * digits (`digits`, from digitColumns) read as BIGNUM, so `sum(amount_raw)` and comparisons are
 * numeric in both dialects. A column a query does not name is not read, and so not cast.
 */
export function tableSelect(
  read: Pick<SnapshotRead, 'from'>,
  digits: readonly string[] = [],
): string {
  if (digits.length === 0) return `SELECT * FROM ${read.from}`;
  const casts = digits.map((c) => `CAST(${quoteIdent(c)} AS BIGNUM) AS ${quoteIdent(c)}`);
  return `SELECT * REPLACE (${casts.join(', ')}) FROM ${read.from}`;
}

/** The files a linked snapshot folder lists. */
export function linkedFiles(dir: string): string[] {
  const parsed = JSON.parse(fs.readFileSync(path.join(dir, LINKED_FILES), 'utf8')) as {
    files?: unknown;
  };
  if (!Array.isArray(parsed.files) || !parsed.files.every((f) => typeof f === 'string'))
    throw new Error(`${path.join(dir, LINKED_FILES)} does not list files`);
  return parsed.files as string[];
}

/**
 * The first file of a linked snapshot that is no longer where the table says (moved or deleted
 * after it was linked), or undefined: what a failed read of a linked table is checked for.
 */
export function missingLinkedFile(
  lakeRoot: string,
  snapshot: string,
  layout: SnapshotLayout = FLAT,
): string | undefined {
  if (!layout.linked) return undefined;
  return linkedFiles(path.join(lakeRoot, snapshot)).find((f) => !fs.existsSync(f));
}

/** Writes the list of a linked snapshot (its folder must exist). */
export function writeLinkedFiles(dir: string, files: string[]): void {
  fs.writeFileSync(path.join(dir, LINKED_FILES), JSON.stringify({ files }));
}
