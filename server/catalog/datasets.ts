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
import { notFound } from '../errors.js';
import type { Store } from '../store/store.js';
import { parseFullName, type CatalogFilter } from './datasets-query.js';
import { BUILTIN_OWNER, DatasetsRepo, type CatalogEntry } from './datasets-repo.js';
import { searchResponse } from './datasets-wire.js';

/** Who looks at the catalog: the context (for privacy and `me`) and the teams behind `team`. */
export type CatalogViewer = { contextId: number; teamIds: number[] };

/**
 * The dataset catalog: every lake table (demo datasets, uploads, materialized views) a context
 * may see, listed, read by full name, and searched through the full-text index of migration 002.
 * Built-in tables (demo data) are shown as owned by the team `dune` (BUILTIN_OWNER).
 */
export class DatasetCatalog {
  private readonly repo: DatasetsRepo;

  constructor(
    store: Store,
    private readonly accounts: Accounts,
  ) {
    this.repo = new DatasetsRepo(store);
  }

  /** Who looks: the request's context, and its teams (the team context, the user's teams). */
  async viewerOf(p: Pick<Principal, 'context' | 'user'>): Promise<CatalogViewer> {
    const teams = new Set<number>();
    if (p.context.type === 'team') teams.add(p.context.id);
    if (p.user) for (const m of await this.accounts.teamsOf(p.user.id)) teams.add(m.team.id);
    return { contextId: p.context.id, teamIds: [...teams] };
  }

  /** Runs a catalog query: the page of entries and the total. */
  query(f: CatalogFilter): Promise<{ entries: CatalogEntry[]; total: number }> {
    return this.repo.search(f);
  }

  /** GET /datasets: every dataset the caller sees (its own private ones too), by full name. */
  async list(
    viewer: CatalogViewer,
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
      contextId: viewer.contextId,
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
  async get(viewer: CatalogViewer, fullName: string): Promise<CatalogEntry> {
    const parts = parseFullName(fullName);
    const missing = notFound(`dataset not found: ${fullName}`);
    if (!parts) throw missing;
    const entry = await this.repo.byName(parts, viewer.contextId);
    if (!entry) throw missing;
    return entry;
  }

  /** POST /datasets/search. */
  async search(viewer: CatalogViewer, req: SearchDatasetsRequest): Promise<SearchDatasetsResponse> {
    const limit = req.limit ?? DATASET_LIMITS.searchDefault;
    const offset = req.offset ?? 0;
    const { entries, total } = await this.query({
      contextId: viewer.contextId,
      includePrivate: req.include_private ?? false,
      text: req.query,
      blockchains: req.blockchains,
      categories: req.categories,
      datasetTypes: req.dataset_types,
      schemas: req.schemas,
      owners: ownersOf(viewer, req.owner_scope ?? 'all'),
      contractAddress: req.contract_address ? req.contract_address.toLowerCase() : undefined,
      order: 'relevance',
      limit,
      offset,
    });
    return searchResponse(viewer, entries, total, limit, offset, {
      schema: req.include_schema ?? false,
      metadata: req.include_metadata ?? false,
    });
  }

  /** POST /datasets/search-by-contract: decoded tables of one contract, by page rank. */
  async searchByContract(
    viewer: CatalogViewer,
    req: SearchDatasetsByContractRequest,
  ): Promise<SearchDatasetsResponse> {
    const limit = req.limit ?? DATASET_LIMITS.searchDefault;
    const offset = req.offset ?? 0;
    const { entries, total } = await this.query({
      contextId: viewer.contextId,
      includePrivate: false,
      blockchains: req.blockchains,
      contractAddress: req.contract_address.toLowerCase(),
      order: 'relevance',
      limit,
      offset,
    });
    return searchResponse(viewer, entries, total, limit, offset, {
      schema: req.include_schema ?? false,
      metadata: true,
    });
  }
}

function ownersOf(viewer: CatalogViewer, scope: OwnerScope): number[] | undefined {
  if (scope === 'me') return [viewer.contextId];
  if (scope === 'team') return viewer.teamIds;
  return undefined;
}
