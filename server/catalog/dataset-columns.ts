import type { DuckDBConnection } from '@duckdb/node-api';
import { chooseType } from '../../contract/rules/column-inference.js';
import { cleanName } from '../../contract/rules/names.js';
import { quoteIdent } from '../engine/duck.js';
import { DIGIT_TYPES } from '../engine/snapshot-read.js';
import { invalid } from '../errors.js';
import { STORAGE_TYPE, checkType, type ColumnType } from '../uploads/column-types.js';
import { valueFactsSql } from '../uploads/ingest-sql.js';
import type { FileColumn } from './dataset-files.js';
import type { DatasetFormat } from './dataset-sources.js';

/**
 * The column types of an imported dataset. Most are what DuckDB reads from the files; integers
 * follow the rule uploads follow (contract/rules/column-inference.ts): a column of integers that
 * all fit 64 bits is BIGINT, one with an integer past that is `uint256` (no negative value) or
 * `int256`, stored exactly as canonical decimal digits (VARCHAR in Parquet, as uploads store
 * them), never DOUBLE, which keeps 15 to 17 digits. The operator may also give a column's type
 * (`--types`, the manifest's `types`), from the uploads' vocabulary.
 */

/** A table column as an import or append writes it. */
export type TableColumn = {
  name: string;
  /** The type the catalog shows: DuckDB's (its Parquet type), or `uint256` / `int256`. */
  type: string;
  /** The vocabulary type whose conversion (`fromText`) its values go through, if any. */
  convert?: ColumnType;
  /** An import's guess of BIGINT, checked while copied (tableColumns). */
  guessed?: boolean;
  /** The first file's name of a column an import named otherwise (`City Name` for city_name). */
  source?: string;
};

/**
 * The column a name the operator gives (`--types`, `--column`, the manifest's `types` and
 * `columns`) is about: the column of that name, case-insensitively; else the one the import
 * named from it (its `source`, `City Name`); else the one of its cleaned name (city_name, for a
 * table imported earlier).
 */
export function columnNamed<C extends { name: string; source?: string }>(
  columns: C[],
  given: string,
): C | undefined {
  const lower = given.toLowerCase();
  const clean = cleanName(given);
  return (
    columns.find((c) => c.name.toLowerCase() === lower) ??
    columns.find((c) => c.source?.toLowerCase() === lower) ??
    columns.find((c) => c.name.toLowerCase() === clean)
  );
}

/** Column types the operator gave, by column name as given. */
export type GivenTypes = Record<string, ColumnType>;

/** The Parquet type of a table column. */
export const storageType = (type: string): string => (DIGIT_TYPES.has(type) ? 'VARCHAR' : type);

/** The type the catalog shows for a column of the vocabulary type. */
const shownType = (type: ColumnType): string => (DIGIT_TYPES.has(type) ? type : STORAGE_TYPE[type]);

/** The vocabulary type stored as a DuckDB type, when there is one. */
export function vocabularyOf(type: string): ColumnType | undefined {
  if (DIGIT_TYPES.has(type)) return type as ColumnType;
  const found = Object.entries(STORAGE_TYPE).find(([t, s]) => s === type && !DIGIT_TYPES.has(t));
  return found?.[0] as ColumnType | undefined;
}

/**
 * The conversion an appended file's values of a table column go through. Columns of wide
 * integers always (their text is checked and made canonical); from CSV or NDJSON, whose types
 * are guessed per file, integer and binary columns too: DuckDB would read `0x1f` as 31 and cast
 * 1.5 to 2, where the conversion refuses both.
 */
export function appendConversion(type: string, format: DatasetFormat): ColumnType | undefined {
  if (DIGIT_TYPES.has(type)) return type as ColumnType;
  if (format === 'parquet') return undefined;
  return ['BIGINT', 'INTEGER', 'BLOB'].includes(type) ? vocabularyOf(type) : undefined;
}

/**
 * `--types NAME=TYPE[,NAME=TYPE...]` (the option may repeat), by column name; `invalid` for a
 * malformed entry or a type not in the vocabulary, naming it.
 */
