import type { Caller } from '../auth/caller.js';
import type { TierName } from '../engine/tiers.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { LOCK_SPACES, OwnerLocks } from '../lake/owner-locks.js';
import { upsertFields, type UpsertInput } from './upsert-fields.js';
import { VIEW_NOT_FOUND, checkName, handleOf, parseViewName, splitName } from './matview-names.js';
import type { MatviewsDeps, ResultHandoff, SourceQuery, ViewTable } from './matviews-ports.js';
import {
  CATALOG,
  MatviewsRepo,
  type MatviewFields,
  type MatviewRecord,
  type RefreshRecord,
  type RefreshTrigger,
} from './matviews-repo.js';
import { storeSnapshot } from './store-snapshot.js';

/** How many execution ids GET /materialized-views/{name} lists. */
export const LAST_EXECUTIONS = 10;

const SOURCE = {
  upsert: 'api',
  manual: 'api',
  schedule: 'schedule',
  pipeline: 'pipeline',
} as const;

/** A view as lists show it: its table (none before a first successful refresh) and last refresh. */
export type MatviewSummary = {
  view: MatviewRecord;
  table: ViewTable | undefined;
  lastRefresh: RefreshRecord | undefined;
  queryName: string;
};

/** A view as GET shows it: the summary, whether a team owns it and its latest refreshes. */
export type MatviewDetails = MatviewSummary & { ownerIsTeam: boolean; lastExecutionIds: string[] };

/**
 * Materialized views: a saved query's result stored as the lake table dune.<handle>.<name>.
 * A refresh is an ordinary execution of the query's current SQL (parameter defaults) in the
 * owner context; its result becomes the table's new snapshot before the execution completes
 * (store-snapshot.ts). Changes to one context's views and their snapshots run one at a time, and
 * so does starting a refresh of one view.
 */
export class MatviewsService {
  readonly repo: MatviewsRepo;
  /** Changes to one context's views and snapshots, one at a time (the lake's per-owner order). */
  private readonly contexts: OwnerLocks;
  /** Starting a refresh of one view (keyed by view id), one at a time. */
  private readonly starting: OwnerLocks;

  constructor(private readonly deps: MatviewsDeps) {
    this.repo = new MatviewsRepo(deps.store);
    this.contexts = new OwnerLocks(deps.store, LOCK_SPACES.matviewContexts);
    this.starting = new OwnerLocks(deps.store, LOCK_SPACES.matviewRefresh);
  }

  /**
   * At start-up (nothing runs yet): snapshot folders a previous process left behind go. Not
   * while other nodes of a cluster run (`recover` false): one may be writing a folder.
   */
  async start(opts: { recover: boolean } = { recover: true }): Promise<void> {
    if (opts.recover) await this.deps.retired.sweepOrphans(CATALOG, 'matview');
  }

  close(): void {
    this.deps.retired.close();
  }

  /** A view by full name `dune.<handle>.result_x` (or short `result_x` = in contextId's own namespace) that contextId may read (own, or not private); else undefined. */
  async find(contextId: number, name: string): Promise<MatviewRecord | undefined> {
    const v = await this.resolve(contextId, name);
    return v && (!v.isPrivate || v.ownerId === contextId) ? v : undefined;
  }

  /** The view stored as the lake table with this full name, whatever its privacy (for lineage). */
  async byFullName(fullName: string): Promise<MatviewRecord | undefined> {
    return splitName(fullName).length === 3 ? this.resolve(null, fullName) : undefined;
  }

  /** A view the context may read, else not_found (unknown and another context's private alike). */
  async readable(contextId: number, name: string): Promise<MatviewRecord> {
    const v = await this.find(contextId, name);
    if (!v) throw notFound(VIEW_NOT_FOUND);
    return v;
  }

  /** A view the context owns: not_found as readable, forbidden for another context's public view. */
  async owned(contextId: number, name: string): Promise<MatviewRecord> {
    const v = await this.readable(contextId, name);
    if (v.ownerId !== contextId) throw forbidden(`only the owner context can change ${v.fullName}`);
    return v;
  }

  /** The context's views by name, and whether more follow. */
  async list(contextId: number, limit: number, offset: number) {
    const page = await this.repo.list(contextId, limit, offset);
    const views = await Promise.all(
      page.views.map(async (v) =>
        this.summary(v, (await this.repo.refreshes(v.id, 1, 0)).refreshes),
      ),
    );
    return { views, more: page.more };
  }

  /** A view the context may read, with its table, owner and latest refreshes. */
  async describe(contextId: number, name: string): Promise<MatviewDetails> {
    const v = await this.readable(contextId, name);
    const { refreshes } = await this.repo.refreshes(v.id, LAST_EXECUTIONS, 0);
    const owner = await this.deps.accounts.byId(v.ownerId);
    return {
      ...(await this.summary(v, refreshes)),
      ownerIsTeam: owner?.type === 'team',
      lastExecutionIds: refreshes.map((r) => r.executionId),
    };
  }

  /** The refreshes of a view the context may read, newest first, and whether more follow. */
  async history(contextId: number, name: string, limit: number, offset: number) {
    const v = await this.readable(contextId, name);
    return this.repo.refreshes(v.id, limit, offset);
  }

  /** Starts a refresh; never two of one view at once (returns the refresh in flight instead). Throws not_found (unknown, or private to another context), forbidden (not the owner context), over_limit (billing). */
  async refresh(
    opts: Caller & { name: string; performance?: TierName; trigger: RefreshTrigger },
  ): Promise<{ view: MatviewRecord; executionId: string }> {
    const view = await this.owned(opts.contextId, opts.name);
    return { view, executionId: (await this.startRefresh(view, opts)).executionId };
  }

