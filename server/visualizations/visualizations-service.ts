import type {
  CreateVisualizationRequest,
  UpdateVisualizationRequest,
} from '../../contract/visualizations.js';
import type { Caller } from '../auth/caller.js';
import { forbidden, invalid, notFound, staleWrite } from '../errors.js';
import { QUERY_NOT_FOUND, canReadQuery, isPubliclyShown } from '../queries/readable.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { Store } from '../store/store.js';
import type { VisualizationRecord, VisualizationsRepo } from './visualizations-repo.js';

export const VISUALIZATION_NOT_FOUND = 'Visualization not found or private';

/** The one thing visualizations and dashboards need of the queries: a saved query by id. */
export type QueryLookup = {
  get(id: number): Promise<QueryRecord | undefined> | QueryRecord | undefined;
};

/** What deleting a visualization needs of the dashboards showing it. */
export type DashboardWidgetSweep = {
  /** The dashboards with a widget showing the visualization. */
  showing(visualizationId: number): Promise<number[]>;
  /** Drops their parameter widgets left without a visualization widget, and touches them. */
  dropDanglingParamWidgets(dashboardIds: readonly number[]): Promise<void>;
};

export type VisualizationsDeps = {
  store: Store;
  repo: VisualizationsRepo;
  queries: QueryLookup;
  dashboards: DashboardWidgetSweep;
};

/**
 * Visualizations of saved queries. They follow their query: readable where the query is
 * (canReadQuery), changed only in the query's owner context.
 */
export class VisualizationsService {
  constructor(private readonly deps: VisualizationsDeps) {}

  /** The visualization whoever asks (no access check: callers check the query). */
  get(id: number): Promise<VisualizationRecord | undefined> {
    return this.deps.repo.get(id);
  }

  /** The visualization and its query if `viewer` may read the query (null = anonymous); else 404. */
  async readable(
    id: number,
    viewer: number | null,
  ): Promise<{ viz: VisualizationRecord; query: QueryRecord }> {
    const viz = await this.deps.repo.get(id);
    const query = viz && (await this.deps.queries.get(viz.query_id));
    if (!viz || !query || !canReadQuery(query, viewer)) throw notFound(VISUALIZATION_NOT_FOUND);
    return { viz, query };
  }

  /**
   * A visualization of query `queryId` anyone may see on its own (an embed, a link preview): the
   * query is publicly shown (isPubliclyShown: public and not archived). Null otherwise.
   */
  async findEmbeddable(
    queryId: number,
    id: number,
  ): Promise<{ viz: VisualizationRecord; query: QueryRecord } | null> {
    const viz = await this.deps.repo.get(id);
    const query = viz?.query_id === queryId ? await this.deps.queries.get(queryId) : undefined;
    return viz && query && isPubliclyShown(query) ? { viz, query } : null;
  }

  /**
   * As findEmbeddable, but none → not found, with the same message whatever the reason, so a
   * private visualization and a missing one look alike.
   */
  async embeddable(
    queryId: number,
    id: number,
  ): Promise<{ viz: VisualizationRecord; query: QueryRecord }> {
    const found = await this.findEmbeddable(queryId, id);
    if (!found) throw notFound(VISUALIZATION_NOT_FOUND);
    return found;
  }

  /** As `readable`, and forbidden unless the caller's context owns the query. */
  async writable(id: number, caller: Caller): Promise<VisualizationRecord> {
    const { viz, query } = await this.readable(id, caller.contextId);
    if (query.owner_id !== caller.contextId)
      throw forbidden('Visualization is managed in the context of its query’s owner');
    return viz;
  }

  /** Creates a visualization of a saved query the caller's context owns (not found / forbidden as for the query). */
  async create(
    queryId: number,
    caller: Caller,
    input: CreateVisualizationRequest,
  ): Promise<VisualizationRecord> {
    const query = await this.queryFor(queryId, caller.contextId);
    if (query.owner_id !== caller.contextId)
      throw forbidden('Query is managed in the context of its owner');
    if (query.is_temp)
      throw invalid('A temporary query cannot have visualizations; save the query first');
    return this.deps.repo.insert(query.id, caller.userId, {
      name: input.name,
      type: input.type,
      description: input.description ?? '',
      options: input.options ?? {},
    });
  }

  /** A query's visualizations (the query readable by the caller), oldest first, and their count. */
  async listForQuery(
    queryId: number,
    caller: Caller,
    page: { limit: number; offset: number },
  ): Promise<{ visualizations: VisualizationRecord[]; total: number }> {
    const query = await this.queryFor(queryId, caller.contextId);
    const total = await this.deps.repo.countForQuery(query.id);
    const visualizations = await this.deps.repo.listForQuery(query.id, page);
    return { visualizations, total };
  }

  /**
   * Changes the given fields (`options` replaces the whole object); nothing given is invalid; a
   * change made to an older `expectedVersion` than the current one is a stale write.
   */
  async update(
    id: number,
    caller: Caller,
    changes: UpdateVisualizationRequest,
    expectedVersion?: number,
  ): Promise<VisualizationRecord> {
    const given = Object.values(changes).some((v) => v !== undefined);
    if (!given) throw invalid('Nothing to update: give at least one field');
    return this.deps.store.transaction(async () => {
      const cur = await this.writable(id, caller);
      if (expectedVersion !== undefined && expectedVersion !== cur.version)
        throw staleWrite('visualization', expectedVersion, cur.version);
      return this.deps.repo.update(id, {
        name: changes.name ?? cur.name,
        type: changes.type ?? cur.type,
        description: changes.description ?? cur.description,
        options: changes.options ?? cur.options,
      });
    });
  }

  /**
   * Deletes a visualization for good. Its dashboard widgets go with it (foreign key cascade), and
   * so do the parameter widgets that drove those widgets.
   */
  async delete(id: number, caller: Caller): Promise<void> {
    await this.deps.store.transaction(async () => {
      await this.writable(id, caller);
      const dashboards = await this.deps.dashboards.showing(id);
      await this.deps.repo.delete(id);
      await this.deps.dashboards.dropDanglingParamWidgets(dashboards);
    });
  }

  /** The saved query if `contextId` may read it; else not found as the queries say it. */
  private async queryFor(queryId: number, contextId: number): Promise<QueryRecord> {
    const query = await this.deps.queries.get(queryId);
    if (!query || !canReadQuery(query, contextId)) throw notFound(QUERY_NOT_FOUND);
    return query;
  }
}
