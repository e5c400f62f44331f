/** Full names of uploaded tables, `dune.<namespace>.<table>`, and how SQL writes them. */

/** `dune.<namespace>.<table>` → its parts. */
export function splitFullName(fullName: string): { namespace: string; table: string } {
  const [, namespace = '', ...rest] = fullName.split('.');
  return { namespace, table: rest.join('.') };
}

/** A name part as SQL reads it: bare when it may be, else double-quoted (handles may have "-"). */
export const sqlName = (part: string) =>
  /^[a-z_][a-z0-9_]*$/.test(part) ? part : `"${part.replaceAll('"', '""')}"`;

/** `dune.<namespace>.<table>` as SQL: dune."my-team".sales. */
export const fullNameSql = (fullName: string) => fullName.split('.').map(sqlName).join('.');

/** The query that "Open in editor" starts with. */
export const exampleSql = (fullName: string) => `SELECT * FROM ${fullNameSql(fullName)} LIMIT 100`;
