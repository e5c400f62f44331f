import type {
  Dataset,
  SearchDatasetResult,
  SearchDatasetsResponse,
} from '../../contract/datasets.js';
import type { CatalogViewer } from './datasets.js';
import type { CatalogEntry } from './datasets-repo.js';

/** Shapes catalog entries as the wire wants them (Dataset, search results, pagination). */

/**
 * Columns that make good filters (time and partition columns), marked `filtering_column` on
 * built-in tables unless their metadata lists `filtering_columns` itself.
 */
const FILTERING_COLUMNS = new Set([
  'block_date',
  'block_time',
  'date',
  'time',
  'minute',
  'evt_block_time',
  'evt_block_date',
  'call_block_time',
  'call_block_date',
]);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The search answer: results and pagination (`next_offset` only when `has_more`). */
export function searchResponse(
  viewer: CatalogViewer,
  entries: CatalogEntry[],
  total: number,
  limit: number,
  offset: number,
  include: { schema: boolean; metadata: boolean },
): SearchDatasetsResponse {
  const hasMore = offset + entries.length < total;
  return {
    total,
    results: entries.map((e) => toSearchResult(viewer, e, include)),
    pagination: {
      limit,
      offset,
      ...(hasMore ? { next_offset: offset + entries.length } : {}),
      has_more: hasMore,
    },
  };
}

/** Where an entry stands relative to the caller (a result's `owner_scope`). */
export function ownerScopeOf(viewer: CatalogViewer, e: Pick<CatalogEntry, 'owner_id'>) {
  if (e.owner_id === null) return 'dune' as const;
  if (e.owner_id === viewer.contextId) return 'me' as const;
  if (viewer.teamIds.includes(e.owner_id)) return 'team' as const;
  return 'community' as const;
}

/** One search result; `schema` and `metadata` only when asked for. */
export function toSearchResult(
  viewer: CatalogViewer,
  e: CatalogEntry,
  include: { schema: boolean; metadata: boolean },
): SearchDatasetResult {
  const m = e.metadata;
  const pageRank = typeof m.page_rank_score === 'number' ? m.page_rank_score : 0;
  return {
    full_name: e.full_name,
    category: e.category,
    dataset_type: e.dataset_type,
    blockchains: e.blockchains,
    visibility: e.is_private ? 'private' : 'public',
    owner_scope: ownerScopeOf(viewer, e),
    description: e.description,
    ...(include.schema
      ? { schema: e.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable })) }
      : {}),
    ...(include.metadata
      ? {
          metadata: {
            page_rank_score: pageRank,
            description: e.description,
            ...optional('abi_type', str(m.abi_type)),
            ...optional('contract_name', str(m.contract_name)),
            ...optional('project_name', str(m.project_name)),
            ...optional('spell_type', str(m.spell_type)),
            ...(m.spell_metadata !== undefined ? { spell_metadata: m.spell_metadata } : {}),
          },
        }
      : {}),
  };
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/**
 * What an imported dataset's metadata (kind `dataset`) shows users: its partitioning, the time
 * of its import and, once rows were added, of its last append. The rest stays on the server:
 * above all `source`, the operator's path on the server's disk, and the layout flag `hive`
 * (partition_columns says it).
 */
const DATASET_KEYS = ['partition_columns', 'partitions', 'imported_at', 'appended_at'] as const;

/**
 * The import and append times of a dataset's metadata. A table imported before `imported_at`
 * was kept has only `appended_at`, the time of its last import or append: that is shown as its
 * import time, never as an append nobody made.
 */
function importTimes(metadata: Record<string, unknown>): Record<string, unknown> {
  if (metadata.imported_at !== undefined) return metadata;
  const { appended_at, ...rest } = metadata;
  return appended_at === undefined ? rest : { ...rest, imported_at: appended_at };
}

/**
 * The lake metadata a Dataset carries: an imported dataset's public keys (DATASET_KEYS, and
 * `linked`, whether its files are registered where they are rather than copied); other tables'
 * metadata as it is, without `source`. Then the table's rows and bytes.
 */
function publicMetadata(
  e: Pick<CatalogEntry, 'kind' | 'metadata' | 'row_count' | 'size_bytes'>,
): Record<string, unknown> {
  let shown: Record<string, unknown>;
  if (e.kind === 'dataset') {
    shown = { linked: e.metadata.linked === true };
    const metadata = importTimes(e.metadata);
    for (const k of DATASET_KEYS) if (metadata[k] !== undefined) shown[k] = metadata[k];
  } else {
    shown = Object.fromEntries(Object.entries(e.metadata).filter(([k]) => k !== 'source'));
  }
  return { ...shown, row_count: e.row_count, size_bytes: e.size_bytes };
}

/** The Dataset of GET /datasets and GET /datasets/{slug}. */
export function toDataset(e: CatalogEntry): Dataset {
  const listed = Array.isArray(e.metadata.filtering_columns)
    ? new Set(strings(e.metadata.filtering_columns))
    : e.owner_id === null
      ? new Set([...FILTERING_COLUMNS, ...strings(e.metadata.partition_columns)])
      : new Set<string>();
  return {
    full_name: e.full_name,
    type: e.dataset_type,
    owner: { handle: e.owner.handle, type: e.owner.type },
    columns: e.columns.map((c) => ({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      metadata: { description: c.description ?? '', filtering_column: listed.has(c.name) },
    })),
    metadata: {
      description: e.description,
      category: e.category,
      blockchains: e.blockchains,
      ...publicMetadata(e),
    },
    is_private: e.is_private,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
