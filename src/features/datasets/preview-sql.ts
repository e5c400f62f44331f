import { quoteIdent, sqlTableName } from '../../lib/sql-names';

/** The rows the dataset page previews. */
export const PREVIEW_ROWS = 20;

export const previewSql = (fullName: string) =>
  `SELECT * FROM ${sqlTableName(fullName)} LIMIT ${PREVIEW_ROWS}`;

/** The days a new query of a table partitioned by a date reads. */
export const PARTITION_DAYS = 7;

/** A partition column and its SQL type (`DATE`, `VARCHAR`, ...). */
export type PartitionColumn = { name: string; type: string };

/**
 * The filter a new query of a partitioned table starts with, so its first run reads a few
 * files, not all: the last PARTITION_DAYS days on a date or timestamp column (valid DuneSQL and
 * DuckDB); on any other column a commented line to fill in, as no value is known.
 */
function partitionFilter(p: PartitionColumn): string {
  const col = quoteIdent(p.name);
  const note = `-- ${p.name} is the partition column: a filter on it reads only the matching files`;
  if (/^(date|timestamp)/i.test(p.type.trim()))
    return `WHERE\n  ${note}\n  ${col} >= CURRENT_DATE - INTERVAL '${PARTITION_DAYS}' DAY\n`;
  return `${note}\n-- WHERE ${col} = '...'\n`;
}

/** The SQL of "New query from this table", with a filter on its first partition column if any. */
export const newQuerySql = (fullName: string, partition?: PartitionColumn) =>
  `SELECT\n  *\nFROM\n  ${sqlTableName(fullName)}\n${partition ? partitionFilter(partition) : ''}LIMIT\n  100`;
