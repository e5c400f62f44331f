import { duckdb, formatDialect } from 'sql-formatter';
import { PLACEHOLDER_PATTERN } from '../../../shared/sql/lexer';

/**
 * Formats SQL in DuckDB's dialect. Only layout changes: keyword and identifier case are kept
 * (an upper-cased alias would rename a result column). Throws when the SQL cannot be parsed.
 */
export function formatSql(sql: string): string {
  if (!sql.trim()) return sql;
  let formatted: string;
  try {
    // formatDialect with the DuckDB dialect alone keeps the other dialects out of the bundle.
    formatted = formatDialect(sql, {
      dialect: duckdb,
      tabWidth: 2,
      keywordCase: 'preserve',
      linesBetweenQueries: 1,
      // Strata's `{{name}}` placeholders (the server's rule), kept exactly as written.
      paramTypes: { custom: [{ regex: PLACEHOLDER_PATTERN }] },
    });
  } catch (err) {
    // The formatter's parse errors run to hundreds of lines; the first one says what is wrong.
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new Error(first || 'could not format the SQL');
  }
  return sql.endsWith('\n') ? `${formatted}\n` : formatted;
}
