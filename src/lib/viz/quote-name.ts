const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A column name as the service's `columns` and `sort_by` grammars read it. */
export function quoteName(name: string): string {
  return PLAIN.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** `columns=` for these names (duplicates dropped, order kept). */
export function columnsParam(names: readonly string[]): string {
  return [...new Set(names)].map(quoteName).join(',');
}
