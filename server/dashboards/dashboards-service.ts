import type { CreateDashboardRequest, UpdateDashboardRequest } from '../../contract/dashboards.js';
import { governingAge } from '../../contract/rules/result-age.js';
import type { Caller } from '../auth/caller.js';
import { conflict, forbidden, invalid, notFound, staleWrite } from '../errors.js';
import { canReadQuery } from '../queries/readable.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { Store } from '../store/store.js';
import { cleanTags } from '../store/tags.js';
import type { VisualizationRecord } from '../visualizations/visualizations-repo.js';
import type { QueryLookup } from '../visualizations/visualizations-service.js';
import { toDashboardRecord, type DashboardRecord } from './dashboard-record.js';
import type { DashboardsRepo } from './dashboards-repo.js';
import type { ColumnsPerRow } from './layout.js';
import { slugify, uniqueSlug } from './slugs.js';
import {
  planWidgets,
  type PlanOptions,
  type StoredWidget,
  type VisualizationInfo,
  type WidgetInputs,
} from './widgets.js';

export type DashboardListOptions = {
  limit: number;
  offset: number;
  /** Case-insensitive substring of the name or slug. */
  q?: string;
  /** Every one must be among the dashboard's tags (case-insensitive). */
  tags?: string[];
  /** Default false. */
  includeArchived?: boolean;
};

/** One visualization of a dashboard as a viewer sees it: its query only when readable. */
export type DashboardVisualizationView = {
  visualization: VisualizationRecord;
  query: QueryRecord | null;
};

/** A dashboard with its visualizations, as a viewer sees them (`shownBySlug`). */
export type ShownDashboard = {
  dashboard: DashboardRecord;
  visualizations: DashboardVisualizationView[];
};

export const DASHBOARD_NOT_FOUND = 'Dashboard not found or private';
export const PRIVATE_QUERY = 'This visualization’s query is private.';

/** What dashboards need of the visualizations: one by id (access follows its query). */
export type VisualizationLookup = {
  get(id: number): Promise<VisualizationRecord | undefined>;
};

export type DashboardsDeps = {
  store: Store;
  repo: DashboardsRepo;
  queries: QueryLookup;
  visualizations: VisualizationLookup;
};

/** Private or archived dashboards are seen only in their owner context (`viewer` null = anonymous). */
const canSee = (d: DashboardRecord, viewer: number | null) =>
  d.owner_id === viewer || (!d.is_private && !d.is_archived);

const slugConflict = (slug: string) =>
  conflict(`the slug "${slug}" is already used by another dashboard of this owner`);

/**
 * Dashboards: visualization, text and parameter widgets on a 12-column grid, with a slug unique
 * per owner (case-insensitively). Private or archived dashboards are seen only in their owner
 * context; a visualization's query is shown only to those who may read it (canReadQuery).
 */
export class DashboardsService {
  constructor(private readonly deps: DashboardsDeps) {}

  private async get(id: number): Promise<DashboardRecord | undefined> {
    const head = await this.deps.repo.head(id);
    if (!head) return undefined;
    const widgets = await this.deps.repo.widgets([id]);
    return toDashboardRecord(head, widgets.get(id) ?? []);
  }

  /** The dashboard if `viewer` owns it, or it is neither private nor archived; else null. */
  async find(id: number, viewer: number | null): Promise<DashboardRecord | null> {
    const d = await this.get(id);
    return d && canSee(d, viewer) ? d : null;
  }

  /** The dashboard at `/{ownerHandle}/{slug}` (both case-insensitive), as `find`. */
  async findBySlug(
    ownerHandle: string,
    slug: string,
    viewer: number | null,
  ): Promise<DashboardRecord | null> {
    const id = await this.deps.repo.idBySlug(ownerHandle, slug);
    return id === undefined ? null : this.find(id, viewer);
  }

  /** As `find`, but none → not found. */
  async readable(id: number, viewer: number | null): Promise<DashboardRecord> {
    const d = await this.find(id, viewer);
    if (!d) throw notFound(DASHBOARD_NOT_FOUND);
    return d;
  }

  /** As `findBySlug`, but none → not found. */
  async bySlug(ownerHandle: string, slug: string, viewer: number | null): Promise<DashboardRecord> {
    const d = await this.findBySlug(ownerHandle, slug, viewer);
    if (!d) throw notFound(DASHBOARD_NOT_FOUND);
    return d;
  }

  /** The dashboard if the caller's context owns it; not found if it cannot see it, else forbidden if another's. */
  async writable(id: number, caller: Caller): Promise<DashboardRecord> {
    const d = await this.readable(id, caller.contextId);
    if (d.owner_id !== caller.contextId)
      throw forbidden('Dashboard is managed in the context of its owner');
    return d;
  }

