import type { Parameter } from '../../contract/parameters.js';
import { DEFAULT_DIALECT, type Dialect } from '../../contract/rules/enums.js';
import type { Caller } from '../auth/caller.js';
import type { Config } from '../config.js';
import { normalizeParameterDefs } from '../engine/parameters.js';
import { forbidden, invalid, notFound, overLimit, staleWrite } from '../errors.js';
import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';
import { cleanTags } from '../store/tags.js';
import { QUERY_VERSIONS_KEPT, versionBytes } from '../usage/storage.js';
import { QueriesRepo, type QueryRecord } from './queries-repo.js';
import { QueryVersionsRepo, type QueryVersionRecord } from './query-versions-repo.js';
import { QUERY_NOT_FOUND, canReadQuery } from './readable.js';
import { runRefusal, type Runnable } from './runnable.js';

export type NewQuery = {
  name: string;
  query_sql: string;
  /** Default DEFAULT_DIALECT, as a request without one. */
  dialect?: Dialect;
  description?: string;
  is_private?: boolean;
  is_temp?: boolean;
  parameters?: Parameter[];
  tags?: string[];
  engine?: string;
  /** How old a result its readers accept, in seconds; null or none: any. */
  max_result_age_seconds?: number | null;
};

/** Fields a change may set; undefined means "leave as it is". */
export type QueryChanges = {
  name?: string;
  query_sql?: string;
  dialect?: Dialect;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  is_private?: boolean;
  is_archived?: boolean;
  /** null clears it. A setting of how the query is read, not of what it runs: no new version. */
  max_result_age_seconds?: number | null;
};

/** Changes that set how a query is read, not what it is: they make no new version. */
const SETTINGS: ReadonlySet<keyof QueryChanges> = new Set(['max_result_age_seconds']);

export type ListOptions = {
  limit: number;
  offset: number;
  /** Case-insensitive substring of name or description. */
  q?: string;
  /** Every one must be among the query's tags (case-insensitive). */
  tags?: string[];
  /** Default true. */
  includeArchived?: boolean;
  /** `context`: the context's own queries; `public`: public, non-archived queries of all. */
  scope?: 'context' | 'public';
};

/** Who saves: the context that owns the query, and the user who writes it (null: the system). */
type Author = Pick<Caller, 'contextId' | 'userId'>;

/** How a save is made: the version it was edited from (If-Match), a run to keep as its result. */
export type SaveOptions = { expectedVersion?: number; executionId?: string };

type Contributor = { handle: string; contribution_count: number };

/**
 * What the queries service uses of other areas, passed by wire.ts; results may come now or as a
 * promise. Both run inside the transaction of the save that calls them.
 */
export type QueriesDeps = {
  store: Store;
  config: Pick<Config, 'plan'>;
  /** Bytes of the context that count against its storage plan (tables and query versions). */
  storageUsed(contextId: number): number | Promise<number>;
  /**
   * Makes execution `executionId` a run of the saved query `q` (its latest result), or throws
   * invalid saying why it cannot be (executions/run-adoption.ts).
   */
  adoptRun(q: QueryRecord, executionId: string): void | Promise<void>;
};

/**
 * Saved queries and their versions: who reads and changes them, and what a change may be.
 * Every create and every change runs in one transaction that bumps `version` and stores the
 * full new state as a version (the newest QUERY_VERSIONS_KEPT are kept).
 */
export class QueriesService {
  private readonly repo: QueriesRepo;
  private readonly versionsRepo: QueryVersionsRepo;

  constructor(private readonly deps: QueriesDeps) {
    this.repo = new QueriesRepo(deps.store);
    this.versionsRepo = new QueryVersionsRepo(deps.store);
  }

  /** The query, whoever may read it (for callers that check access themselves). */
  get(id: number): Promise<QueryRecord | undefined> {
    return this.repo.byId(id);
  }

