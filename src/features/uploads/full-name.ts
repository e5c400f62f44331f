import { quoteIdent } from '../../lib/sql-names';

/** Full names of uploaded tables, `dune.<namespace>.<table>`, and how SQL writes them. */

/** `dune.<namespace>.<table>` → its parts. */
export function splitFullName(fullName: string): { namespace: string; table: string } {
  const [, namespace = '', ...rest] = fullName.split('.');
  return { namespace, table: rest.join('.') };
}

/** `dune.<namespace>.<table>` as SQL: dune."my-team".sales. */
export const fullNameSql = (fullName: string) => fullName.split('.').map(quoteIdent).join('.');

/** The query that "Open in editor" starts with. */
export const exampleSql = (fullName: string) => `SELECT * FROM ${fullNameSql(fullName)} LIMIT 100`;
