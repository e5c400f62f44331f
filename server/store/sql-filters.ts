import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * List filters whose SQL differs between SQLite and PostgreSQL, written once for every repository
 * (docs/decisions.md lists them). Both take lower-case input and compare case-insensitively.
 */

/**
 * Some column of `columns` contains `text`. dialect: instr() is SQLite's; PostgreSQL needs
 * strpos(lower(column), $1) > 0.
 */
export function containsText(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const tests = columns.map((c) => sql`instr(lower(${sql.ref(c)}), ${text}) > 0`);
  return sql<SqlBool>`(${sql.join(tests, sql` OR `)})`;
}

/**
 * The JSON array of strings in `column` holds one of `values`. dialect: json_each() over the JSON
 * text is SQLite's; PostgreSQL needs jsonb_array_elements_text(column::jsonb).
 */
export function jsonArrayHasAny(column: string, values: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(${sql.ref(column)}) e WHERE lower(e.value) IN (${sql.join([...values])}))`;
}
