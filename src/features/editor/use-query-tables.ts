import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  editorKeys,
  referenceColumnsOptions,
  referenceNameOptions,
  savedQueriesOptions,
  type ReferenceColumns,
} from './api';
import { addQueryTables, type Catalog, type CatalogColumn, type SavedQueryLike } from './catalog';
import { queryTables, referencedQueries } from './query-tables';

/** How long the text rests before its `query_<id>` references are read again. */
const REFERENCES_DELAY_MS = 300;

const NO_QUERIES: SavedQueryLike[] = [];

// Stable, so useQueries recombines only when a result changes.
const columnData = (results: UseQueryResult<ReferenceColumns | null>[]) =>
  results.map((r) => r.data);
const nameData = (results: UseQueryResult<string>[]) => results.map((r) => r.data);

/**
 * `base` with what completion needs of saved queries: the context's queries for `query_`, and
 * the columns (and name) of each query the SQL references, so `select q.| from query_12 q`
 * completes its columns and hovering `query_12` describes it. The text is read once typing
 * pauses; a lookup older than its stale time is asked again then (a result may have appeared
 * since, for instance by the run of this SQL).
 */
export function useQueryTables(ctx: string, base: Catalog, sql: string): Catalog {
  const qc = useQueryClient();
  const [settled] = useDebouncedValue(sql, REFERENCES_DELAY_MS);
  const refs = useMemo(() => referencedQueries(settled), [settled]);
  const ids = useMemo(() => [...new Set(refs.map((r) => r.queryId))], [refs]);
  const { data: saved = NO_QUERIES } = useQuery(savedQueriesOptions(ctx));

  const looked = useQueries({
    queries: ids.map((id) => referenceColumnsOptions(ctx, id)),
    combine: columnData,
  });
  const columnsOf = useMemo(
    () =>
      new Map<number, CatalogColumn[] | null>(ids.map((id, i) => [id, looked[i]?.columns ?? null])),
    [ids, looked],
  );

  // The name of a readable query that is not the context's own comes from its detail.
  const own = useMemo(() => new Map(saved.map((q) => [q.id, q.name])), [saved]);
  const others = useMemo(
    () => ids.filter((id) => !own.has(id) && columnsOf.get(id) != null),
    [ids, own, columnsOf],
  );
  const otherNames = useQueries({
    queries: others.map((id) => referenceNameOptions(ctx, id)),
    combine: nameData,
  });
  const nameOf = useMemo(() => {
    const names = new Map(own);
    others.forEach((id, i) => {
      const name = otherNames[i];
      if (name !== undefined) names.set(id, name);
    });
    return names;
  }, [own, others, otherNames]);

  useEffect(() => {
    for (const id of ids)
      void qc.refetchQueries(
        { queryKey: editorKeys.referenceColumns(ctx, id), exact: true, stale: true },
        { cancelRefetch: false },
      );
  }, [qc, ctx, ids]);

  return useMemo(
    () => addQueryTables(base, saved, queryTables(refs, columnsOf, nameOf)),
    [base, saved, refs, columnsOf, nameOf],
  );
}
