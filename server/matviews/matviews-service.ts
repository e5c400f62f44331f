import { MATVIEW_NAME_RULE } from '../../contract/matviews.js';
import type { Accounts } from '../auth/accounts.js';
import type { Config } from '../config.js';
import type { ResultHandoff } from '../executions/execution-queue.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { Lake, LakeTable } from '../lake/lake.js';
import { OwnerLocks } from '../lake/owner-locks.js';
import { RetiredSnapshots } from '../lake/retired-snapshots.js';
import { DEFAULT_TIER, isTierName, type TierName } from '../engine/tiers.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import type { Db } from '../store/db.js';
import { nowIso } from '../store/db.js';
import { Queries, type QueryRecord } from '../store/queries-repo.js';
import { checkExpiry, checkSchedule, nextSlot } from './cron-rules.js';
import { CATALOG, MatviewsRepo, type MatviewRecord, type RefreshTrigger } from './matviews-repo.js';
import { storeSnapshot } from './store-snapshot.js';

export type { MatviewRecord } from './matviews-repo.js';

/** Short names: `result_` then letters, digits, `_`; 128 characters at most. */
export const MATVIEW_NAME = /^result_[a-z0-9_]{1,121}$/i;

export const VIEW_NOT_FOUND = 'Materialized view not found';

const SOURCE = {
  upsert: 'api',
  manual: 'api',
  schedule: 'schedule',
  pipeline: 'pipeline',
} as const;

export type Who = { contextId: number; userId: number | null; apiKeyId: string | null };

type StartOptions = {
  userId: number | null;
  apiKeyId: string | null;
  performance?: TierName;
  trigger: RefreshTrigger;
};

export type UpsertInput = {
  name: string;
  query_id: number;
  /** undefined: keep (new view: none); null or empty: no schedule. */
  cron_expression?: string | null;
  /** undefined: keep (new view: none); null or empty: never. */
  expires_at?: string | null;
  /** undefined: keep (new view: the source query's privacy). */
  is_private?: boolean | null;
  /** undefined: keep (new view: the source query's engine tier). */
  performance?: TierName;
};

type ServiceDeps = {
  config: Config;
  db: Db;
  accounts: Accounts;
  lake: Lake;
  executions: ExecutionsService;
};

/**
 * Materialized views: a saved query's result stored as the lake table dune.<handle>.<name>.
 * A refresh is an ordinary execution of the query's current SQL (parameter defaults) in the
 * owner context; its result becomes the table's new snapshot before the execution completes
 * (store-snapshot.ts). Changes to one context's views and their snapshots run one at a time.
 */
export class MatviewsService {
  readonly repo: MatviewsRepo;
  readonly retired: RetiredSnapshots;
  private readonly queries: Queries;
  private readonly locks = new OwnerLocks();
  /** Refreshes being recorded, by view: a second start answers the first. */
  private readonly starting = new Map<number, Promise<{ executionId: string; started: boolean }>>();

  constructor(private readonly deps: ServiceDeps) {
    this.repo = new MatviewsRepo(deps.db);
    this.queries = new Queries(deps.db, deps.config.plan);
    // Folders a previous process left behind are swept at start-up (wire.ts).
    this.retired = new RetiredSnapshots(deps.lake.repo, deps.lake.root);
  }

  close(): void {
    this.retired.close();
  }

  /** A view by full name `dune.<handle>.result_x` (or short `result_x` = in contextId's own namespace) that contextId may read (own, or not private); else undefined. */
  find(contextId: number, name: string): MatviewRecord | undefined {
    const v = this.resolve(contextId, name);
    return v && (!v.isPrivate || v.ownerId === contextId) ? v : undefined;
  }

  /** The view stored as the lake table with this full name, whatever its privacy (for lineage). */
  byFullName(fullName: string): MatviewRecord | undefined {
    return splitName(fullName).length === 3 ? this.resolve(null, fullName) : undefined;
  }

  /** A view the context may read, else 404 (unknown and another context's private alike). */
  readable(contextId: number, name: string): MatviewRecord {
    const v = this.find(contextId, name);
    if (!v) throw notFound(VIEW_NOT_FOUND);
    return v;
  }

