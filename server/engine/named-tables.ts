/**
 * Statements that list the catalog (information_schema, duckdb_tables(), SHOW, DESCRIBE, PRAGMA
 * table functions) see every table a sandbox has, named or not.
 */
const LISTS_CATALOG = /information_schema|duckdb_|\bshow\b|\bdescribe\b|\bsummarize\b|pragma/;

/**
 * The tables of `tables` that `sql` could read: those whose name occurs in its text, since
 * identifiers are spelled out (case-insensitively) and names in string literals (query_table)
 * occur too; all of them when the SQL lists the catalog. A sandbox is given only these, so a
 * run does not pay for a view over every table the caller may read.
 */
export function tablesNamedIn<T extends { table_name: string }>(sql: string, tables: T[]): T[] {
  const text = namesTextOf(sql);
  if (text === undefined) return tables;
  return tables.filter((t) => text.includes(t.table_name.toLowerCase()));
}

/**
 * The text a store may narrow a run's tables by before tablesNamedIn (LakeRepo.visibleTo's
 * `mentionedIn`: the tables whose name occurs in it, or more), or undefined when the SQL lists
 * the catalog and every table is needed.
 */
export function namesTextOf(sql: string): string | undefined {
  const text = sql.toLowerCase();
  return LISTS_CATALOG.test(text) ? undefined : text;
}
