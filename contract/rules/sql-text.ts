/**
 * SQL text the engine can be given, defined once: no NUL character. DuckDB's parser stops at
 * the first one (the rest of the statement would be cut off unseen), and PostgreSQL's text,
 * which a cluster's store is, cannot hold it. The server refuses such SQL with 400 where it
 * arrives (ad-hoc runs, saved queries); the sandbox refuses it again before it runs.
 */
export const SQL_NUL_RULE = 'SQL must not contain a NUL character';

export function hasNul(sql: string): boolean {
  return sql.includes('\u0000');
}
