import type {
  CreateVisualizationRequest,
  UpdateVisualizationRequest,
  VisualizationType,
} from '../../contract/visualizations.js';
import { forbidden, invalid, notFound, staleWrite } from '../errors.js';
import { type Db, nowIso, parseJson } from '../store/db.js';
import { Queries, type QueryRecord } from '../store/queries-repo.js';

export type VisualizationRecord = {
  id: number;
  query_id: number;
  created_by: number | null;
  name: string;
  type: VisualizationType;
  description: string;
  options: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Bumped by every change (If-Match). */
  version: number;
};

type Row = Omit<VisualizationRecord, 'options'> & { options: string };

export const VISUALIZATION_NOT_FOUND = 'Visualization not found or private';

const COLS =
  'id, query_id, created_by, name, type, description, options, created_at, updated_at, version';

const toRecord = (row: Row): VisualizationRecord => ({
  ...row,
  options: parseJson<Record<string, unknown>>(row.options, {}),
});

/**
 * Removes parameter widgets whose visualization widget is gone (after a visualization, and with it
 * its widgets, was deleted). `dashboardIds` limits the sweep; empty = nothing to do.
 */
export function dropDanglingParamWidgets(db: Db, dashboardIds: readonly number[]): void {
  if (!dashboardIds.length) return;
  db.prepare(
    `DELETE FROM dashboard_widgets
     WHERE kind = 'param' AND dashboard_id IN (${dashboardIds.map(() => '?').join(', ')})
       AND visualization_widget_id NOT IN (
         SELECT id FROM dashboard_widgets WHERE kind = 'visualization')`,
  ).run(...dashboardIds);
}

/**
 * Visualizations of saved queries. They follow their query: readable where the query is
 * (public, or the owner context), changed only in the query's owner context.
 */
export class Visualizations {
  constructor(
    private readonly db: Db,
    private readonly queries: Queries,
  ) {}

  get(id: number): VisualizationRecord | undefined {
    const row = this.db.prepare(`SELECT ${COLS} FROM visualizations WHERE id = ?`).get(id) as
      Row | undefined;
    return row && toRecord(row);
  }

  /** The visualization and its query if `contextId` may read the query (null = anonymous); else 404. */
  readable(id: number, contextId: number | null): { viz: VisualizationRecord; query: QueryRecord } {
    const viz = this.get(id);
    const query = viz && this.queries.get(viz.query_id);
    if (!viz || !query || (query.owner_id !== contextId && (query.is_private || query.is_temp)))
      throw notFound(VISUALIZATION_NOT_FOUND);
    return { viz, query };
  }

  /** As `readable`, and 403 unless `contextId` owns the query. */
  writable(id: number, contextId: number): VisualizationRecord {
    const { viz, query } = this.readable(id, contextId);
    if (query.owner_id !== contextId)
      throw forbidden('Visualization is managed in the context of its query’s owner');
    return viz;
  }

  /** Creates a visualization of a saved query owned by `contextId` (404 / 403 as for the query). */
  create(
    queryId: number,
    contextId: number,
    authorId: number | null,
    input: CreateVisualizationRequest,
  ): VisualizationRecord {
    const query = this.queries.writable(queryId, contextId);
    if (query.is_temp)
      throw invalid('A temporary query cannot have visualizations; save the query first');
    const now = nowIso();
    const info = this.db
      .prepare(
        `INSERT INTO visualizations (query_id, created_by, name, type, description, options,
           created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        query.id,
        authorId,
        input.name,
        input.type,
        input.description ?? '',
        JSON.stringify(input.options ?? {}),
        now,
        now,
      );
    return this.get(Number(info.lastInsertRowid))!;
  }

  /** A query's visualizations (the query readable by `contextId`), oldest first, and their count. */
  listForQuery(
    queryId: number,
    contextId: number,
    page: { limit: number; offset: number },
  ): { visualizations: VisualizationRecord[]; total: number } {
    const query = this.queries.readable(queryId, contextId);
    const total = this.db
      .prepare('SELECT count(*) FROM visualizations WHERE query_id = ?')
      .pluck()
      .get(query.id) as number;
    const rows = this.db
      .prepare(`SELECT ${COLS} FROM visualizations WHERE query_id = ? ORDER BY id LIMIT ? OFFSET ?`)
      .all(query.id, page.limit, page.offset) as Row[];
    return { visualizations: rows.map(toRecord), total };
  }

  /**
   * Changes the given fields (`options` replaces the whole object); empty changes → 400; a
   * change made to an older `expectedVersion` than the current one → 409.
   */
  update(
    id: number,
    contextId: number,
    changes: UpdateVisualizationRequest,
    expectedVersion?: number,
  ): VisualizationRecord {
    const given = Object.values(changes).some((v) => v !== undefined);
    if (!given) throw invalid('Nothing to update: give at least one field');
    return this.db.transaction(() => {
      const cur = this.writable(id, contextId);
      if (expectedVersion !== undefined && expectedVersion !== cur.version)
        throw staleWrite('visualization', expectedVersion, cur.version);
      this.db
        .prepare(
          `UPDATE visualizations SET name = ?, type = ?, description = ?, options = ?,
             updated_at = ?, version = version + 1 WHERE id = ?`,
        )
        .run(
          changes.name ?? cur.name,
          changes.type ?? cur.type,
          changes.description ?? cur.description,
          JSON.stringify(changes.options ?? cur.options),
          nowIso(),
          id,
        );
      return this.get(id)!;
    })();
  }

  /**
   * Deletes a visualization for good. Its dashboard widgets go with it (foreign key cascade), and
   * so do the parameter widgets that drove those widgets.
   */
  delete(id: number, contextId: number): void {
    this.db.transaction(() => {
      this.writable(id, contextId);
      const dashboards = this.db
        .prepare(
          "SELECT DISTINCT dashboard_id FROM dashboard_widgets WHERE kind = 'visualization' AND visualization_id = ?",
        )
        .pluck()
        .all(id) as number[];
      this.db.prepare('DELETE FROM visualizations WHERE id = ?').run(id);
      dropDanglingParamWidgets(this.db, dashboards);
      if (dashboards.length)
        this.db
          .prepare(
            `UPDATE dashboards SET updated_at = ? WHERE id IN (${dashboards.map(() => '?').join(', ')})`,
          )
          .run(nowIso(), ...dashboards);
    })();
  }
}