export function parseTypes(specs: string[]): GivenTypes {
  const out: GivenTypes = {};
  for (const spec of specs)
    for (const entry of spec.split(',')) {
      const at = entry.indexOf('=');
      const name = entry.slice(0, at).trim();
      if (at <= 0 || name === '')
        throw invalid(`--types takes NAME=TYPE[,NAME=TYPE...], not "${entry}"`);
      out[name] = checkType(name, entry.slice(at + 1));
    }
  return out;
}

/** The given types by the table's column names; `invalid` for a column the file has not. */
function givenByColumn(
  label: string,
  columns: { name: string; source?: string }[],
  given: GivenTypes,
): Map<string, ColumnType> {
  const out = new Map<string, ColumnType>();
  for (const [name, type] of Object.entries(given)) {
    const c = columnNamed(columns, name);
    if (!c) throw invalid(`--types: ${label} has no column "${name}"`);
    out.set(c.name, type);
  }
  return out;
}

/** Integer types DuckDB guesses that fit 64 bits: BIGINT, unless a value says otherwise. */
const GUESSED_64 = /^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER)$/;
/** Other numeric guesses, which may hold integers past 64 bits (CSV: DOUBLE; JSON: also HUGEINT). */
const GUESSED_WIDER = /^(UBIGINT|HUGEINT|UHUGEINT|FLOAT|DOUBLE)$/;

/** What holds for every value of a column over the files (integers only: the rest is DuckDB's). */
type Facts = {
  count: number;
  integer: boolean;
  bigint: boolean;
  uint256: boolean;
  int256: boolean;
  double: boolean;
};
const FACT_NAMES = ['integer', 'bigint', 'uint256', 'int256', 'double'] as const;

/** DuckDB's reader of a file with some columns read as text. */
type TextReader = (file: string, asText: string[]) => string;

/**
 * The columns of a new table: the first file's (`first`, as DuckDB read it, named as
 * importColumns names them, the name as written kept as `source`), with the types the operator
 * gave, and, for CSV and NDJSON, the integer rule for the columns DuckDB guessed
 * numeric, over every file's values as written:
 * - a guessed 64-bit integer column is BIGINT, checked while it is copied (`guessed`): a value
 *   that is not an integer as written (`0x1f`, which DuckDB reads as 31, or `007`) or that is
 *   past 64 bits fails the copy with GuessRefused, and settleGuesses decides from all values;
 * - a DOUBLE column (HUGEINT in JSON) is asked for one value that is not an integer, which
 *   most files with decimals give at once (it stays DOUBLE); a column of integers only is read
 *   whole and becomes BIGINT, uint256 or int256.
 * So a file is read once more only for its columns of integers that DuckDB guessed DOUBLE.
 */
export async function tableColumns(
  conn: DuckDBConnection,
  opts: {
    format: DatasetFormat;
    files: string[];
    first: FileColumn[];
    keys: string[];
    given: GivenTypes;
    reader: TextReader;
  },
): Promise<TableColumn[]> {
  const first = opts.first.map((c) => ({
    name: c.as ?? c.name,
    type: c.type,
    ...(c.as ? { source: c.name } : {}),
  }));
  const given = givenByColumn(opts.files[0]!, first, opts.given);
  const isKey = (name: string) => opts.keys.some((k) => k.toLowerCase() === name.toLowerCase());
  const open = (c: { name: string }) =>
    opts.format !== 'parquet' && !given.has(c.name) && !isKey(c.name);
  const wider = first.filter((c) => open(c) && GUESSED_WIDER.test(c.type));
  const integers = await integerColumns(conn, opts.files, wider, opts.reader);
  const facts = await integerFacts(
    conn,
    opts.files,
    wider.filter((c) => integers.has(c.name)),
    opts.reader,
  );
  return first.map((c) => {
    const type = given.get(c.name);
    if (type) return { ...c, type: shownType(type), convert: type };
    if (open(c) && GUESSED_64.test(c.type)) return { ...c, type: 'BIGINT', guessed: true };
    const f = facts.get(c.name);
    return f ? decided(c, f) : c;
  });
}

/**
 * Thrown by a copy when a value of a `guessed` column is not a 64-bit integer as written: the
 * import decides those columns from all their values (settleGuesses) and copies again.
 */
export class GuessRefused extends Error {}