  /** Creates a dashboard owned by the caller's context, laid out automatically (compat-reference 2.7). */
  async create(caller: Caller, input: CreateDashboardRequest): Promise<DashboardRecord> {
    const ownerId = caller.contextId;
    const { repo } = this.deps;
    return this.deps.store.transaction(async () => {
      const slug =
        input.slug ?? (await uniqueSlug(slugify(input.name), (s) => repo.slugTaken(ownerId, s)));
      if (input.slug !== undefined && (await repo.slugTaken(ownerId, slug)))
        throw slugConflict(slug);
      const columnsPerRow = (input.columns_per_row ?? 2) as ColumnsPerRow;
      const vizIds = input.visualization_ids ?? [];
      const plan = planWidgets(
        [],
        {
          text_widgets: input.text_widgets ?? [],
          visualization_widgets: vizIds.map((visualization_id) => ({ visualization_id })),
        },
        {
          columnsPerRow,
          visualization: await this.visualizationInfos(vizIds, ownerId),
          visualizationLabel: (i) => `visualization_ids[${i}]`,
        },
      );
      const id = await repo.insert(ownerId, caller.userId, {
        name: input.name,
        slug,
        isPrivate: input.is_private ?? false,
        columnsPerRow,
        tags: cleanTags(input.tags ?? []),
        maxResultAgeSeconds: input.max_result_age_seconds ?? null,
      });
      await repo.saveWidgets(id, plan);
      return (await this.get(id))!;
    });
  }

  /**
   * Applies a change in the owner context. Nothing given is invalid; archived is forbidden
   * (unarchive first); a slug another dashboard of the owner has is a conflict; a change to an
   * older `expectedVersion` is a stale write. The name never changes the slug.
   */
  async update(
    id: number,
    caller: Caller,
    changes: UpdateDashboardRequest,
    expectedVersion?: number,
  ): Promise<DashboardRecord> {
    if (!Object.values(changes).some((v) => v !== undefined))
      throw invalid('Nothing to update: give at least one field');
    const { repo } = this.deps;
    return this.deps.store.transaction(async () => {
      const cur = await this.writable(id, caller);
      if (expectedVersion !== undefined && expectedVersion !== cur.version)
        throw staleWrite('dashboard', expectedVersion, cur.version);
      if (cur.is_archived) throw forbidden('Dashboard is archived; unarchive it first');
      if (changes.slug !== undefined && (await repo.slugTaken(cur.owner_id, changes.slug, id)))
        throw slugConflict(changes.slug);
      const columnsPerRow = (changes.columns_per_row ?? cur.columns_per_row) as ColumnsPerRow;
      const widgets: WidgetInputs = {
        text_widgets: changes.text_widgets,
        visualization_widgets: changes.visualization_widgets,
        param_widgets: changes.param_widgets,
      };
      if (Object.values(widgets).some((v) => v !== undefined)) {
        const stored = (await repo.widgets([id])).get(id) ?? [];
        const plan = planWidgets(stored, widgets, {
          columnsPerRow,
          visualization: await this.visualizationInfos(shownBy(stored, widgets), caller.contextId),
        });
        await repo.saveWidgets(id, plan);
      }
      await repo.update(id, {
        name: changes.name ?? cur.name,
        slug: changes.slug ?? cur.slug,
        isPrivate: changes.is_private ?? cur.is_private,
        columnsPerRow,
        tags: changes.tags !== undefined ? cleanTags(changes.tags) : cur.tags,
        maxResultAgeSeconds:
          changes.max_result_age_seconds !== undefined
            ? changes.max_result_age_seconds
            : cur.max_result_age_seconds,
      });
      return (await this.get(id))!;
    });
  }

  /** Archives or unarchives (owner context); doing it twice changes nothing. */
  async setArchived(id: number, caller: Caller, archived: boolean): Promise<DashboardRecord> {
    return this.deps.store.transaction(async () => {
      const cur = await this.writable(id, caller);
      if (cur.is_archived === archived) return cur;
      await this.deps.repo.setArchived(id, archived);
      return (await this.get(id))!;
    });
  }

  /** The caller's context's dashboards, newest updated first, with the total matching. */
  async list(
    caller: Caller,
    opts: DashboardListOptions,
  ): Promise<{ dashboards: DashboardRecord[]; total: number }> {
    const { heads, total } = await this.deps.repo.list(
      caller.contextId,
      {
        includeArchived: opts.includeArchived ?? false,
        text: opts.q?.trim().toLowerCase() || undefined,
        tags: cleanTags(opts.tags ?? []).map((t) => t.toLowerCase()),
      },
      { limit: opts.limit, offset: opts.offset },
    );
    const widgets = await this.deps.repo.widgets(heads.map((h) => h.id));
    return {
      dashboards: heads.map((h) => toDashboardRecord(h, widgets.get(h.id) ?? [])),
      total,
    };
  }

