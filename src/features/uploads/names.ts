import { cleanColumnNames, cleanName, uploadNameProblem } from '../../../contract/rules/names';

/**
 * Names of uploads suggested from a CSV file, and checked as the service checks them (the rules
 * themselves, cleaning included: contract/rules/names.ts, shared with POST /uploads/csv and
 * imported datasets so a header gets the same name through every door).
 */

/** Suggested column names for a header: cleaned, and made unique with _2, _3, … */
export const suggestColumnNames = (header: readonly string[]) => cleanColumnNames(header);

/** A table name suggested by a file name: "Sales 2024.csv" → "sales_2024". */
export const tableNameFromFile = (fileName: string) =>
  cleanName(fileName.replace(/\.[^.]*$/, '')) || 'my_table';

/** Per column: why its name is not usable (rule or a duplicate), or null. */
export function columnNameErrors(names: readonly string[]): (string | null)[] {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return names.map(
    (n) =>
      uploadNameProblem(n) ?? ((counts.get(n) ?? 0) > 1 ? 'Another column has this name' : null),
  );
}
