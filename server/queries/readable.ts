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
 * The one rule of a query's own public pages, which anyone sees with no account: its link
 * previews (the tags of `/queries/{id}` and `?viz=`, the `/og/queries/...` images) and its
 * visualizations' embeds. They exist while the query is public and not archived: archiving
 * withdraws them, as it does a dashboard's. Services ask this, never their own copy.
 */
export const isPubliclyShown = (q: QueryVisibility & { is_archived: boolean }): boolean =>
  !q.is_archived && isPublicQuery(q);

/** What a caller is told of a query it may not read, or that does not exist. */
export const QUERY_NOT_FOUND = 'Query not found or private';