  /** How many dashboards (any state) `ownerId` owns. */
  countOwned(ownerId: number): Promise<number> {
    return this.deps.repo.countOwned(ownerId);
  }

  /**
   * Each distinct visualization of a dashboard `viewer` may see, in widget order, with its query
   * when `viewer` may read it (null otherwise: the query's SQL and rows stay hidden).
   */
  async visualizationsOf(
    dashboardId: number,
    viewer: number | null,
  ): Promise<DashboardVisualizationView[]> {
    return this.viewsOf(await this.readable(dashboardId, viewer), viewer);
  }

  /** The dashboard at `/{ownerHandle}/{slug}` (as `findBySlug`) with its visualizations (as `visualizationsOf`), or null. */
  async findShownBySlug(
    ownerHandle: string,
    slug: string,
    viewer: number | null,
  ): Promise<ShownDashboard | null> {
    const dashboard = await this.findBySlug(ownerHandle, slug, viewer);
    return dashboard && { dashboard, visualizations: await this.viewsOf(dashboard, viewer) };
  }

  /** As `findShownBySlug`, but none → not found. */
  async shownBySlug(
    ownerHandle: string,
    slug: string,
    viewer: number | null,
  ): Promise<ShownDashboard> {
    const shown = await this.findShownBySlug(ownerHandle, slug, viewer);
    if (!shown) throw notFound(DASHBOARD_NOT_FOUND);
    return shown;
  }

  private async viewsOf(
    d: DashboardRecord,
    viewer: number | null,
  ): Promise<DashboardVisualizationView[]> {
    const views: DashboardVisualizationView[] = [];
    for (const id of new Set(d.visualization_widgets.map((w) => w.visualization_id))) {
      const visualization = await this.deps.visualizations.get(id);
      const query = visualization && (await this.deps.queries.get(visualization.query_id));
      if (visualization && query)
        views.push({ visualization, query: canReadQuery(query, viewer) ? query : null });
    }
    return views;
  }

  /**
   * The query of a visualization on a dashboard, for its results, and the maximum result age that
   * governs them (the dashboard's, else the query's): not found unless `viewer` may see the
   * dashboard, the visualization is on it and `viewer` may read its query.
   */
  async visualizationQuery(
    dashboardId: number,
    visualizationId: number,
    viewer: number | null,
  ): Promise<{ query: QueryRecord; maxResultAgeSeconds: number | null }> {
    const d = await this.readable(dashboardId, viewer);
    if (!d.visualization_widgets.some((w) => w.visualization_id === visualizationId))
      throw notFound('This visualization is not on this dashboard');
    const viz = await this.deps.visualizations.get(visualizationId);
    const query = viz && (await this.deps.queries.get(viz.query_id));
    if (!query || !canReadQuery(query, viewer)) throw notFound(PRIVATE_QUERY);
    return {
      query,
      maxResultAgeSeconds: governingAge(d.max_result_age_seconds, query.max_result_age_seconds),
    };
  }

  /**
   * What the widget planner may ask about the visualizations `ids` (looked up first, since the
   * planner is synchronous): the facts of one the context may read, else an invalid error
   * naming the input, raised only when the planner asks.
   */
  private async visualizationInfos(
    ids: Iterable<number>,
    contextId: number,
  ): Promise<PlanOptions['visualization']> {
    const known = new Map<number, VisualizationInfo | null>();
    for (const id of new Set(ids)) {
      const viz = await this.deps.visualizations.get(id);
      const query = viz && (await this.deps.queries.get(viz.query_id));
      known.set(
        id,
        query && canReadQuery(query, contextId)
          ? { queryId: query.id, parameterKeys: query.parameters.map((p) => p.key) }
          : null,
      );
    }
    return (id, label) => {
      const info = known.get(id);
      if (!info)
        throw invalid(`${label}: visualization ${id} does not exist or is not readable here`);
      return info;
    };
  }
}

/**
 * The visualizations the planner may ask about for a change: the given visualization widgets',
 * else (parameter widgets drive the stored ones) those of the stored visualization widgets.
 */
function shownBy(stored: readonly StoredWidget[], input: WidgetInputs): number[] {
  if (input.visualization_widgets)
    return input.visualization_widgets.map((w) => w.visualization_id);
  return stored.flatMap((w) =>
    w.kind === 'visualization' && w.visualization_id !== null ? [w.visualization_id] : [],
  );
}
