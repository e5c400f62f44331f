import { nameParts } from '../../lib/sql-names';

/** What the editor knows about the datasets of the active context, indexed for lookups. */
export type CatalogColumn = { name: string; type: string; nullable: boolean };
export type CatalogTable = {
  fullName: string;
  /** `dex.trades` → ['dex', 'trades']. */
  parts: string[];
  type: string;
  columns: CatalogColumn[];
};

export type Catalog = {
  tables: CatalogTable[];
  /** Lower-cased full name → table. */
  byName: Map<string, CatalogTable>;
  /** Lower-cased last name part → tables (for `FROM trades` without a schema). */
  byLastPart: Map<string, CatalogTable[]>;
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
  return { tables, byName, byLastPart };
}

export const EMPTY_CATALOG: Catalog = buildCatalog([]);

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
