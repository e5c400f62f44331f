import type {
  CreateDashboardRequest,
  UpdateDashboardRequest,
  WidgetPosition,
} from '../../contract/dashboards.js';
import { conflict, forbidden, invalid, notFound, staleWrite } from '../errors.js';
import { type Db, nowIso, parseJson } from '../store/db.js';
import { Queries, type QueryRecord } from '../store/queries-repo.js';
import { Visualizations, type VisualizationRecord } from '../visualizations/visualizations-repo.js';
import type { ColumnsPerRow } from './layout.js';
import { slugify, uniqueSlug } from './slugs.js';
import {
  planWidgets,
  type StoredWidget,
  type VisualizationInfo,
  type WidgetInputs,
  type WidgetKind,
} from './widgets.js';

export type DashboardRecord = {
  id: number;
  owner_id: number;
  owner_handle: string;
  created_by: number | null;
  name: string;
  slug: string;
  is_private: boolean;
  is_archived: boolean;
  columns_per_row: ColumnsPerRow;
  tags: string[];
  created_at: string;
  updated_at: string;
  /** Bumped by every change (If-Match). */
  version: number;
  text_widgets: { widget_id: number; text: string; position: WidgetPosition }[];
  visualization_widgets: {
    widget_id: number;
    visualization_id: number;
    position: WidgetPosition;
  }[];
  param_widgets: {
    widget_id: string;
    key: string;
    query_id: number;
    visualization_widget_id: number;
    position: WidgetPosition;
  }[];
};

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

export const DASHBOARD_NOT_FOUND = 'Dashboard not found or private';
export const PRIVATE_QUERY = 'This visualization’s query is private.';

type Row = Omit<
  DashboardRecord,
  'is_private' | 'is_archived' | 'tags' | 'text_widgets' | 'visualization_widgets' | 'param_widgets'
> & { is_private: number; is_archived: number; tags: string };

type WidgetDbRow = Omit<StoredWidget, 'position'> & {
  col: number;
  row: number;
  size_x: number;
  size_y: number;
};

const COLS = `d.id, d.owner_id, a.handle AS owner_handle, d.created_by, d.name, d.slug,
  d.is_private, d.is_archived, d.columns_per_row, d.tags, d.created_at, d.updated_at, d.version`;
const FROM = 'FROM dashboards d JOIN accounts a ON a.id = d.owner_id';

