import { isColumnType } from '../../../contract/rules/enums';
import { inferColumnTypes } from './infer-types';
import { suggestColumnNames } from './names';
import type { Preview } from './preview';
import type { ColumnDraft } from './types-step';

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
