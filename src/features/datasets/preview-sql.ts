import { sqlTableName } from '../../lib/sql-names';

/** The rows the dataset page previews. */
export const PREVIEW_ROWS = 20;

export const previewSql = (fullName: string) =>
  `SELECT * FROM ${sqlTableName(fullName)} LIMIT ${PREVIEW_ROWS}`;

/** The SQL of "New query from this table". */
export const newQuerySql = (fullName: string) =>
  `SELECT\n  *\nFROM\n  ${sqlTableName(fullName)}\nLIMIT\n  100`;
