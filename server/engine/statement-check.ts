import { StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { firstColumn } from './duck.js';
import { guard, SqlError } from './sql-errors.js';

// The check every statement passes before it runs in a sandbox (engine/sandbox.ts) or is bound
// to its tables (engine/bound-tables.ts): DuckDB's own parser and binder decide.

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
    throw new SqlError('FAILED_TYPE_NOT_ALLOWED', 'only read statements (SELECT) can run');
  }
  const prepared = await guard(() => conn.prepare(sql), sql);
  try {
    if (prepared.statementType !== StatementType.SELECT) {
      throw new SqlError(
        'FAILED_TYPE_NOT_ALLOWED',
        `only read statements (SELECT) can run; this is a ${StatementType[prepared.statementType]} statement`,
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
