import type {
  DatasetType,
  OwnerScope,
  SearchDatasetsByContractRequest,
  SearchDatasetsRequest,
  SearchDatasetsResponse,
} from '../../contract/datasets.js';
import { DATASET_LIMITS } from '../../contract/datasets.js';
import type { Accounts } from '../auth/accounts.js';
import type { Principal } from '../auth/principal.js';
import type { LakeColumn, LakeTable } from '../engine/lake.js';
import { notFound } from '../errors.js';
import type { Db } from '../store/db.js';
import { parseJson } from '../store/db.js';
import {
  FULL_NAME_SQL,
  buildCatalogSql,
  parseFullName,
  type CatalogFilter,
} from './datasets-query.js';
import { searchResponse } from './datasets-wire.js';

/**
 * The dataset catalog: every lake table (demo datasets, uploads, materialized views) a context
 * may see, listed, read by full name, and searched through the FTS index of migration 002.
 *
 * Built-in tables (demo data) have no owner account; they are presented as owned by the team
 * `dune` (a reserved handle, so no account can take it).
 */

export const BUILTIN_OWNER = { handle: 'dune', type: 'team' } as const;

/** Who asks: the context (for privacy and `me`) and the teams behind `team`. */
export type Caller = { contextId: number; teamIds: number[] };

export type CatalogEntry = Omit<LakeTable, 'snapshot' | 'row_count' | 'size_bytes'> & {
  full_name: string;
  owner: { id: number | null; handle: string; type: 'user' | 'team' };
};

type Row = Omit<LakeTable, 'is_private' | 'blockchains' | 'columns' | 'metadata'> & {
  is_private: number;
  blockchains: string;
  columns: string;
  metadata: string;
  full_name: string;
  owner_handle: string | null;
  owner_type: 'user' | 'team' | null;
};

function fromRow(r: Row): CatalogEntry {
  return {
    id: r.id,
    catalog: r.catalog,
    schema_name: r.schema_name,
    table_name: r.table_name,
    full_name: r.full_name,
    owner_id: r.owner_id,
    kind: r.kind,
    dataset_type: r.dataset_type,
    category: r.category,
    is_private: r.is_private === 1,
    description: r.description,
    blockchains: parseJson<string[]>(r.blockchains, []),
    columns: parseJson<LakeColumn[]>(r.columns, []),
    metadata: parseJson<Record<string, unknown>>(r.metadata, {}),
    created_at: r.created_at,
    updated_at: r.updated_at,
    owner:
      r.owner_id === null || r.owner_handle === null || r.owner_type === null
        ? { id: null, ...BUILTIN_OWNER }
        : { id: r.owner_id, handle: r.owner_handle, type: r.owner_type },
  };
}

export class DatasetCatalog {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
  ) {}

  /** The caller of a request: its context, and its teams (the team context, the user's teams). */
  async callerOf(p: Pick<Principal, 'context' | 'user'>): Promise<Caller> {
    const teams = new Set<number>();
    if (p.context.type === 'team') teams.add(p.context.id);
    if (p.user) for (const m of await this.accounts.teamsOf(p.user.id)) teams.add(m.team.id);
    return { contextId: p.context.id, teamIds: [...teams] };
  }

  /** Runs a catalog query: the page of entries and the total. */
  query(f: CatalogFilter): { entries: CatalogEntry[]; total: number } {
    const sql = buildCatalogSql(f);
    const rows = this.db.prepare(sql.select).all(sql.params) as Row[];
    const total =
      rows.length > 0 && rows.length < f.limit && f.offset === 0
        ? rows.length
        : (this.db.prepare(sql.count).pluck().get(sql.params) as number);
    return { entries: rows.map(fromRow), total };
  }

  /** GET /datasets: every dataset the caller sees (its own private ones too), by full name. */
  async list(
    caller: Caller,
    opts: { limit: number; offset: number; ownerHandle?: string; types?: DatasetType[] },
  ) {
    let owners: CatalogFilter['owners'];
    if (opts.ownerHandle !== undefined) {
      if (opts.ownerHandle.toLowerCase() === BUILTIN_OWNER.handle) owners = 'builtin';
      else {
        const account = await this.accounts.byHandle(opts.ownerHandle);
        owners = account ? [account.id] : [];
      }
    }
    return this.query({
      contextId: caller.contextId,
      includePrivate: true,
      datasetTypes: opts.types,
      owners,
      order: 'name',
      limit: opts.limit,
      offset: opts.offset,
    });
  }

  /**
   * One dataset by full name (quoted parts allowed, case-insensitive); 404 when unknown or
   * private to another context.
   */
  get(caller: Caller, fullName: string): CatalogEntry {
    const parts = parseFullName(fullName);
    const missing = notFound(`dataset not found: ${fullName}`);
    if (!parts) throw missing;
    const rows = this.db
      .prepare(
        `SELECT t.*, a.handle AS owner_handle, a.type AS owner_type, ${FULL_NAME_SQL} AS full_name
         FROM lake_tables t LEFT JOIN accounts a ON a.id = t.owner_id
         WHERE t.catalog = @catalog COLLATE NOCASE AND t.schema_name = @schema COLLATE NOCASE
           AND t.table_name = @table COLLATE NOCASE AND t.snapshot IS NOT NULL
           AND (t.is_private = 0 OR t.owner_id = @context)
         ORDER BY (t.catalog = @catalog AND t.schema_name = @schema AND t.table_name = @table) DESC
         LIMIT 1`,
      )
      .all({ ...parts, context: caller.contextId }) as Row[];
    if (!rows[0]) throw missing;
    return fromRow(rows[0]);
  }

  /** POST /datasets/search. */
  search(caller: Caller, req: SearchDatasetsRequest): SearchDatasetsResponse {
    const limit = req.limit ?? DATASET_LIMITS.searchDefault;
    const offset = req.offset ?? 0;
    const { entries, total } = this.query({
      contextId: caller.contextId,
      includePrivate: req.include_private ?? false,
      text: req.query,
      blockchains: req.blockchains,
      categories: req.categories,
      datasetTypes: req.dataset_types,
      schemas: req.schemas,
      owners: ownersOf(caller, req.owner_scope ?? 'all'),
      contractAddress: req.contract_address ? req.contract_address.toLowerCase() : undefined,
      order: 'relevance',
      limit,
      offset,
    });
    return searchResponse(caller, entries, total, limit, offset, {
      schema: req.include_schema ?? false,
      metadata: req.include_metadata ?? false,
    });
  }

  /** POST /datasets/search-by-contract: decoded tables of one contract, by page rank. */
  searchByContract(caller: Caller, req: SearchDatasetsByContractRequest): SearchDatasetsResponse {
    const limit = req.limit ?? DATASET_LIMITS.searchDefault;
    const offset = req.offset ?? 0;
    const { entries, total } = this.query({
      contextId: caller.contextId,
      includePrivate: false,
      blockchains: req.blockchains,
      contractAddress: req.contract_address.toLowerCase(),
      order: 'relevance',
      limit,
      offset,
    });
    return searchResponse(caller, entries, total, limit, offset, {
      schema: req.include_schema ?? false,
      metadata: true,
    });
  }
}

function ownersOf(caller: Caller, scope: OwnerScope): number[] | undefined {
  if (scope === 'me') return [caller.contextId];
  if (scope === 'team') return caller.teamIds;
  return undefined;
}
