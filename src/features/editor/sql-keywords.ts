import type { Dialect } from '../../../contract/rules/enums';

/** SQL keywords the editor offers in DuckDB's dialect (its type names among them). */
export const SQL_KEYWORDS: readonly string[] = (
  'SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET QUALIFY WINDOW WITH RECURSIVE AS ON ' +
  'USING JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL ASOF POSITIONAL SEMI ANTI LATERAL ' +
  'UNION ALL EXCEPT INTERSECT DISTINCT AND OR NOT IN IS NULL TRUE FALSE LIKE ILIKE GLOB ' +
  'SIMILAR BETWEEN EXISTS ANY SOME CASE WHEN THEN ELSE END CAST TRY_CAST ASC DESC NULLS FIRST ' +
  'LAST OVER PARTITION ROWS RANGE GROUPS UNBOUNDED PRECEDING FOLLOWING CURRENT ROW FILTER ' +
  'WITHIN INTERVAL DATE TIME TIMESTAMP TIMESTAMPTZ VARCHAR INTEGER BIGINT HUGEINT DOUBLE ' +
  'DECIMAL BOOLEAN BLOB UBIGINT UHUGEINT STRUCT MAP LIST JSON PIVOT UNPIVOT SAMPLE ' +
  'TABLESAMPLE VALUES INSERT INTO UPDATE SET DELETE CREATE TABLE VIEW TEMP TEMPORARY REPLACE ' +
  'DROP IF DESCRIBE SUMMARIZE EXPLAIN ANALYZE EXCLUDE COLUMNS ROLLUP CUBE GROUPING SETS ' +
  'RETURNING COLLATE'
).split(' ');

/**
 * DuneSQL's keywords: Trino's query syntax, with the type names of typed literals (`DATE '…'`);
 * the other type names are offered where a cast names its type (DUNESQL_TYPES). DuckDB-only
 * syntax (QUALIFY, ASOF, PIVOT, …) is left out: the hosted service would refuse it.
 */
export const DUNESQL_KEYWORDS: readonly string[] = (
  'SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET FETCH FIRST NEXT ONLY WINDOW WITH ' +
  'RECURSIVE AS ON USING JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL LATERAL UNNEST ' +
  'ORDINALITY UNION ALL EXCEPT INTERSECT DISTINCT AND OR NOT IN IS NULL TRUE FALSE LIKE ESCAPE ' +
  'BETWEEN EXISTS ANY SOME CASE WHEN THEN ELSE END CAST TRY_CAST TRY ASC DESC NULLS LAST OVER ' +
  'PARTITION ROWS RANGE GROUPS UNBOUNDED PRECEDING FOLLOWING CURRENT ROW FILTER WITHIN ' +
  'INTERVAL DATE TIME TIMESTAMP AT ZONE ARRAY VALUES TABLESAMPLE BERNOULLI SYSTEM ROLLUP CUBE ' +
  'GROUPING SETS DESCRIBE EXPLAIN ANALYZE SHOW'
).split(' ');

/** A type name the editor offers; `params` for parametric types (`array(varchar)`). */
export type SqlTypeName = { name: string; params?: string };

const plain = (names: string) => names.split(' ').map((name) => ({ name }));

/**
 * DuneSQL's types: Trino's, and the hosted service's 256-bit integers. Lower case, as DuneSQL
 * queries usually write them (`cast(x as uint256)`).
 */
export const DUNESQL_TYPES: readonly SqlTypeName[] = [
  ...plain(
    'boolean tinyint smallint integer bigint real double varchar char varbinary json date time ' +
      'timestamp uuid uint256 int256',
  ),
  { name: 'decimal', params: 'precision, scale' },
  { name: 'array', params: 'element_type' },
  { name: 'map', params: 'key_type, value_type' },
  { name: 'row', params: 'name type, …' },
];

/** DuckDB's common types, upper case as its keywords are. */
const DUCKDB_TYPES: readonly SqlTypeName[] = plain(
  'BOOLEAN TINYINT SMALLINT INTEGER BIGINT HUGEINT UTINYINT USMALLINT UINTEGER UBIGINT UHUGEINT ' +
    'FLOAT DOUBLE DECIMAL VARCHAR BLOB DATE TIME TIMESTAMP TIMESTAMPTZ INTERVAL UUID JSON BIGNUM',
);

/** The keywords of a dialect (upper case), as the editor paints and offers them. */
export const keywordsOf = (dialect: Dialect): readonly string[] =>
  dialect === 'dunesql' ? DUNESQL_KEYWORDS : SQL_KEYWORDS;

/** The type names of a dialect, offered where a cast names its type. */
export const typesOf = (dialect: Dialect): readonly SqlTypeName[] =>
  dialect === 'dunesql' ? DUNESQL_TYPES : DUCKDB_TYPES;

const painted = new Map<Dialect, ReadonlySet<string>>();

/**
 * The words painted as keywords in a dialect (upper case): its keywords and its type names. The
 * one list every view of SQL colours by (the editor, its loading preview, version diffs).
 */
export function paintedKeywordsOf(dialect: Dialect): ReadonlySet<string> {
  let words = painted.get(dialect);
  if (!words) {
    words = new Set([...keywordsOf(dialect), ...typesOf(dialect).map((t) => t.name.toUpperCase())]);
    painted.set(dialect, words);
  }
  return words;
}

/** Keywords that may follow a relation in FROM: an alias is the other option there. */
export const AFTER_RELATION_KEYWORDS: readonly string[] = (
  'AS WHERE JOIN INNER LEFT RIGHT FULL CROSS NATURAL ASOF POSITIONAL SEMI ANTI ON USING GROUP ' +
  'ORDER HAVING LIMIT OFFSET QUALIFY WINDOW UNION EXCEPT INTERSECT SAMPLE PIVOT UNPIVOT'
).split(' ');