  /** The query if `contextId` may read it (canReadQuery; null = anonymous); else not found. */
  async readable(id: number, contextId: number | null): Promise<QueryRecord> {
    const q = await this.repo.byId(id);
    if (!q || !canReadQuery(q, contextId)) throw notFound(QUERY_NOT_FOUND);
    return q;
  }

  /**
   * The query if `contextId` may run it, else the refusal saying why not (runnable.ts): the one
   * check of every run of a saved query (ExecutionsService.runSaved) and of what needs one.
   */
  async runnable(id: number, contextId: number): Promise<Runnable> {
    const q = await this.repo.byId(id);
    const refusal = runRefusal(q, contextId);
    return refusal ? { query: null, refusal } : { query: q!, refusal: null };
  }

  /** A readable query (see readable) and, when asked, the authors of its versions. */
  async read(
    id: number,
    contextId: number,
    opts: { contributors?: boolean } = {},
  ): Promise<{ query: QueryRecord; contributors?: Contributor[] }> {
    const query = await this.readable(id, contextId);
    if (!opts.contributors) return { query };
    return { query, contributors: await this.versionsRepo.contributors(id) };
  }

  /** The query if `contextId` owns it; not found if it cannot read it, forbidden if another's. */
  async writable(id: number, contextId: number): Promise<QueryRecord> {
    const q = await this.readable(id, contextId);
    if (q.owner_id !== contextId) throw forbidden('Query is managed in the context of its owner');
    return q;
  }

  /**
   * Creates a query (version 1) owned by `by.contextId`; parameters are checked against the SQL.
   * With `executionId`, that run becomes its latest result, or nothing is saved.
   */
  async create(by: Author, input: NewQuery, opts: SaveOptions = {}): Promise<QueryRecord> {
    const parameters = normalizeParameterDefs(input.query_sql, input.parameters ?? []);
    const tags = cleanTags(input.tags ?? []);
    return this.deps.store.transaction(async () => {
      const id = await this.repo.insert({
        owner_id: by.contextId,
        created_by: by.userId,
        name: input.name,
        description: input.description ?? '',
        query_sql: input.query_sql,
        dialect: input.dialect ?? DEFAULT_DIALECT,
        is_private: input.is_private ?? false,
        is_temp: input.is_temp ?? false,
        engine: input.engine ?? 'medium',
        parameters,
        tags,
        max_result_age_seconds: input.max_result_age_seconds ?? null,
        at: nowIso(),
      });
      const created = (await this.repo.byId(id))!;
      await this.saveVersion(created, by.userId);
      if (opts.executionId) await this.deps.adoptRun(created, opts.executionId);
      return created;
    });
  }

  /**
   * Applies `changes` in the owner context `by.contextId`, as `by.userId`. Empty changes →
   * invalid; a change to an older `expectedVersion` than the current one → stale write.
   * An archived query only accepts a change that unarchives it or changes its privacy
   * (forbidden otherwise; archiving it again is a no-op). New parameters are checked against
   * the new SQL; new placeholders become text parameters, and definitions the SQL no longer
   * uses are kept (as the hosted service keeps them). With `executionId`, that run becomes the
   * latest result of the query as saved, or nothing is saved.
   */
  async update(
    id: number,
    by: Author,
    changes: QueryChanges,
    opts: SaveOptions = {},
  ): Promise<QueryRecord> {
    const given = (Object.keys(changes) as (keyof QueryChanges)[]).filter(
      (k) => changes[k] !== undefined,
    );
    if (given.length === 0) throw invalid('Nothing to update: give at least one field');
    return this.deps.store.transaction(async () => {
      const saved = await this.change(id, by, changes, given, opts.expectedVersion);
      if (opts.executionId) await this.deps.adoptRun(saved, opts.executionId);
      return saved;
    });
  }

