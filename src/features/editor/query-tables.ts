import { queryReferences } from '../../../shared/sql/query-references';
import type { CatalogColumn, QueryTable } from './catalog';

/** At most this many referenced queries have their columns looked up (one request each). */
export const MAX_REFERENCED_QUERIES = 20;

/** A `query_<id>` the SQL reads, by the name it reads it (see QueryReference). */
export type ReferencedQuery = { name: string; queryId: number };

/**
 * The `query_<id>` tables `sql` reads, each name once, of its first MAX_REFERENCED_QUERIES
 * distinct ids (a reference written wrongly is the run's to report, not the editor's here).
 */
export function referencedQueries(sql: string): ReferencedQuery[] {
  const ids = new Set<number>();
  const byName = new Map<string, ReferencedQuery>();
  for (const { name, queryId } of queryReferences(sql).refs) {
    if (!ids.has(queryId)) {
      if (ids.size === MAX_REFERENCED_QUERIES) continue;
      ids.add(queryId);
    }
    if (!byName.has(name)) byName.set(name, { name, queryId });
  }
  return [...byName.values()];
}

/** A result's columns as the catalog holds them (a result says nothing of nullability). */
export const resultColumns = (metadata: {
  column_names: readonly string[];
  column_types: readonly string[];
}): CatalogColumn[] =>
  metadata.column_names.map((name, i) => ({
    name,
    type: metadata.column_types[i] ?? '',
    nullable: true,
  }));

/**
 * The tables the references read, from what is known of each query: its latest result's columns
 * (null: none, or not readable) and its name.
 */
export const queryTables = (
  refs: readonly ReferencedQuery[],
  columnsOf: ReadonlyMap<number, CatalogColumn[] | null>,
  nameOf: ReadonlyMap<number, string>,
): QueryTable[] =>
  refs.map(({ name, queryId }) => ({
    name,
    queryId,
    queryName: nameOf.get(queryId) ?? null,
    columns: columnsOf.get(queryId) ?? null,
  }));
