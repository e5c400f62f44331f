import type { ColumnType } from '../../../contract/rules/enums';
import { inferColumnType } from '../../../contract/rules/column-inference';

/**
 * The suggested type of each column of the sampled rows (rows may be ragged), by the rule POST
 * /uploads/csv applies to a whole file (contract/rules/column-inference.ts): exact uint256 or
 * int256 for integers past 64 bits, varbinary for 0x hex, and only what the insert accepts.
 */
export function inferColumnTypes(columnCount: number, rows: readonly string[][]): ColumnType[] {
  return Array.from({ length: columnCount }, (_, i) =>
    inferColumnType(rows.map((r) => r[i] ?? '')),
  );
}
