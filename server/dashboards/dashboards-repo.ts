import { sql, type Selectable } from 'kysely';
import { nowIso, parseJson } from '../store/db.js';
import type { DashboardsTable, DashboardWidgetsTable } from '../store/schema.js';
import { flag, isSet, type Store } from '../store/store.js';
import { containsText, jsonArrayHasAny } from '../store/sql-filters.js';
import type { DashboardHead } from './dashboard-record.js';
import type { ColumnsPerRow } from './layout.js';
import type { StoredWidget, WidgetPlan } from './widgets.js';

/** The fields of a dashboard a change sets (all of them: the service fills in the current ones). */
export type DashboardFields = {
  name: string;
  slug: string;
  isPrivate: boolean;
  columnsPerRow: ColumnsPerRow;
  tags: string[];
  /** How old a result its viewers accept, in seconds; null: any (contract/rules/result-age.ts). */
  maxResultAgeSeconds: number | null;
};

/** What a list keeps; text and tags come lower-cased and cleaned. */
export type DashboardFilter = {
  includeArchived: boolean;
  /** Lower-cased substring of the name or slug. */
  text?: string;
  /** Lower-cased tags, every one needed. */
  tags: string[];
};

const HEAD_COLS = [
  'd.id',
  'd.owner_id',
  'a.handle as owner_handle',
  'd.created_by',
  'd.name',
  'd.slug',
  'd.is_private',
  'd.is_archived',
  'd.columns_per_row',
  'd.tags',
  'd.created_at',
  'd.updated_at',
  'd.version',
  'd.max_result_age_seconds',
] as const;

/** A dashboards row joined with its owner's handle (HEAD_COLUMNS). */
type HeadRow = Selectable<DashboardsTable> & { owner_handle: string };

const toHead = (row: HeadRow): DashboardHead => ({
  ...row,
  is_private: isSet(row.is_private),
  is_archived: isSet(row.is_archived),
  columns_per_row: row.columns_per_row as ColumnsPerRow,
  tags: parseJson<string[]>(row.tags, []),
});

const toWidget = ({
  col,
  row,
  size_x,
  size_y,
  dashboard_id: _,
  ...w
}: Selectable<DashboardWidgetsTable>): StoredWidget => ({
  ...w,
  position: { col, row, size_x, size_y },
});

/** The widget columns of a planned row (everything but its id and dashboard). */
const widgetValues = (w: WidgetPlan['rows'][number]) => ({
  kind: w.kind,
  uid: w.uid,
  visualization_id: w.visualization_id,
  text: w.text,
  param_key: w.param_key,
  query_id: w.query_id,
  visualization_widget_id: w.visualization_widget_id,
  col: w.position.col,
  row: w.position.row,
  size_x: w.position.size_x,
  size_y: w.position.size_y,
  ord: w.ord,
});

/** Dashboards and their widgets in the metadata store: SQL only (rules: dashboards-service.ts). */
export class DashboardsRepo {
  constructor(private readonly store: Store) {}

  private heads() {
    return this.store.db
      .selectFrom('dashboards as d')
      .innerJoin('accounts as a', 'a.id', 'd.owner_id');
  }

  async head(id: number): Promise<DashboardHead | undefined> {
    const row = await this.heads().select(HEAD_COLS).where('d.id', '=', id).executeTakeFirst();
    return row && toHead(row);
  }

  /** The id of the dashboard at `/{ownerHandle}/{slug}`, both compared case-insensitively. */
  async idBySlug(ownerHandle: string, slug: string): Promise<number | undefined> {
    const row = await this.heads()
      .select('d.id')
      .where(sql<boolean>`lower(a.handle) = lower(${ownerHandle})`)
      .where(sql<boolean>`lower(d.slug) = lower(${slug})`)
      .executeTakeFirst();
    return row?.id;
  }

