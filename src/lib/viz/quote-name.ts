import { quoteIdent } from '../sql-names';

/** `columns=` for these names (duplicates dropped, order kept). */
export function columnsParam(names: readonly string[]): string {
  return [...new Set(names)].map(quoteIdent).join(',');
}