/** The `guessed` columns decided over every file's values; the others as they were. */
export async function settleGuesses(
  conn: DuckDBConnection,
  opts: { files: string[]; columns: TableColumn[]; reader: TextReader },
): Promise<TableColumn[]> {
  const guessed = opts.columns.filter((c) => c.guessed);
  const facts = await integerFacts(conn, opts.files, guessed, opts.reader);
  return opts.columns.map((c) => (c.guessed ? decided(c, facts.get(c.name)!) : c));
}

/**
 * A guessed numeric column's type from its facts (contract/rules/column-inference.ts: integers
 * are bigint, then uint256, int256; past 2^256 text): a column that is not all integers keeps
 * DuckDB's floating type; one DuckDB guessed integer (from its first file) is DOUBLE when every
 * value is a number, else the text as written (`0x1f`, `007`).
 */
function decided(c: { name: string; type: string; source?: string }, f: Facts): TableColumn {
  const column = (type: string, convert?: ColumnType): TableColumn => ({
    name: c.name,
    type,
    ...(convert ? { convert } : {}),
    ...(c.source ? { source: c.source } : {}),
  });
  const integral = GUESSED_64.test(c.type);
  if (f.count === 0) return column(integral ? 'BIGINT' : c.type);
  if (!f.integer && !integral) return column(c.type);
  if (!f.integer) return f.double ? column('DOUBLE', 'double') : column('VARCHAR');
  const none = { hex: false, double: false, boolean: false, date: false, timestamp: false };
  const chosen = chooseType({ ...f, ...none }, f.count);
  if (chosen === 'bigint') return column('BIGINT', 'bigint');
  if (DIGIT_TYPES.has(chosen)) return column(chosen, chosen);
  return column('VARCHAR');
}

/** The SQL that is true when text `s` is an integer as written (the inference rule's shape). */
export const integerTextSql = (s: string): string => valueFactsSql(s).integer;

/**
 * Of `columns`, those whose every value in every file is an integer as written: each column is
 * asked, file by file, for one value that is not (LIMIT 1: a column of decimals answers at once).
 */
async function integerColumns(
  conn: DuckDBConnection,
  files: string[],
  columns: { name: string }[],
  reader: TextReader,
): Promise<Set<string>> {
  const out = new Set(columns.map((c) => c.name));
  for (const file of files)
    for (const name of [...out]) {
      const ref = quoteIdent(name);
      const r = await read(
        conn,
        file,
        `SELECT 1 FROM ${reader(file, [name])} WHERE ${ref} IS NOT NULL AND NOT ${integerTextSql(ref)} LIMIT 1`,
      );
      if (r.length > 0) out.delete(name);
    }
  return out;
}

/** The integer facts of `columns` over all `files`, their values read as text. */
async function integerFacts(
  conn: DuckDBConnection,
  files: string[],
  columns: { name: string }[],
  reader: TextReader,
): Promise<Map<string, Facts>> {
  const out = new Map<string, Facts>(
    columns.map((c) => [
      c.name,
      { count: 0, integer: true, bigint: true, uint256: true, int256: true, double: true },
    ]),
  );
  if (columns.length === 0) return out;
  const names = columns.map((c) => c.name);
  const select = columns.flatMap((c, i) => {
    const ref = quoteIdent(c.name);
    const sql = valueFactsSql(ref);
    return [
      `count(${ref}) AS n${i}`,
      ...FACT_NAMES.map(
        (f) => `coalesce(bool_and(${sql[f]}) FILTER (WHERE ${ref} IS NOT NULL), true) AS ${f}${i}`,
      ),
    ];
  });
  for (const file of files) {
    const [row] = await read(conn, file, `SELECT ${select.join(', ')} FROM ${reader(file, names)}`);
    columns.forEach((c, i) => {
      const f = out.get(c.name)!;
      f.count += Number(row![`n${i}`]);
      for (const name of FACT_NAMES) f[name] &&= row![`${name}${i}`] === true;
    });
  }
  return out;
}

async function read(
  conn: DuckDBConnection,
  file: string,
  sql: string,
): Promise<Record<string, unknown>[]> {
  try {
    return (await conn.runAndReadAll(sql)).getRowObjectsJson();
  } catch (err) {
    throw invalid(`${file} could not be read: ${(err as Error).message.split('\n')[0]}`);
  }
}