  /** A view the context owns: 404 as readable, 403 for another context's public view. */
  owned(contextId: number, name: string): MatviewRecord {
    const v = this.readable(contextId, name);
    if (v.ownerId !== contextId) throw forbidden(`only the owner context can change ${v.fullName}`);
    return v;
  }

  /** Starts a refresh; never two of one view at once (returns the refresh in flight instead). Throws not_found (unknown, or private to another context), forbidden (not the owner context), over_limit (billing). */
  async refresh(opts: {
    contextId: number;
    userId: number | null;
    apiKeyId: string | null;
    name: string;
    performance?: TierName;
    trigger: RefreshTrigger;
  }): Promise<{ view: MatviewRecord; executionId: string }> {
    const view = this.owned(opts.contextId, opts.name);
    return { view, executionId: (await this.start(view, opts)).executionId };
  }

  /**
   * Starts a refresh of `view` as its owner, or returns the one in flight (`started` false).
   * Starts of one view wait for the one being recorded (submission and history row), so no
   * second refresh can slip in between.
   */
  async start(
    view: MatviewRecord,
    o: StartOptions,
  ): Promise<{ executionId: string; started: boolean }> {
    const recording = this.starting.get(view.id);
    if (recording) return { executionId: (await recording).executionId, started: false };
    const started = this.startNow(view, o);
    this.starting.set(view.id, started);
    try {
      return await started;
    } finally {
      this.starting.delete(view.id);
    }
  }

  private async startNow(
    view: MatviewRecord,
    o: StartOptions,
  ): Promise<{ executionId: string; started: boolean }> {
    const running = this.repo.inFlight(view.id);
    if (running) return { executionId: running, started: false };
    const query = this.queries.get(view.queryId);
    if (!query) throw notFound(`the source query ${view.queryId} of ${view.fullName} is gone`);
    if (query.is_archived)
      throw forbidden(
        `the source query ${query.id} of ${view.fullName} is archived; unarchive it to refresh the view`,
      );
    let executionId = '';
    const e = await this.deps.executions.submit({
      contextId: view.ownerId,
      userId: o.userId,
      apiKeyId: o.apiKeyId,
      queryId: query.id,
      queryVersion: query.version,
      sql: query.query_sql,
      parameters: query.parameters,
      values: {},
      performance: o.performance ?? view.performance,
      source: SOURCE[o.trigger],
      onResult: (r) => this.store(view, query, executionId, r),
    });
    executionId = e.id;
    this.repo.addRefresh(e.id, view.id, o.trigger);
    return { executionId, started: true };
  }

  /**
   * POST /materialized-views: creates the view of a query, or updates it (the same query may
   * take a new name: its table is renamed). Every upsert starts a refresh.
   */
  async upsert(who: Who, req: UpsertInput): Promise<{ view: MatviewRecord; executionId: string }> {
    const name = checkName(req.name);
    const query = this.queries.writable(req.query_id, who.contextId);
    if (query.is_archived || query.is_temp)
      throw forbidden(`Query ${query.id} is archived or unsaved; a view needs a saved query`);
    const now = new Date();
    const existing = this.repo.byQuery(query.id);
    const cronExpression =
      req.cron_expression === undefined
        ? (existing?.cronExpression ?? null)
        : req.cron_expression?.trim()
          ? checkSchedule(req.cron_expression, this.deps.config.matviewMinIntervalMinutes, now)
          : null;
    const expiresAt =
      req.expires_at === undefined
        ? (existing?.expiresAt ?? null)
        : req.expires_at?.trim()
          ? checkExpiry(req.expires_at, now)
          : null;
    const fields = {
      name,
      isPrivate: req.is_private ?? existing?.isPrivate ?? query.is_private,
      cronExpression,
      expiresAt,
      nextExecutionTime: cronExpression ? nextSlot(cronExpression, now, expiresAt) : null,
      performance:
        req.performance ??
        existing?.performance ??
        (isTierName(query.engine) ? query.engine : DEFAULT_TIER),
    };
    await this.deps.executions.checkCredits(who.contextId);
    const view = await this.locks.run(who.contextId, async () => {
      const taken = await this.deps.lake.get(CATALOG, query.owner_handle.toLowerCase(), name);
      return this.deps.db.transaction(() => this.save(who, query, existing, fields, taken))();
    });
    return {
      view,
      executionId: (await this.start(view, { ...who, trigger: 'upsert' })).executionId,
    };
  }

