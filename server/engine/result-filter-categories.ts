import type { DuckType } from './result-types.js';

/** What a DuckDB column type can be compared with in `filters` (result-filters.ts). */
export type Category = 'number' | 'text' | 'temporal' | 'boolean' | 'blob' | 'nested' | 'other';

const NUMBER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
  'VARINT',
  'FLOAT',
  'DOUBLE',
]);
const TEXT_TYPES = new Set(['VARCHAR', 'UUID', 'JSON', 'BIT']);
const TEMPORAL_TYPES = new Set([
  'DATE',
  'TIME',
  'TIME WITH TIME ZONE',
  'TIMESTAMP',
  'TIMESTAMP_S',
  'TIMESTAMP_MS',
  'TIMESTAMP_NS',
  'TIMESTAMP WITH TIME ZONE',
  'INTERVAL',
]);

export function categoryOf(t: DuckType): Category {
  switch (t.kind) {
    case 'decimal':
      return 'number';
    case 'enum':
      return 'text';
    case 'list':
    case 'struct':
    case 'map':
    case 'union':
      return 'nested';
    case 'scalar':
      if (NUMBER_TYPES.has(t.name)) return 'number';
      if (TEXT_TYPES.has(t.name)) return 'text';
      if (TEMPORAL_TYPES.has(t.name)) return 'temporal';
      if (t.name === 'BOOLEAN') return 'boolean';
      if (t.name === 'BLOB') return 'blob';
      return 'other';
    default:
      return 'other';
  }
}

export const CATEGORY_NAME: Record<Category, string> = {
  number: 'a number',
  text: 'a text',
  temporal: 'a date/time',
  boolean: 'a boolean',
  blob: 'a binary',
  nested: 'a list/struct/map',
  other: 'an',
};
