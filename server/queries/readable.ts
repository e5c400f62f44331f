import { sql, type RawBuilder } from 'kysely';

/** What the readability of a query depends on. */
export type QueryVisibility = { owner_id: number; is_private: boolean; is_temp: boolean };

/**
 * The one readability rule of a query: its owner context reads it; everyone else (other
 * contexts, anonymous viewers as `null`) only when it is neither private nor temporary (an
 * unsaved query's text is its owner's draft). Dashboards, visualizations, executions and
 * pipelines ask this, never their own copy.
 */
export const canReadQuery = (q: QueryVisibility, contextId: number | null): boolean =>
  q.owner_id === contextId || (!q.is_private && !q.is_temp);

/** Public: readable by any context and by anonymous viewers. */
export const isPublicQuery = (q: QueryVisibility): boolean => canReadQuery(q, null);

/**
 * The same rule as a SQL condition on the queries table under `alias`, for lists and joins
 * (flags are stored as 0/1 in both dialects).
 */
export function readableQuerySql(alias: string, contextId: number | null): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<boolean>`(${col('owner_id')} = ${contextId ?? -1} OR (${col('is_private')} = 0 AND ${col('is_temp')} = 0))`;
}
