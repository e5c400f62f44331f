import type { Dialect } from '../../contract/rules/enums.js';
import { DUNESQL_MACROS } from '../../shared/sql/dunesql/functions.js';
import { DuneSqlError, rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import type { SqlMark } from '../../shared/sql/offsets.js';
import { SqlError } from './sql-errors.js';

// What a run's dialect means to the engine, in one place: the SQL DuckDB runs for it, and what
// an instance that runs it is set up with (the sandbox, and the binding of lineage).

/**
 * The DuckDB SQL to run for `sql` (its `{{parameters}}` rendered) written in `dialect`: DuneSQL
 * rewritten (shared/sql/dunesql/rewrite.ts), with `marks` saying where each rewritten piece was
 * in `sql`; DuckDB SQL as it is. DuneSQL the rewrite cannot run is a syntax error at its place
 * in `sql`, reported as any error of the parser (a failed execution with a line and column).
 */
export function engineSql(sql: string, dialect: Dialect): { sql: string; marks: SqlMark[] } {
  if (dialect !== 'dunesql') return { sql, marks: [] };
  try {
    return rewriteDuneSql(sql);
  } catch (err) {
    if (err instanceof DuneSqlError) throw new SqlError('syntax_error', err.message, err.start);
    throw err;
  }
}

/**
 * Settings that change how DuckDB parses SQL, each to run on its own before any other statement
 * of the instance: DuckDB parses every statement of a text before it runs the first, so a
 * setting in the same text as a query comes too late for it. DuneSQL divides integers as Trino
 * does (`7 / 2` is 3), and its macros (below) are parsed that way too.
 */
export const parserSettings = (dialect: Dialect): readonly string[] =>
  dialect === 'dunesql' ? ['SET integer_division = true'] : [];

/**
 * What the dialect defines in an instance, run in its set-up after parserSettings and before its
 * configuration is locked: DuneSQL's functions that DuckDB has no built-in for, as macros.
 */
export const dialectDefinitions = (dialect: Dialect): readonly string[] =>
  dialect === 'dunesql' ? DUNESQL_MACROS : [];
