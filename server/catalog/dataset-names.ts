import { invalid } from '../errors.js';

/**
 * Names of imported datasets: `<schema>.<table>` in the default catalog, as SQL spells them
 * (`ethereum.transactions`). Each part is a plain identifier, so queries never need quotes.
 */
export type DatasetName = { schema: string; table: string };

const PART = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_PART = 128;

/**
 * Schemas a dataset may not use: `dune` is the catalog of uploads and materialized views
 * (`dune.x` would be ambiguous), the others are DuckDB's own.
 */
const RESERVED_SCHEMAS = new Set([
  'dune',
  'main',
  'memory',
  'system',
  'temp',
  'information_schema',
  'pg_catalog',
]);

/** Why `text` is not a dataset name, or null. */
export function datasetNameProblem(text: string): string | null {
  const parts = text.split('.');
  if (parts.length !== 2) return `"${text}" is not <schema>.<table>`;
  for (const part of parts) {
    if (part.length > MAX_PART) return `"${part}" is longer than ${MAX_PART} characters`;
    if (!PART.test(part))
      return `"${part}" is not a name: letters, digits and "_", not starting with a digit`;
  }
  if (RESERVED_SCHEMAS.has(parts[0]!.toLowerCase()))
    return `the schema "${parts[0]}" is reserved${parts[0]!.toLowerCase() === 'dune' ? ' for uploads and materialized views' : ''}`;
  return null;
}

/** The name's parts; an `invalid` error naming the problem when it is not one. */
export function parseDatasetName(text: string): DatasetName {
  const problem = datasetNameProblem(text);
  if (problem) throw invalid(`bad dataset name: ${problem}`);
  const [schema, table] = text.split('.') as [string, string];
  return { schema, table };
}