  /**
   * Starts a refresh of `view` as its owner, or returns the one in flight (`started` false): a
   * run of its query (executions.runSaved, refused as any run is) whose result becomes the view's
   * snapshot. The check, the submission and its history row are one step per view, so no second
   * refresh can slip in between.
   */
  startRefresh(
    view: MatviewRecord,
    o: Omit<Caller, 'contextId'> & { performance?: TierName; trigger: RefreshTrigger },
  ): Promise<{ executionId: string; started: boolean }> {
    return this.starting.run(view.id, async () => {
      const running = await this.repo.inFlight(view.id);
      if (running) return { executionId: running, started: false };
      const e = await this.deps.executions.runSaved(
        { contextId: view.ownerId, userId: o.userId, apiKeyId: o.apiKeyId },
        SOURCE[o.trigger],
        view.queryId,
        { values: {}, tier: o.performance ?? view.performance },
        (r, run) => this.storeResult(view, run.query, run.executionId, r),
      );
      await this.repo.addRefresh(e.id, view.id, o.trigger);
      return { executionId: e.id, started: true };
    });
  }

  /**
   * POST /materialized-views: creates the view of a query, or updates it (the same query may
   * take a new name: its table is renamed). Every upsert starts a refresh.
   */
  async upsert(
    caller: Caller,
    req: UpsertInput,
  ): Promise<{ view: MatviewRecord; executionId: string }> {
    const name = checkName(req.name);
    const query = await this.deps.queries.writable(req.query_id, caller.contextId);
    if (query.is_archived || query.is_temp)
      throw forbidden(`Query ${query.id} is archived or unsaved; a view needs a saved query`);
    const existing = await this.repo.byQuery(query.id);
    const fields = upsertFields(name, req, query, existing, this.deps.config, new Date());
    // A refresh that would be refused saves nothing (a query reading a query the owner may not).
    await this.deps.executions.checkSaved(caller, query.id, {
      values: {},
      tier: fields.performance,
    });
    await this.deps.executions.checkCredits(caller.contextId);
    const view = await this.contexts.run(caller.contextId, () =>
      this.deps.store.transaction(() => this.save(caller, query, existing, fields)),
    );
    const { executionId } = await this.startRefresh(view, {
      userId: caller.userId,
      apiKeyId: caller.apiKeyId,
      trigger: 'upsert',
    });
    return { view, executionId };
  }

  /** DELETE: the catalog entry and the table; running readers keep the snapshot they read. */
  async remove(contextId: number, name: string): Promise<MatviewRecord> {
    const view = await this.owned(contextId, name);
    await this.starting.run(view.id, async () => {
      const running = await this.repo.inFlight(view.id);
      if (running) await this.deps.executions.cancel(running);
    });
    await this.contexts.run(view.ownerId, async () => {
      const table = await this.table(view);
      await this.deps.store.transaction(async () => {
        if (table) await this.deps.lake.remove(table);
        await this.repo.delete(view.id);
      });
      await this.deps.retired.retire(table?.snapshot ?? null);
    });
    return view;
  }

  private async summary(view: MatviewRecord, refreshes: RefreshRecord[]): Promise<MatviewSummary> {
    const [table, query] = await Promise.all([
      this.table(view),
      this.deps.queries.get(view.queryId),
    ]);
    return { view, table, lastRefresh: refreshes[0], queryName: query?.name ?? '' };
  }

  /** The lake table serving the view (undefined before its first successful refresh). */
  private async table(view: MatviewRecord): Promise<ViewTable | undefined> {
    const t = await this.deps.lake.get(CATALOG, handleOf(view), view.name);
    return t?.kind === 'matview' ? t : undefined;
  }

  /** Inside the upsert's transaction: checks the name and writes the view (and renames its table). */
  private async save(
    caller: Caller,
    query: SourceQuery,
    existing: MatviewRecord | undefined,
    fields: MatviewFields,
  ): Promise<MatviewRecord> {
    const handle = query.owner_handle.toLowerCase();
    const full = `${CATALOG}.${handle}.${fields.name}`;
    const clash = await this.repo.byOwnerName(caller.contextId, fields.name);
    if (clash && clash.queryId !== query.id)
      throw conflict(`${full} is the view of query ${clash.queryId}; pick another name`);
    const taken = await this.deps.lake.get(CATALOG, handle, fields.name);
    if (taken && (taken.kind !== 'matview' || !clash))
      throw conflict(`${full} is the name of an existing table; pick another name`);
    if (!existing)
      return this.repo.insert({
        ...fields,
        ownerId: caller.contextId,
        createdBy: caller.userId,
        queryId: query.id,
      });
    await this.repo.renameTable(handleOf(existing), existing.name, fields);
    return this.repo.update(existing.id, fields);
  }

  /** onResult of a refresh: the result becomes the view's new snapshot, or the refresh fails. */
  private async storeResult(
    start: MatviewRecord,
    query: SourceQuery,
    executionId: string,
    r: ResultHandoff,
  ): Promise<void> {
    try {
      await this.contexts.run(start.ownerId, async () => {
        const view = await this.repo.byId(start.id);
        if (!view) throw new Error('the view was deleted while it refreshed');
        const previous = await storeSnapshot(this.deps, {
          view,
          schema: handleOf(view),
          query,
          executionId,
          result: r,
        });
        await this.deps.retired.retire(previous);
      });
    } catch (err) {
      throw new Error(
        `the view could not be stored: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /** `result_x` (in contextId's namespace) or `dune.<handle>.result_x`; parts may be quoted. */
  private async resolve(contextId: number | null, name: string) {
    const n = parseViewName(name, contextId);
    if (!n) return undefined;
    return n.handle === undefined
      ? this.repo.byOwnerName(contextId!, n.name)
      : this.repo.byHandleName(n.handle, n.name);
  }
}
