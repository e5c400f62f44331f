import { isColumnType } from '../../../contract/rules/enums';
import { headerDescription } from '../../../contract/rules/names';
import { inferColumnTypes } from './infer-types';
import { suggestColumnNames } from './names';
import type { Preview } from './preview';
import type { ColumnDraft } from './types-step';
import type { SchemaColumn } from './upload-plan';

/**
 * The columns the wizard starts with for a file: names suggested from its header, and types
 * inferred from its rows, or, for a column an existing target table has, the table's type.
 */
export function startColumns(
  preview: Preview,
  target?: { columns: readonly { name: string; type: string }[] },
): ColumnDraft[] {
  const names = suggestColumnNames(preview.header);
  const inferred = inferColumnTypes(preview.header.length, preview.rows);
  return preview.header.map((source, i) => {
    const name = names[i]!;
    const tableType = target?.columns.find((c) => c.name === name)?.type;
    const type = isColumnType(tableType) ? tableType : inferred[i]!;
    return { source, name, type, suggested: type };
  });
}

/**
 * The schema the upload sends for the columns as shaped: each nullable, and with the header as
 * written for its description when it says more than the name ("City Name" for city_name).
 */
export function schemaOf(columns: readonly ColumnDraft[]): SchemaColumn[] {
  return columns.map((c) => {
    const description = headerDescription(c.source, c.name);
    return { name: c.name, type: c.type, nullable: true, ...(description ? { description } : {}) };
  });
}