  private async change(
    id: number,
    by: Author,
    changes: QueryChanges,
    given: (keyof QueryChanges)[],
    expectedVersion: number | undefined,
  ): Promise<QueryRecord> {
    const cur = await this.writable(id, by.contextId);
    if (expectedVersion !== undefined && expectedVersion !== cur.version)
      throw staleWrite('query', expectedVersion, cur.version);
    const settings = {
      max_result_age_seconds:
        changes.max_result_age_seconds !== undefined
          ? changes.max_result_age_seconds
          : cur.max_result_age_seconds,
    };
    if (given.every((k) => SETTINGS.has(k))) {
      const next = { ...cur, ...settings };
      await this.repo.write(next);
      return next;
    }
    if (cur.is_archived && changes.is_archived !== false) {
      // As on the hosted service, an archived query may still change its privacy.
      if (!given.every((k) => k === 'is_archived' || k === 'is_private'))
        throw forbidden('Query is archived');
      if ((changes.is_private ?? cur.is_private) === cur.is_private) return cur;
    }
    const sql = changes.query_sql ?? cur.query_sql;
    const parameters =
      changes.parameters !== undefined || changes.query_sql !== undefined
        ? normalizeParameterDefs(sql, changes.parameters ?? cur.parameters)
        : cur.parameters;
    const next: QueryRecord = {
      ...cur,
      name: changes.name ?? cur.name,
      description: changes.description ?? cur.description,
      query_sql: sql,
      dialect: changes.dialect ?? cur.dialect,
      tags: changes.tags !== undefined ? cleanTags(changes.tags) : cur.tags,
      parameters,
      is_private: changes.is_private ?? cur.is_private,
      is_archived: changes.is_archived ?? cur.is_archived,
      ...settings,
      version: cur.version + 1,
      updated_at: nowIso(),
    };
    await this.repo.write(next);
    await this.saveVersion(next, by.userId);
    return next;
  }

  /** Queries of a context (or public ones), newest updated first, with the total matching. */
  list(contextId: number, opts: ListOptions): Promise<{ queries: QueryRecord[]; total: number }> {
    const scopePublic = (opts.scope ?? 'context') === 'public';
    return this.repo.list(
      {
        ownerId: scopePublic ? undefined : contextId,
        includePrivate: !scopePublic,
        includeArchived: !scopePublic && opts.includeArchived !== false,
        text: opts.q?.trim().toLowerCase() || undefined,
        tags: cleanTags(opts.tags ?? []).map((t) => t.toLowerCase()),
      },
      { limit: opts.limit, offset: opts.offset },
    );
  }

  /** How many queries (any state) `ownerId` owns. */
  countOwned(ownerId: number): Promise<number> {
    return this.repo.countOwned(ownerId);
  }

  /** Every version of a query `contextId` may read (else not found), newest first. */
  async versions(id: number, contextId: number): Promise<QueryVersionRecord[]> {
    await this.readable(id, contextId);
    return this.versionsRepo.list(id);
  }

  /** One version of a query `contextId` may read; not found if either is missing. */
  async version(id: number, version: number, contextId: number): Promise<QueryVersionRecord> {
    await this.readable(id, contextId);
    const v = await this.versionsRepo.get(id, version);
    if (!v) throw notFound(`Version ${version} of query ${id} not found`);
    return v;
  }

  /**
   * Stores `q` as a version, unless it would take the owner past its plan's storage (over
   * limit), and prunes the versions older than the newest QUERY_VERSIONS_KEPT.
   */
  private async saveVersion(q: QueryRecord, authorId: number | null): Promise<void> {
    const added = versionBytes(q);
    const used = await this.deps.storageUsed(q.owner_id);
    const allowed = this.deps.config.plan.storageBytes;
    if (used + added > allowed)
      throw overLimit(
        `storage quota reached: saving this version takes ${added} bytes, ${used} bytes are used by tables and saved queries and the plan allows ${allowed}; delete or clear tables to save more`,
      );
    await this.versionsRepo.deleteUpTo(q.id, q.version - QUERY_VERSIONS_KEPT);
    await this.versionsRepo.insert(q, authorId);
  }
}
