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
