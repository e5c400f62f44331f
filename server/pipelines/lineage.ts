import type { ParameterValue } from '../../contract/parameters.js';
import type { PipelineNode } from '../../contract/pipelines.js';
import type { Dialect } from '../../contract/rules/enums.js';
import {
  boundTables,
  type BindingReference,
  type ReferenceColumns,
} from '../engine/bound-tables.js';
import { engineSql } from '../engine/dialects.js';
import { fullName } from '../lake/lake.js';
import { renderSql, resolveParameterValues } from '../engine/parameters.js';
import { SqlError } from '../engine/sql-errors.js';
import type { TierName } from '../engine/tiers.js';
import { invalid } from '../errors.js';
import {
  planReferences,
  recordedValues,
  type ReferencePlan,
} from '../executions/query-references.js';
import type { MatviewInfo, PipelineQuery, PipelinesDeps } from './ports.js';

export type LineageDeps = Pick<PipelinesDeps, 'lake' | 'queries' | 'matviews'>;

/** What a query reads that lineage follows: views of the context, and saved queries (`query_<id>`). */
type Reads = { views: MatviewInfo[]; refs: ReferencePlan[] };

/** SQL as it runs (parameters rendered), in its dialect, with the references planned for it. */
type PlannedSql = { sql: string; dialect: Dialect; refs: ReferencePlan[] };

/**
 * `query` rendered with `values` (defaults for the rest) and the saved queries it reads as
 * `query_<id>`, planned as `contextId` runs it (planReferences: a query the context may not run
 * is not_found, in the words an execute of it gets; bad values, cycles, depth are invalid).
 */
async function planned(
  d: LineageDeps,
  query: Pick<PipelineQuery, 'id' | 'query_sql' | 'dialect' | 'parameters'>,
  contextId: number,
  values: Record<string, ParameterValue | null>,
): Promise<PlannedSql> {
  const rendered = renderSql(query.query_sql, resolveParameterValues(query.parameters, values));
  const refs = await planReferences(d.queries, contextId, rendered.sql, {
    marks: rendered.marks,
    rootId: query.id,
  });
  return { sql: rendered.sql, dialect: query.dialect, refs };
}

/** A reference as boundTables binds it: its SQL as the engine runs it, and its own references. */
const bindingReference = (plan: ReferencePlan): BindingReference => ({
  name: plan.name,
  sql: engineSql(plan.rendered.sql, plan.query.dialect).sql,
  dialect: plan.query.dialect,
  references: plan.refs.map(bindingReference),
});

/**
 * What `source` reads, as the engine binds it with the tables `contextId` can see (in its
 * dialect, as it runs; each `query_<id>` an empty table with its result's columns): the
 * materialized views of `contextId`, and its planned references. Views of other contexts are
 * left out: they are read as they are, since only their owner refreshes them; so are the
 * tables a referenced query reads (the reference's own node follows them). `known`: the columns
 * of referenced queries bound before with the same context's tables.
 */
async function readsOf(
  d: LineageDeps,
  source: PlannedSql,
  contextId: number,
  what: string,
  known: ReferenceColumns,
): Promise<Reads> {
  let tables;
  try {
    const { sql } = engineSql(source.sql, source.dialect);
    const visible = await d.lake.visibleTo(contextId);
    tables = await boundTables({
      sql,
      dialect: source.dialect,
      tables: visible,
      lakeRoot: d.lake.root,
      references: source.refs.map(bindingReference),
      known,
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
  return { views, refs: source.refs };
}

/**
 * The lineage of a query as pipeline nodes, in dependency order with ids 1..n, the query itself
 * last. It depends on every materialized view of the context it reads and on every saved query
 * it reads as `query_<id>`: a `query_execution` node of that query with the values the
 * reference passes (as an execution records them), so a run of the pipeline leaves a fresh
 * result the reading query then reads without running it again. A view's source query (bound
 * with its owner's visibility and its parameters' defaults) and a referenced query depend on what
 * they read in turn, recursively; each view and each (query, values) is one node. A view that
 * reads itself, directly or through others (also through queries), is a cycle → 400 naming it.
 * `performance`, when given, applies to every node; otherwise each view keeps its own tier and
 * queries run on `medium`.
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
  /** What is being visited, by key, with the name a cycle's error shows. */
  const path: { key: string; label: string }[] = [];
  const queryPerformance = opts.performance ?? 'medium';
  // Every binding here sees the caller context's tables (only its own views are followed), so
  // a referenced query's columns, once bound, serve every level that reads it.
  const known: ReferenceColumns = new Map();

  /**
   * The id of the node of `key` (`label` in a cycle's error, `title` the thing that reads itself),
   * made once what it reads has its nodes; a key met again while it is visited is a cycle.
   */
  const visit = async (
    key: string,
    label: string,
    title: string,
    reads: () => Promise<Reads>,
    node: () => Omit<PipelineNode, 'id' | 'dependencies'>,
  ): Promise<number> => {
    const known = ids.get(key);
    if (known !== undefined) return known;
    const at = path.findIndex((p) => p.key === key);
    if (at !== -1) {
      const cycle = [...path.slice(at).map((p) => p.label), label];
      throw invalid(`${title} reads itself (cycle: ${cycle.join(' → ')})`);
    }
    path.push({ key, label });
    const dependencies = await visitReads(await reads());
    path.pop();
    const id = nodes.length + 1;
    nodes.push({ id, dependencies, ...node() });
    ids.set(key, id);
    return id;
  };

  const visitReads = async ({ views, refs }: Reads): Promise<number[]> => {
    const out: number[] = [];
    for (const view of views) out.push(await visitView(view));
    for (const plan of refs) out.push(await visitQuery(plan));
    return out;
  };

  const visitView = (view: MatviewInfo) =>
    visit(
      `view ${view.fullName}`,
      view.fullName,
      `materialized view ${view.fullName}`,
      async () => {
        const source = await d.queries.get(view.queryId);
        if (!source) return { views: [], refs: [] };
        const what = `query ${source.id}, the source of ${view.fullName},`;
        const sql = await planned(d, source, view.ownerId, {});
        return readsOf(d, sql, view.ownerId, what, known);
      },
      () => ({
        materialized_view_refresh: {
          name: view.fullName,
          performance: opts.performance ?? view.performance,
        },
      }),
    );

  // A referenced query runs as the reader's context runs it (reference-runs.ts).
  const visitQuery = (plan: ReferencePlan) => {
    const values = recordedValues(plan.values);
    return visit(
      `query ${plan.query.id} ${plan.paramsKey}`,
      plan.name,
      plan.name,
      () =>
        readsOf(
          d,
          { sql: plan.rendered.sql, dialect: plan.query.dialect, refs: plan.refs },
          opts.contextId,
          `query ${plan.query.id} (read as ${plan.name})`,
          known,
        ),
      () => ({
        query_execution: {
          query_id: plan.query.id,
          performance: queryPerformance,
          ...(Object.keys(values).length ? { query_parameters: values } : {}),
        },
      }),
    );
  };

  const sql = await planned(d, opts.query, opts.contextId, opts.values);
  const reads = await readsOf(d, sql, opts.contextId, `query ${opts.query.id}`, known);
  const direct = await visitReads(reads);
  nodes.push({
    id: nodes.length + 1,
    dependencies: direct,
    query_execution: {
      query_id: opts.query.id,
      performance: queryPerformance,
      ...(Object.keys(opts.values).length ? { query_parameters: opts.values } : {}),
    },
  });
  return nodes;
}
