import type { ColumnType } from '../../../contract/uploads';

export type Mode = 'new' | 'append' | 'replace';

/** `description`: the CSV header the name was cleaned from, when it says more than the name. */
export type SchemaColumn = {
  name: string;
  type: ColumnType;
  nullable: boolean;
  description?: string;
};
/** A column of an existing table, as the uploads list shows it. */
export type TableColumn = { name: string; type: string; nullable: boolean };

/** What the upload does, in order. `replace` inserts the rows in place of the table's, in one step. */
export type Action = 'delete' | 'create' | 'clear' | 'insert' | 'replace';

export type Plan =
  /** The upload cannot go ahead: why (one line each). */
  | { ok: false; problems: string[] }
  /** `confirm` asks the user first (a replace that deletes the table to change its columns). */
  | { ok: true; actions: Action[]; confirm: string | null; note: string | null };

/**
 * How the chosen columns differ from a table's: a column the table does not have, a different
 * type, or a column of the table that the file leaves out although it may not be empty.
 */
export function schemaDifferences(
  table: readonly TableColumn[],
  chosen: readonly SchemaColumn[],
): string[] {
  const byName = new Map(table.map((c) => [c.name, c]));
  const out: string[] = [];
  for (const c of chosen) {
    const t = byName.get(c.name);
    if (!t) out.push(`The table has no column "${c.name}".`);
    else if (t.type !== c.type)
      out.push(`Column "${c.name}" is ${t.type} in the table, ${c.type} here.`);
  }
  const inFile = new Set(chosen.map((c) => c.name));
  for (const t of table)
    if (!inFile.has(t.name) && !t.nullable)
      out.push(`Column "${t.name}" of the table is missing from the file and may not be empty.`);
  return out;
}

/**
 * The steps of an upload. New: create the table, then insert (409 if the name is taken, so an
 * existing name is a problem here). Append: insert into the existing table, whose columns must
 * match. Replace: one insert that replaces the rows when the columns match (the table keeps its
 * schema and, if a row does not fit, its rows), else
 * delete, create and insert, after the user confirms.
 */
export function planUpload(
  mode: Mode,
  tableName: string,
  existing: { columns: readonly TableColumn[] } | undefined,
  chosen: readonly SchemaColumn[],
): Plan {
  if (mode === 'new') {
    if (existing)
      return {
        ok: false,
        problems: [`A table named "${tableName}" exists: append to it or replace it.`],
      };
    return { ok: true, actions: ['create', 'insert'], confirm: null, note: null };
  }
  if (!existing) {
    if (mode === 'append')
      return { ok: false, problems: [`There is no table named "${tableName}" to append to.`] };
    return { ok: true, actions: ['create', 'insert'], confirm: null, note: null };
  }
  const differences = schemaDifferences(existing.columns, chosen);
  if (mode === 'append')
    return differences.length
      ? { ok: false, problems: differences }
      : { ok: true, actions: ['insert'], confirm: null, note: null };
  if (differences.length === 0)
    return {
      ok: true,
      actions: ['replace'],
      confirm: null,
      note: 'Replace keeps the columns of the table and swaps its rows for the rows of this file in one step: if a row does not load, the table keeps its rows.',
    };
  return {
    ok: true,
    actions: ['delete', 'create', 'insert'],
    confirm: `The columns of this file differ from the table's:\n${differences.join('\n')}\nReplacing deletes "${tableName}" and creates it again with the new columns.`,
    note: null,
  };
}
