import { UPLOAD_LIMITS } from '../../../contract/rules/limits';
import { uploadNameProblem } from '../../../contract/rules/names';

/**
 * Names of uploads suggested from a CSV file, and checked as the service checks them (the rule
 * itself: contract/rules/names.ts).
 */

const MAX_NAME_LENGTH = UPLOAD_LIMITS.name;

/**
 * A valid name suggested for a CSV header (or a file name): lower case, accents dropped, every
 * run of other characters turned into one "_", a leading digit prefixed with "_"; `fallback`
 * when nothing is left.
 */
export function sanitizeName(raw: string, fallback: string): string {
  const base = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base === '') return fallback;
  const name = /^[0-9]/.test(base) ? `_${base}` : base;
  return name.slice(0, MAX_NAME_LENGTH);
}

/** Suggested column names for a header: sanitized, and made unique with _2, _3, … */
export function suggestColumnNames(header: readonly string[]): string[] {
  const used = new Set<string>();
  return header.map((raw, i) => {
    const base = sanitizeName(raw, `column_${i + 1}`);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, MAX_NAME_LENGTH - 6)}_${n}`;
    used.add(name);
    return name;
  });
}

/** A table name suggested by a file name: "Sales 2024.csv" → "sales_2024". */
export const tableNameFromFile = (fileName: string) =>
  sanitizeName(fileName.replace(/\.[^.]*$/, ''), 'my_table');

/** Per column: why its name is not usable (rule or a duplicate), or null. */
export function columnNameErrors(names: readonly string[]): (string | null)[] {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return names.map(
    (n) =>
      uploadNameProblem(n) ?? ((counts.get(n) ?? 0) > 1 ? 'Another column has this name' : null),
  );
}
