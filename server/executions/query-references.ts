import type { SqlMark } from '../../shared/sql/offsets.js';
import {
  queryReferences,
  referenceValue,
  type QueryReference,
} from '../../shared/sql/query-references.js';
import {
  parameterKey,
  renderSql,
  resolveParameterValues,
  type Rendered,
  type ResolvedValue,
} from '../engine/parameters.js';
import { AppError, invalid, notFound } from '../errors.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import { REFUSAL_MESSAGES, runRefusal } from '../queries/runnable.js';

/** How deep references may nest: a query reading a query reading … (the run's SQL is level 0). */
export const MAX_REFERENCE_DEPTH = 5;
/** Saved queries one run may read through references, counted over every level. */
export const MAX_REFERENCED_QUERIES = 50;

/**
 * One `query_<id>` a run reads, planned: the saved query (readable by the run's context, not
 * archived), the values for its parameters, its SQL rendered with them, and what it reads in
 * turn. A run binds each to a fresh enough result or runs it first (reference-runs.ts).
 */
export type ReferencePlan = {
  /** The name the SQL reads it by (QueryReference.name), the table the sandbox shows. */
  name: string;
  query: QueryRecord;
  values: Record<string, ResolvedValue>;
  paramsKey: string;
  rendered: Rendered;
  refs: ReferencePlan[];
};

export type PlanDeps = { get(id: number): Promise<QueryRecord | undefined> };

/** The values as an execution records them (execution-input.ts renderSubmission does the same). */
export const recordedValues = (values: Record<string, ResolvedValue>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      v.def.isMultiselect ? v.values : (v.values[0] ?? ''),
    ]),
  );

/**
 * The references of `sql` (rendered: its own parameters substituted, at `marks`) that
 * `contextId` runs, planned to every level. Refused before anything runs, with an AppError:
 * a reference written wrongly or made by a parameter value (invalid), a query the context may
 * not run, archived or unknown (not_found, the words an execute of it gets, so nothing of it
 * shows), values its parameters refuse (invalid), a cycle or nesting past
 * MAX_REFERENCE_DEPTH (invalid). `rootId` is the saved query `sql` is, if any (0: ad-hoc SQL).
 */
export async function planReferences(
  deps: PlanDeps,
  contextId: number,
  sql: string,
  opts: { marks?: readonly SqlMark[]; rootId?: number } = {},
): Promise<ReferencePlan[]> {
  const seen = { count: 0 };
  const path = opts.rootId ? [opts.rootId] : [];
  return planLevel(deps, contextId, sql, opts.marks ?? [], { path, depth: 1, seen });
}

async function planLevel(
  deps: PlanDeps,
  contextId: number,
  sql: string,
  marks: readonly SqlMark[],
  at: { path: number[]; depth: number; seen: { count: number } },
): Promise<ReferencePlan[]> {
  const { path, depth, seen } = at;
  const { refs, problems } = queryReferences(sql);
  if (problems.length) throw invalid(problems[0]!.message);
  const byName = new Map<string, QueryReference>();
  for (const r of refs) {
    const made = marks.find(
      (m) => m.outStart < r.end && m.outEnd > r.start && (r.argsStart ?? r.end) >= m.outStart,
    );
    if (made)
      throw invalid(
        `a parameter value cannot name a query to read (${sql.slice(r.start, Math.min(r.end, r.start + 60))})`,
      );
    const same = byName.get(r.name);
    if (same && JSON.stringify(same.args) !== JSON.stringify(r.args))
      throw invalid(`query_${r.queryId} is read with values that differ only in letter case`);
    byName.set(r.name, r);
  }
  const plans: ReferencePlan[] = [];
  for (const r of byName.values()) {
    const name = `query_${r.queryId}`;
    if (path.includes(r.queryId))
      throw invalid(
        `${[...path, r.queryId].map((id) => `query_${id}`).join(' → ')}: a query cannot read itself, directly or through other queries`,
      );
    if (depth > MAX_REFERENCE_DEPTH)
      throw invalid(
        `${name}: queries may read other queries at most ${MAX_REFERENCE_DEPTH} levels deep`,
      );
    if (++seen.count > MAX_REFERENCED_QUERIES)
      throw invalid(`a run may read at most ${MAX_REFERENCED_QUERIES} saved queries`);
    const query = await deps.get(r.queryId);
    // Archived, private elsewhere or unknown: one answer, so nothing of the query shows.
    if (runRefusal(query, contextId) !== null || !query)
      throw notFound(`${name}: ${REFUSAL_MESSAGES.not_found}`);
    const plan = planOne(query, r);
    plan.refs = await planLevel(deps, contextId, plan.rendered.sql, plan.rendered.marks, {
      path: [...path, r.queryId],
      depth: depth + 1,
      seen,
    });
    plans.push(plan);
  }
  return plans;
}

/** The reference's values checked against the query's parameters, and its SQL rendered. */
function planOne(query: QueryRecord, r: QueryReference): ReferencePlan {
  const name = `query_${r.queryId}`;
  try {
    const given = Object.fromEntries(
      Object.entries(r.args).map(([k, v]) => [k, referenceValue(v)]),
    );
    const values = resolveParameterValues(query.parameters, given);
    const rendered = renderSql(query.query_sql, values);
    return {
      name: r.name,
      query,
      values,
      paramsKey: parameterKey(values),
      rendered,
      refs: [],
    };
  } catch (err) {
    if (err instanceof AppError) throw invalid(`${name}: ${err.message}`);
    throw err;
  }
}
