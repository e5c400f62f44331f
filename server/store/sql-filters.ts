import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './store.js';

/**
 * List filters whose SQL differs between SQLite and PostgreSQL, written once for every repository
 * (docs/decisions.md lists them). Both take lower-case input and compare case-insensitively.
 */

/**
 * Some column of `columns` contains `text`. dialect: instr() is SQLite's; PostgreSQL has
 * strpos(). Neither reads `text` as a pattern (no LIKE wildcards to escape).
 */
export function containsText(
  dialect: Dialect,
  columns: readonly string[],
  text: string,
): RawBuilder<SqlBool> {
  const tests = columns.map((c) =>
    dialect === 'postgres'
      ? sql`strpos(lower(${sql.ref(c)}), ${text}) > 0`
      : sql`instr(lower(${sql.ref(c)}), ${text}) > 0`,
  );
  return sql<SqlBool>`(${sql.join(tests, sql` OR `)})`;
}

/**
 * The JSON array of strings in `column` (JSON text) holds one of `values`. dialect: json_each()
 * is SQLite's; PostgreSQL reads the text as jsonb and lists it with jsonb_array_elements_text().
 */
export function jsonArrayHasAny(
  dialect: Dialect,
  column: string,
  values: readonly string[],
): RawBuilder<SqlBool> {
  const list = sql.join([...values]);
  return dialect === 'postgres'
    ? // jsonb refuses the escape \u0000 (JSON text may hold it: a value with NUL); it is read
      // as U+FFFD, as the store keeps NUL in text.
      sql<SqlBool>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(replace(${sql.ref(column)}, '\\u0000', '\\ufffd')::jsonb) e(value) WHERE lower(e.value) IN (${list}))`
    : sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(${sql.ref(column)}) e WHERE lower(e.value) IN (${list}))`;
}
