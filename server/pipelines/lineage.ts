import type { ParameterValue } from '../../contract/parameters.js';
import type { PipelineNode } from '../../contract/pipelines.js';
import { boundTables } from '../engine/bound-tables.js';
import { engineSql } from '../engine/dialects.js';
import { fullName } from '../lake/lake.js';
import { renderSql, resolveParameterValues } from '../engine/parameters.js';
import { SqlError } from '../engine/sql-errors.js';
import type { TierName } from '../engine/tiers.js';
import { invalid } from '../errors.js';
import type { MatviewInfo, PipelineQuery, PipelinesDeps } from './ports.js';

export type LineageDeps = Pick<PipelinesDeps, 'lake' | 'queries' | 'matviews'>;

/**
 * The materialized views a query reads, as the engine binds it with the tables `contextId` can
 * see (parameters rendered with `values`, defaults for the rest; in its dialect, as it runs).
 * Views of other contexts are left out: they are read as they are, since only their owner
 * refreshes them.
 */
export async function viewsRead(
  d: LineageDeps,
  query: Pick<PipelineQuery, 'query_sql' | 'dialect' | 'parameters'>,
  contextId: number,
  values: Record<string, ParameterValue | null>,
  what: string,
): Promise<MatviewInfo[]> {
  const rendered = renderSql(query.query_sql, resolveParameterValues(query.parameters, values));
  let tables;
  try {
    const { sql } = engineSql(rendered.sql, query.dialect);
    const visible = await d.lake.visibleTo(contextId);
    tables = await boundTables({
      sql,
      dialect: query.dialect,
      tables: visible,
      lakeRoot: d.lake.root,
    });
  } catch (err) {
    if (!(err instanceof SqlError)) throw err;
    throw invalid(`${what} cannot be bound, so its lineage is unknown: ${err.message}`);
  }
  const views: MatviewInfo[] = [];
  for (const t of tables) {
    if (t.kind !== 'matview') continue;
    const view = await d.matviews?.byFullName(fullName(t));
    if (view && view.ownerId === contextId) views.push(view);
  }
  return views;
}

/**
 * The lineage of a query as pipeline nodes: every materialized view it reads, recursively (a
 * view's source query is bound with its owner's visibility and its parameters' defaults), in
 * dependency order with ids 1..n, then the query itself depending on the views it reads
 * directly. A view that reads itself, directly or through others, is a cycle → 400 naming it.
 * `performance`, when given, applies to every node; otherwise each view keeps its own tier and
 * the query runs on `medium`.
 */
export async function queryLineage(
  d: LineageDeps,
  opts: {
    contextId: number;
    query: PipelineQuery;
    values: Record<string, ParameterValue | null>;
    performance?: TierName;
  },
): Promise<PipelineNode[]> {
  const nodes: PipelineNode[] = [];
  const ids = new Map<string, number>();
  const path: string[] = [];

  const visit = async (view: MatviewInfo): Promise<number> => {
    const known = ids.get(view.fullName);
    if (known !== undefined) return known;
    if (path.includes(view.fullName)) {
      const cycle = [...path.slice(path.indexOf(view.fullName)), view.fullName];
      throw invalid(
        `materialized view ${view.fullName} reads itself (cycle: ${cycle.join(' → ')})`,
      );
    }
    path.push(view.fullName);
    const source = await d.queries.get(view.queryId);
    const dependencies: number[] = [];
    if (source) {
      const what = `query ${source.id}, the source of ${view.fullName},`;
      for (const upstream of await viewsRead(d, source, view.ownerId, {}, what)) {
        dependencies.push(await visit(upstream));
      }
    }
    path.pop();
    const id = nodes.length + 1;
    nodes.push({
      id,
      dependencies,
      materialized_view_refresh: {
        name: view.fullName,
        performance: opts.performance ?? view.performance,
      },
    });
    ids.set(view.fullName, id);
    return id;
  };

  const what = `query ${opts.query.id}`;
  const direct: number[] = [];
  for (const view of await viewsRead(d, opts.query, opts.contextId, opts.values, what)) {
    direct.push(await visit(view));
  }
  nodes.push({
    id: nodes.length + 1,
    dependencies: direct,
    query_execution: {
      query_id: opts.query.id,
      performance: opts.performance ?? 'medium',
      ...(Object.keys(opts.values).length ? { query_parameters: opts.values } : {}),
    },
  });
  return nodes;
}
