import {
  COLUMN_TYPES,
  MAX_COLUMNS,
  MAX_NAME_LENGTH,
  NAME_RULE,
  type ColumnType,
} from '../../contract/uploads.js';
import { UPLOAD_NAME_PATTERN } from '../../contract/rules/names.js';
import { invalid } from '../errors.js';

export { COLUMN_TYPES, MAX_COLUMNS, MAX_NAME_LENGTH, NAME_RULE, type ColumnType };

/**
 * Column types of uploaded tables (the hosted service's names) and how each is stored in the
 * table's Parquet snapshot. uint256 and int256 do not fit any Parquet number (HUGEINT holds 38
 * digits, uint256 needs 78), so they are stored as VARCHAR holding canonical decimal digits
 * (no leading zeros, no "+", "-0" is "0"), checked against the type's range on the way in.
 */

export const STORAGE_TYPE: Record<ColumnType, string> = {
  varchar: 'VARCHAR',
  varbinary: 'BLOB',
  bigint: 'BIGINT',
  integer: 'INTEGER',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
  timestamp: 'TIMESTAMP',
  date: 'DATE',
  uint256: 'VARCHAR',
  int256: 'VARCHAR',
};

/** `description`: what the column holds (for a CSV upload, the header it was named from). */
export type UploadColumn = {
  name: string;
  type: ColumnType;
  nullable: boolean;
  description?: string;
};

/** A table or column name, lower-cased; 400 naming the rule when it breaks it. */
export function checkName(kind: 'table' | 'column', raw: string): string {
  const name = raw.toLowerCase();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH || !UPLOAD_NAME_PATTERN.test(name)) {
    const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
    throw invalid(`invalid ${kind} name "${shown}": ${NAME_RULE}`);
  }
  return name;
}

/** The declared type of a column, case-insensitive; 400 listing the types otherwise. */
export function checkType(column: string, raw: unknown): ColumnType {
  const type = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!(COLUMN_TYPES as readonly string[]).includes(type)) {
    const shown = typeof raw === 'string' ? `"${raw.slice(0, 60)}"` : JSON.stringify(raw);
    throw invalid(
      `column "${column}": unsupported type ${shown}; use one of ${COLUMN_TYPES.join(', ')}`,
    );
  }
  return type as ColumnType;
}

/** Checks a declared schema: 1..1000 columns, valid unique names, known types. */
export function checkSchema(
  schema: readonly {
    name: string;
    type: unknown;
    nullable?: boolean | null;
    description?: string | null;
  }[],
): UploadColumn[] {
  if (schema.length === 0) throw invalid('schema: a table needs at least one column');
  if (schema.length > MAX_COLUMNS)
    throw invalid(`schema: at most ${MAX_COLUMNS} columns (got ${schema.length})`);
  const seen = new Set<string>();
  return schema.map((c) => {
    const name = checkName('column', c.name);
    if (seen.has(name)) throw invalid(`schema: duplicate column "${name}"`);
    seen.add(name);
    const column = { name, type: checkType(name, c.type), nullable: c.nullable ?? true };
    return c.description ? { ...column, description: c.description } : column;
  });
}

export const UINT256_MAX = (2n ** 256n - 1n).toString();
export const INT256_MAX = (2n ** 255n - 1n).toString();
export const INT256_MIN_ABS = (2n ** 255n).toString();

/** An identifier as SQL may write it unquoted, or double-quoted when it must be. */
export function sqlName(part: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(part) ? part : `"${part.replaceAll('"', '""')}"`;
}