  /** Whether another dashboard of `ownerId` (not `exceptId`) has `slug`, whatever its case. */
  async slugTaken(ownerId: number, slug: string, exceptId = -1): Promise<boolean> {
    const row = await this.store.db
      .selectFrom('dashboards')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where(sql<boolean>`lower(slug) = lower(${slug})`)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(ownerId: number, createdBy: number | null, f: DashboardFields): Promise<number> {
    const now = nowIso();
    const row = await this.store.db
      .insertInto('dashboards')
      .values({
        owner_id: ownerId,
        created_by: createdBy,
        name: f.name,
        slug: f.slug,
        is_private: flag(f.isPrivate),
        columns_per_row: f.columnsPerRow,
        tags: JSON.stringify(f.tags),
        max_result_age_seconds: f.maxResultAgeSeconds,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Sets every field and bumps the version. */
  async update(id: number, f: DashboardFields): Promise<void> {
    await this.store.db
      .updateTable('dashboards')
      .set((eb) => ({
        name: f.name,
        slug: f.slug,
        is_private: flag(f.isPrivate),
        columns_per_row: f.columnsPerRow,
        tags: JSON.stringify(f.tags),
        max_result_age_seconds: f.maxResultAgeSeconds,
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  }

  async setArchived(id: number, archived: boolean): Promise<void> {
    await this.store.db
      .updateTable('dashboards')
      .set((eb) => ({
        is_archived: flag(archived),
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Dashboards of `ownerId` that pass `filter`, newest updated first, and how many pass. */
  async list(
    ownerId: number,
    filter: DashboardFilter,
    page: { limit: number; offset: number },
  ): Promise<{ heads: DashboardHead[]; total: number }> {
    let q = this.heads().where('d.owner_id', '=', ownerId);
    if (!filter.includeArchived) q = q.where('d.is_archived', '=', 0);
    if (filter.text)
      q = q.where(containsText(this.store.dialect, ['d.name', 'd.slug'], filter.text));
    for (const tag of filter.tags)
      q = q.where(jsonArrayHasAny(this.store.dialect, 'd.tags', [tag]));
    const count = await q
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .select(HEAD_COLS)
      .orderBy('d.updated_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { heads: rows.map(toHead), total: Number(count.n) };
  }

  /** How many dashboards (any state) `ownerId` owns. */
  async countOwned(ownerId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('dashboards')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The stored widgets of each dashboard (every id gets an entry), by kind, order and id. */
  async widgets(dashboardIds: readonly number[]): Promise<Map<number, StoredWidget[]>> {
    const out = new Map<number, StoredWidget[]>(dashboardIds.map((id) => [id, []]));
    if (!dashboardIds.length) return out;
    const rows = await this.store.db
      .selectFrom('dashboard_widgets')
      .selectAll()
      .where('dashboard_id', 'in', dashboardIds)
      .orderBy('kind')
      .orderBy('ord')
      .orderBy('id')
      .execute();
    for (const row of rows) out.get(row.dashboard_id)?.push(toWidget(row));
    return out;
  }

  /**
   * Stores a widget plan: new widgets are inserted before old ones are removed, so a new widget
   * never takes the id of one that has just gone; kept widgets are updated in place.
   */
  async saveWidgets(dashboardId: number, plan: WidgetPlan): Promise<void> {
    const db = this.store.db;
    const keep = new Set<number>();
    for (const w of plan.rows) {
      if (w.id === null) {
        const row = await db
          .insertInto('dashboard_widgets')
          .values({ dashboard_id: dashboardId, ...widgetValues(w) })
          .returning('id')
          .executeTakeFirstOrThrow();
        keep.add(row.id);
      } else {
        await db
          .updateTable('dashboard_widgets')
          .set(widgetValues(w))
          .where('id', '=', w.id)
          .where('dashboard_id', '=', dashboardId)
          .execute();
        keep.add(w.id);
      }
    }
    const stored = await db
      .selectFrom('dashboard_widgets')
      .select(['id', 'kind'])
      .where('dashboard_id', '=', dashboardId)
      .execute();
    const dropParams = new Set(plan.dropParams);
    const drop = stored
      .filter((w) => (plan.replace.includes(w.kind) && !keep.has(w.id)) || dropParams.has(w.id))
      .map((w) => w.id);
    if (drop.length) await db.deleteFrom('dashboard_widgets').where('id', 'in', drop).execute();
  }

  /** The dashboards with a widget showing visualization `visualizationId`. */
  async showing(visualizationId: number): Promise<number[]> {
    const rows = await this.store.db
      .selectFrom('dashboard_widgets')
      .select('dashboard_id')
      .distinct()
      .where('kind', '=', 'visualization')
      .where('visualization_id', '=', visualizationId)
      .execute();
    return rows.map((r) => r.dashboard_id);
  }

  /**
   * Removes the parameter widgets of `dashboardIds` whose visualization widget is gone (after a
   * visualization, and with it its widgets, was deleted), and marks those dashboards updated.
   */
  async dropDanglingParamWidgets(dashboardIds: readonly number[]): Promise<void> {
    if (!dashboardIds.length) return;
    const db = this.store.db;
    await db
      .deleteFrom('dashboard_widgets')
      .where('kind', '=', 'param')
      .where('dashboard_id', 'in', dashboardIds)
      .where('visualization_widget_id', 'not in', (eb) =>
        eb.selectFrom('dashboard_widgets').select('id').where('kind', '=', 'visualization'),
      )
      .execute();
    await db
      .updateTable('dashboards')
      .set({ updated_at: nowIso() })
      .where('id', 'in', dashboardIds)
      .execute();
  }
}