  /** DELETE: the catalog entry and the table; running readers keep the snapshot they read. */
  async remove(contextId: number, name: string): Promise<MatviewRecord> {
    const view = this.owned(contextId, name);
    const running = this.repo.inFlight(view.id);
    if (running) await this.deps.executions.cancel(running);
    await this.locks.run(view.ownerId, async () => {
      const table = await this.table(view);
      this.deps.db.transaction(() => {
        if (table) this.deps.db.prepare('DELETE FROM lake_tables WHERE id = ?').run(table.id);
        this.repo.delete(view.id);
      })();
      await this.retired.retire(table?.snapshot ?? null);
    });
    return view;
  }

  /** The lake table serving the view (undefined before its first successful refresh). */
  async table(view: MatviewRecord) {
    const t = await this.deps.lake.get(CATALOG, handleOf(view), view.name);
    return t?.kind === 'matview' ? t : undefined;
  }

  queryName(view: MatviewRecord): string {
    return this.queries.get(view.queryId)?.name ?? '';
  }

  private save(
    who: Who,
    query: QueryRecord,
    existing: MatviewRecord | undefined,
    fields: Parameters<MatviewsRepo['update']>[1],
    taken: LakeTable | undefined,
  ): MatviewRecord {
    const handle = query.owner_handle.toLowerCase();
    const full = `${CATALOG}.${handle}.${fields.name}`;
    const clash = this.repo.byOwnerName(who.contextId, fields.name);
    if (clash && clash.queryId !== query.id)
      throw conflict(`${full} is the view of query ${clash.queryId}; pick another name`);
    if (taken && (taken.kind !== 'matview' || !clash))
      throw conflict(`${full} is the name of an existing table; pick another name`);
    const lakeTable = this.deps.db.prepare(
      `UPDATE lake_tables SET table_name = ?, is_private = ?, updated_at = ?
       WHERE catalog = ? AND schema_name = ? AND table_name = ? AND kind = 'matview'`,
    );
    if (!existing)
      return this.repo.insert({
        ...fields,
        ownerId: who.contextId,
        createdBy: who.userId,
        queryId: query.id,
      });
    lakeTable.run(
      fields.name,
      fields.isPrivate ? 1 : 0,
      nowIso(),
      CATALOG,
      handleOf(existing),
      existing.name,
    );
    return this.repo.update(existing.id, fields);
  }

  /** onResult of a refresh: the result becomes the view's new snapshot, or the refresh fails. */
  private async store(
    start: MatviewRecord,
    query: QueryRecord,
    executionId: string,
    r: ResultHandoff,
  ) {
    try {
      await this.locks.run(start.ownerId, async () => {
        const view = this.repo.byId(start.id);
        if (!view) throw new Error('the view was deleted while it refreshed');
        const previous = await storeSnapshot(this.deps, {
          view,
          schema: handleOf(view),
          query,
          executionId,
          result: r,
        });
        await this.retired.retire(previous);
      });
    } catch (err) {
      throw new Error(
        `the view could not be stored: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /** `result_x` (in contextId's namespace) or `dune.<handle>.result_x`; parts may be quoted. */
  private resolve(contextId: number | null, name: string): MatviewRecord | undefined {
    if (name.length > 300) return undefined;
    const parts = splitName(name);
    if (parts.length === 1 && contextId !== null)
      return this.repo.byOwnerName(contextId, parts[0]!);
    if (parts.length === 3 && parts[0]!.toLowerCase() === CATALOG)
      return this.repo.byHandleName(parts[1]!, parts[2]!);
    return undefined;
  }
}

const splitName = (name: string) => name.split('.').map((p) => p.trim().replace(/^"(.*)"$/, '$1'));

/** The lake schema of a view: its owner's handle in lower case. */
const handleOf = (v: MatviewRecord) => v.fullName.split('.')[1]!;

/** A valid short name in lower case, or 400. */
export function checkName(raw: string): string {
  if (!MATVIEW_NAME.test(raw)) {
    const shown = raw.length > 60 ? `${raw.slice(0, 60)}...` : raw;
    throw invalid(`invalid name "${shown}": ${MATVIEW_NAME_RULE}`);
  }
  return raw.toLowerCase();
}