/** Trimmed, without empty entries and without case-insensitive duplicates (first one kept). */
function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((t) => t.trim())
    .filter((t) => {
      const k = t.toLowerCase();
      if (!t || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

const canSee = (d: DashboardRecord, contextId: number | null) =>
  d.owner_id === contextId || (!d.is_private && !d.is_archived);

/** Whether `contextId` (null = anonymous) may read a query: its owner context, or public. */
export const canReadQuery = (q: QueryRecord, contextId: number | null) =>
  q.owner_id === contextId || (!q.is_private && !q.is_temp);

/**
 * Dashboards: visualization, text and parameter widgets on a 12-column grid, with a slug unique
 * per owner. Private or archived dashboards are seen only in their owner context.
 */
export class Dashboards {
  constructor(
    private readonly db: Db,
    private readonly queries: Queries,
    private readonly visualizations: Visualizations,
  ) {}

  get(id: number): DashboardRecord | undefined {
    const row = this.db.prepare(`SELECT ${COLS} ${FROM} WHERE d.id = ?`).get(id) as Row | undefined;
    return row && this.withWidgets(row);
  }

  /** The dashboard if `contextId` owns it, or it is neither private nor archived; else 404. */
  readable(id: number, contextId: number | null): DashboardRecord {
    const d = this.get(id);
    if (!d || !canSee(d, contextId)) throw notFound(DASHBOARD_NOT_FOUND);
    return d;
  }

  /** The dashboard at `/{ownerHandle}/{slug}` (both case-insensitive), as `readable`. */
  bySlug(ownerHandle: string, slug: string, contextId: number | null): DashboardRecord {
    const id = this.db
      .prepare(`SELECT d.id ${FROM} WHERE a.handle = ? AND d.slug = ?`)
      .pluck()
      .get(ownerHandle, slug) as number | undefined;
    return this.readable(id ?? -1, contextId);
  }

  /** The dashboard if `contextId` owns it; 404 if it cannot see it, 403 if it is another's. */
  writable(id: number, contextId: number): DashboardRecord {
    const d = this.readable(id, contextId);
    if (d.owner_id !== contextId)
      throw forbidden('Dashboard is managed in the context of its owner');
    return d;
  }

  /** Creates a dashboard owned by `ownerId`, laid out automatically (compat-reference 2.7). */
  create(ownerId: number, authorId: number | null, input: CreateDashboardRequest) {
    return this.db.transaction((): DashboardRecord => {
      const slug = input.slug ?? uniqueSlug(slugify(input.name), (s) => this.slugTaken(ownerId, s));
      if (input.slug !== undefined && this.slugTaken(ownerId, slug)) throw slugConflict(slug);
      const columnsPerRow = (input.columns_per_row ?? 2) as ColumnsPerRow;
      const plan = planWidgets(
        [],
        {
          text_widgets: input.text_widgets ?? [],
          visualization_widgets: (input.visualization_ids ?? []).map((visualization_id) => ({
            visualization_id,
          })),
        },
        {
          columnsPerRow,
          visualization: (id, label) => this.visualizationInfo(id, ownerId, label),
          visualizationLabel: (i) => `visualization_ids[${i}]`,
        },
      );
      const now = nowIso();
      const info = this.db
        .prepare(
          `INSERT INTO dashboards (owner_id, created_by, name, slug, is_private, columns_per_row,
             tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          ownerId,
          authorId,
          input.name,
          slug,
          input.is_private ? 1 : 0,
          columnsPerRow,
          JSON.stringify(cleanTags(input.tags ?? [])),
          now,
          now,
        );
      const id = Number(info.lastInsertRowid);
      this.applyPlan(id, plan);
      return this.get(id)!;
    })();
  }

  /**
   * Applies a change in the owner context. Empty → 400; archived → 403 (unarchive first); a
   * slug another dashboard of the owner has → 409; a change to an older `expectedVersion` → 409.
   * The name never changes the slug.
   */
  update(
    id: number,
    contextId: number,
    changes: UpdateDashboardRequest,
    expectedVersion?: number,
  ): DashboardRecord {
    if (!Object.values(changes).some((v) => v !== undefined))
      throw invalid('Nothing to update: give at least one field');
    return this.db.transaction((): DashboardRecord => {
      const cur = this.writable(id, contextId);
      if (expectedVersion !== undefined && expectedVersion !== cur.version)
        throw staleWrite('dashboard', expectedVersion, cur.version);
      if (cur.is_archived) throw forbidden('Dashboard is archived; unarchive it first');
      if (changes.slug !== undefined && this.slugTaken(cur.owner_id, changes.slug, id))
        throw slugConflict(changes.slug);
      const columnsPerRow = (changes.columns_per_row ?? cur.columns_per_row) as ColumnsPerRow;
      const widgets: WidgetInputs = {
        text_widgets: changes.text_widgets,
        visualization_widgets: changes.visualization_widgets,
        param_widgets: changes.param_widgets,
      };
      if (Object.values(widgets).some((v) => v !== undefined)) {
        const plan = planWidgets(this.storedWidgets(id), widgets, {
          columnsPerRow,
          visualization: (vid, label) => this.visualizationInfo(vid, contextId, label),
        });
        this.applyPlan(id, plan);
      }
      this.db
        .prepare(
          `UPDATE dashboards SET name = ?, slug = ?, is_private = ?, columns_per_row = ?, tags = ?,
             updated_at = ?, version = version + 1 WHERE id = ?`,
        )
        .run(
          changes.name ?? cur.name,
          changes.slug ?? cur.slug,
          (changes.is_private ?? cur.is_private) ? 1 : 0,
          columnsPerRow,
          JSON.stringify(changes.tags !== undefined ? cleanTags(changes.tags) : cur.tags),
          nowIso(),
          id,
        );
      return this.get(id)!;
    })();
  }

  /** Archives or unarchives (owner context); doing it twice is a no-op. */
  setArchived(id: number, contextId: number, archived: boolean): DashboardRecord {
    return this.db.transaction((): DashboardRecord => {
      const cur = this.writable(id, contextId);
      if (cur.is_archived === archived) return cur;
      this.db
        .prepare(
          'UPDATE dashboards SET is_archived = ?, updated_at = ?, version = version + 1 WHERE id = ?',
        )
        .run(archived ? 1 : 0, nowIso(), id);
      return this.get(id)!;
    })();
  }

  /** Dashboards of a context, newest updated first, with the total matching. */
  list(contextId: number, opts: DashboardListOptions) {
    const where = ['d.owner_id = ?'];
    const args: (string | number)[] = [contextId];
    if (!opts.includeArchived) where.push('d.is_archived = 0');
    const q = opts.q?.trim().toLowerCase();
    if (q) {
      where.push('(instr(lower(d.name), ?) > 0 OR instr(lower(d.slug), ?) > 0)');
      args.push(q, q);
    }
    for (const tag of cleanTags(opts.tags ?? [])) {
      where.push('EXISTS (SELECT 1 FROM json_each(d.tags) t WHERE lower(t.value) = ?)');
      args.push(tag.toLowerCase());
    }
    const clause = where.join(' AND ');
    const total = this.db
      .prepare(`SELECT count(*) ${FROM} WHERE ${clause}`)
      .pluck()
      .get(...args) as number;
    const rows = this.db
      .prepare(
        `SELECT ${COLS} ${FROM} WHERE ${clause} ORDER BY d.updated_at DESC, d.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, opts.limit, opts.offset) as Row[];
    return { dashboards: rows.map((r) => this.withWidgets(r)), total };
  }

  /** How many dashboards (any state) `ownerId` owns. */
  countOwned(ownerId: number): number {
    return this.db
      .prepare('SELECT count(*) FROM dashboards WHERE owner_id = ?')
      .pluck()
      .get(ownerId) as number;
  }

  /**
   * Each distinct visualization of the dashboard, in widget order, with its query when
   * `contextId` may read it (null otherwise: the query's SQL and rows stay hidden).
   */
  visualizationsOf(d: DashboardRecord, contextId: number | null): DashboardVisualizationView[] {
    const ids = [...new Set(d.visualization_widgets.map((w) => w.visualization_id))];
    return ids.flatMap((id) => {
      const visualization = this.visualizations.get(id);
      const query = visualization && this.queries.get(visualization.query_id);
      if (!visualization || !query) return [];
      return [{ visualization, query: canReadQuery(query, contextId) ? query : null }];
    });
  }

  private visualizationInfo(id: number, contextId: number, label: string): VisualizationInfo {
    const viz = this.visualizations.get(id);
    const query = viz && this.queries.get(viz.query_id);
    if (!viz || !query || !canReadQuery(query, contextId))
      throw invalid(`${label}: visualization ${id} does not exist or is not readable here`);
    return { queryId: query.id, parameterKeys: query.parameters.map((p) => p.key) };
  }

  private slugTaken(ownerId: number, slug: string, exceptId = -1): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM dashboards WHERE owner_id = ? AND slug = ? AND id != ?')
        .get(ownerId, slug, exceptId) !== undefined
    );
  }

  private storedWidgets(dashboardId: number): StoredWidget[] {
    const rows = this.db
      .prepare('SELECT * FROM dashboard_widgets WHERE dashboard_id = ? ORDER BY kind, ord, id')
      .all(dashboardId) as (WidgetDbRow & { dashboard_id: number })[];
    return rows.map(({ col, row, size_x, size_y, dashboard_id: _, ...w }) => ({
      ...w,
      position: { col, row, size_x, size_y },
    }));
  }

  /**
   * Stores a plan: new widgets are inserted before old ones are removed, so a new widget never
   * takes the id of one that has just gone; kept widgets are updated in place.
   */
  private applyPlan(dashboardId: number, plan: ReturnType<typeof planWidgets>): void {
    const insert = this.db.prepare(
      `INSERT INTO dashboard_widgets (dashboard_id, kind, uid, visualization_id, text, param_key,
         query_id, visualization_widget_id, col, row, size_x, size_y, ord)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const update = this.db.prepare(
      `UPDATE dashboard_widgets SET kind = ?, uid = ?, visualization_id = ?, text = ?,
         param_key = ?, query_id = ?, visualization_widget_id = ?, col = ?, row = ?, size_x = ?,
         size_y = ?, ord = ? WHERE id = ? AND dashboard_id = ?`,
    );
    const keep = new Set<number>();
    for (const w of plan.rows) {
      const values = [
        w.kind,
        w.uid,
        w.visualization_id,
        w.text,
        w.param_key,
        w.query_id,
        w.visualization_widget_id,
        w.position.col,
        w.position.row,
        w.position.size_x,
        w.position.size_y,
        w.ord,
      ];
      if (w.id === null) {
        keep.add(Number(insert.run(dashboardId, ...values).lastInsertRowid));
      } else {
        update.run(...values, w.id, dashboardId);
        keep.add(w.id);
      }
    }
    const drop = this.db.prepare('DELETE FROM dashboard_widgets WHERE id = ?');
    const stored = this.db
      .prepare('SELECT id, kind FROM dashboard_widgets WHERE dashboard_id = ?')
      .all(dashboardId) as { id: number; kind: WidgetKind }[];
    const dropParams = new Set(plan.dropParams);
    for (const w of stored)
      if ((plan.replace.includes(w.kind) && !keep.has(w.id)) || dropParams.has(w.id))
        drop.run(w.id);
  }

  private withWidgets(row: Row): DashboardRecord {
    const widgets = this.storedWidgets(row.id);
    const of = (kind: WidgetKind) =>
      widgets.filter((w) => w.kind === kind).sort((a, b) => a.ord - b.ord || a.id - b.id);
    const visualization_widgets = of('visualization').map((w) => ({
      widget_id: w.id,
      visualization_id: w.visualization_id!,
      position: w.position,
    }));
    const vizIds = new Set(visualization_widgets.map((w) => w.widget_id));
    return {
      ...row,
      is_private: row.is_private === 1,
      is_archived: row.is_archived === 1,
      tags: parseJson<string[]>(row.tags, []),
      text_widgets: of('text').map((w) => ({
        widget_id: w.id,
        text: w.text ?? '',
        position: w.position,
      })),
      visualization_widgets,
      // A parameter widget whose visualization widget is gone is never served.
      param_widgets: of('param')
        .filter((w) => vizIds.has(w.visualization_widget_id ?? -1))
        .map((w) => ({
          widget_id: w.uid ?? String(w.id),
          key: w.param_key ?? '',
          query_id: w.query_id!,
          visualization_widget_id: w.visualization_widget_id!,
          position: w.position,
        })),
    };
  }
}

const slugConflict = (slug: string) =>
  conflict(`the slug "${slug}" is already used by another dashboard of this owner`);
