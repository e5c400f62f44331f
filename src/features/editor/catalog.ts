import { nameParts } from '../../lib/sql-names';

/** What the editor knows about the datasets of the active context, indexed for lookups. */
export type CatalogColumn = { name: string; type: string; nullable: boolean };
export type CatalogTable = {
  fullName: string;
  /** `dex.trades` → ['dex', 'trades']. */
  parts: string[];
  type: string;
  columns: CatalogColumn[];
  /** Set when the table is a saved query's result that `query_<id>` reads (see addQueryTables). */
  query?: QueryTableInfo;
};

/** The saved query behind a `query_<id>` table: its name when known, whether it has a result. */
export type QueryTableInfo = { id: number; name: string | null; hasResult: boolean };

/** A saved query `query_<id>` completes to. */
export type SavedQueryLike = { id: number; name: string };

export type Catalog = {
  tables: CatalogTable[];
  /** Lower-cased full name → table. */
  byName: Map<string, CatalogTable>;
  /** Lower-cased last name part → tables (for `FROM trades` without a schema). */
  byLastPart: Map<string, CatalogTable[]>;
  /** The context's saved queries, most recently updated first: what `query_` completes to. */
  savedQueries: readonly SavedQueryLike[];
};

/** The wire's dataset, as far as the editor needs it. */
export type DatasetLike = {
  full_name: string;
  type: string;
  columns: CatalogColumn[];
};

export function buildCatalog(datasets: readonly DatasetLike[]): Catalog {
  const tables = datasets.map((d) => ({
    fullName: d.full_name,
    parts: nameParts(d.full_name),
    type: d.type,
    columns: d.columns.map(({ name, type, nullable }) => ({ name, type, nullable })),
  }));
  const byName = new Map<string, CatalogTable>();
  const byLastPart = new Map<string, CatalogTable[]>();
  for (const t of tables) {
    byName.set(t.parts.join('.').toLowerCase(), t);
    const last = t.parts[t.parts.length - 1]!.toLowerCase();
    byLastPart.set(last, [...(byLastPart.get(last) ?? []), t]);
  }
  return { tables, byName, byLastPart, savedQueries: [] };
}

export const EMPTY_CATALOG: Catalog = buildCatalog([]);

/**
 * A `query_<id>` the SQL reads: the name it reads it by (`query_12`, or the quoted form's text
 * lower-cased, `query_12(chain='base')`), the query's name when known, and its latest result's
 * columns (null: it has none yet, or the caller cannot read it).
 */
export type QueryTable = {
  name: string;
  queryId: number;
  queryName: string | null;
  columns: CatalogColumn[] | null;
};

/**
 * `catalog` with the saved queries `query_` completes to and the tables references read. A
 * reference's name is one part whatever it holds (the quoted form has dots and quotes), so it is
 * found by that whole name; it wins over a dataset of the same name, as in a run. A reference
 * with neither columns nor a known name tells nothing and is left out.
 */
export function addQueryTables(
  catalog: Catalog,
  savedQueries: readonly SavedQueryLike[],
  references: readonly QueryTable[],
): Catalog {
  const added = new Map<string, CatalogTable>();
  for (const r of references) {
    const key = r.name.toLowerCase();
    if (added.has(key) || (r.columns === null && r.queryName === null)) continue;
    added.set(key, {
      fullName: r.name,
      parts: [r.name],
      type: 'query',
      columns: r.columns ?? [],
      query: { id: r.queryId, name: r.queryName, hasResult: r.columns !== null },
    });
  }
  if (added.size === 0) return { ...catalog, savedQueries };
  const byName = new Map(catalog.byName);
  for (const [key, t] of added) byName.set(key, t);
  return {
    tables: [...catalog.tables, ...added.values()],
    byName,
    byLastPart: catalog.byLastPart,
    savedQueries,
  };
}

/** The table a name written in SQL stands for: its full name, or a unique last part. */
export function findTable(catalog: Catalog, parts: string[]): CatalogTable | null {
  const exact = catalog.byName.get(parts.join('.').toLowerCase());
  if (exact) return exact;
  if (parts.length === 1) {
    const candidates = catalog.byLastPart.get(parts[0]!.toLowerCase()) ?? [];
    if (candidates.length === 1) return candidates[0]!;
  }
  return null;
}

/** The next name part under `prefix` (a schema's tables, or a namespace's schemas). */
export function childrenOf(
  catalog: Catalog,
  prefix: string[],
): { name: string; table: CatalogTable | null; count: number }[] {
  const lower = prefix.map((p) => p.toLowerCase());
  const out = new Map<string, { name: string; table: CatalogTable | null; count: number }>();
  for (const t of catalog.tables) {
    if (t.parts.length <= lower.length) continue;
    if (!lower.every((p, i) => t.parts[i]!.toLowerCase() === p)) continue;
    const name = t.parts[lower.length]!;
    const isLeaf = t.parts.length === lower.length + 1;
    const key = `${isLeaf ? 't' : 's'}:${name.toLowerCase()}`;
    const entry = out.get(key) ?? { name, table: isLeaf ? t : null, count: 0 };
    entry.count++;
    out.set(key, entry);
  }
  return [...out.values()];
}
