import { duckdb, formatDialect, trino } from 'sql-formatter';
import type { Dialect } from '../../../contract/rules/enums';
import { PLACEHOLDER_PATTERN } from '../../../shared/sql/lexer';

// formatDialect with the two dialects named keeps the formatter's others out of the bundle.
const FORMATTER_DIALECT = { duckdb, dunesql: trino } as const;

/**
 * DuneSQL's varbinary literals, kept exactly as written: the formatter's Trino reads `0xab` as
 * a number but refuses `0XAB`, and a malformed one (`0xzz`) is for the run to name, not the
 * formatter. An identifier (`a0x1`) or number (`10x`) around it is lexed before this applies.
 */
const HEX_LITERAL = '0[xX][0-9a-zA-Z_]*';

/**
 * Formats SQL in its dialect (DuneSQL as Trino). Only layout changes: keyword and identifier case
 * are kept (an upper-cased alias would rename a result column). Throws when the SQL cannot be
 * parsed.
 */
export function formatSql(sql: string, dialect: Dialect): string {
  if (!sql.trim()) return sql;
  // Strata's `{{name}}` placeholders (the server's rule), kept exactly as written.
  const custom = [{ regex: PLACEHOLDER_PATTERN }];
  if (dialect === 'dunesql') custom.push({ regex: HEX_LITERAL });
  let formatted: string;
  try {
    formatted = formatDialect(sql, {
      dialect: FORMATTER_DIALECT[dialect],
      tabWidth: 2,
      keywordCase: 'preserve',
      linesBetweenQueries: 1,
      paramTypes: { custom },
    });
  } catch (err) {
    // The formatter's parse errors run to hundreds of lines; the first one says what is wrong.
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new Error(first || 'could not format the SQL');
  }
  return sql.endsWith('\n') ? `${formatted}\n` : formatted;
}
