import { StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { firstColumn } from './duck.js';
import { guard, SqlError } from './sql-errors.js';
import { lex } from '../../shared/sql/lexer.js';

// The check every statement passes before it runs in a sandbox (engine/sandbox.ts) or is bound
// to its tables (engine/bound-tables.ts): DuckDB's own parser and binder decide.

const NOT_A_READ = 'only read statements (SELECT, or EXPLAIN of one) can run';

/** DuckDB's parser serializing `literal` (the SQL as a literal or a parameter) as JSON, as `j`. */
export const serializeSql = (literal: string) =>
  `SELECT json_serialize_sql(${literal}::VARCHAR) AS j`;

/**
 * Exactly one SELECT (DuckDB decides), without SQL parameters; returns its columns. `serialized`
 * is the SQL as json_serialize_sql gave it, when the caller already asked (else it asks).
 */
export async function checkStatement(conn: DuckDBConnection, sql: string, serialized?: string) {
  // Parse-only check first (before binding): the parser's serializer takes SELECTs only, which
  // also tells PRAGMAs (rewritten to SELECTs later) from real queries, and counts statements.
  const json =
    serialized ?? String((await firstColumn(conn, serializeSql('$1'), [sql]))[0] ?? '{}');
  const parsed = JSON.parse(json) as { error?: boolean; statements?: unknown[] };
  // No statement (blanks, comments, semicolons): said here, since the extraction below fails
  // on it with no message of its own ("Error in native callback").
  if (!parsed.error && parsed.statements?.length === 0)
    throw new SqlError('syntax_error', 'the query is empty');
  if (parsed.error || parsed.statements?.length !== 1) {
    // Not one SELECT: DuckDB's parser says what it is (a syntax error, none, several).
    const extracted = await guard(() => conn.extractStatements(sql), sql);
    if (extracted.count > 1) {
      throw new SqlError(
        'FAILED_TYPE_NOT_ALLOWED',
        `only one statement can run at a time; found ${extracted.count}`,
      );
    }
    throw new SqlError('FAILED_TYPE_NOT_ALLOWED', NOT_A_READ);
  }
  return preparedColumns(conn, sql, StatementType.SELECT);
}

/**
 * The columns of `sql` as DuckDB prepares it, when it is a statement of `type` without SQL
 * parameters; else a FAILED_TYPE_NOT_ALLOWED error that says what it is.
 */
async function preparedColumns(conn: DuckDBConnection, sql: string, type: StatementType) {
  const prepared = await guard(() => conn.prepare(sql), sql);
  try {
    if (prepared.statementType !== type) {
      throw new SqlError(
        'FAILED_TYPE_NOT_ALLOWED',
        `${NOT_A_READ}; this is a ${StatementType[prepared.statementType]} statement`,
      );
    }
    if (prepared.parameterCount > 0) {
      throw new SqlError(
        'FAILED_TYPE_NOT_ALLOWED',
        'SQL parameters ($1, ?) are not supported; use {{name}} parameters',
      );
    }
    const columns: { name: string; type: string }[] = [];
    for (let i = 0; i < prepared.columnCount; i++) {
      columns.push({ name: prepared.columnName(i), type: prepared.columnType(i).toString() });
    }
    return columns;
  } finally {
    prepared.destroySync();
  }
}

/**
 * `EXPLAIN`, `EXPLAIN ANALYZE` or `EXPLAIN (ANALYZE, FORMAT json)` (DuckDB's options) at the
 * start of `sql`, after any blanks and comments: the statement it explains; null otherwise (also
 * for options this does not know, and a parenthesized statement, which read as options).
 */
const EXPLAIN_PREFIX =
  /^EXPLAIN(?:\s+ANALYZE|\s*\(\s*(?:ANALYZE|FORMAT\s+(?:TEXT|JSON|HTML|GRAPHVIZ))(?:\s*,\s*(?:ANALYZE|FORMAT\s+(?:TEXT|JSON|HTML|GRAPHVIZ)))*\s*\))?\s+(?!\()/i;

export function explainedStatement(sql: string): string | null {
  const first = lex(sql, { placeholders: false }).tokens.find(
    (t) => t.kind !== 'comment' && t.kind !== 'space',
  );
  if (first?.kind !== 'word') return null;
  const from = first.start;
  const prefix = EXPLAIN_PREFIX.exec(sql.slice(from));
  return prefix ? sql.slice(from + prefix[0].length) : null;
}

/**
 * An EXPLAIN (or EXPLAIN ANALYZE, which runs the statement and discards its rows) of exactly one
 * SELECT, as checkStatement checks it; returns the plan's columns. Analysts read a plan to see
 * what a query scans (the files a partition filter leaves out: "Scanning Files: 1/3").
 */
export async function checkExplain(conn: DuckDBConnection, sql: string, explained: string) {
  await checkStatement(conn, explained);
  return preparedColumns(conn, sql, StatementType.EXPLAIN);
}
