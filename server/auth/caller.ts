import type { Principal } from './principal.js';

/**
 * Who acts, as every service sees it: the context acted in (the owner of what is created and the
 * one whose private objects are readable), and the user and API key that act (null for a system
 * job such as the demo data or a schedule).
 */
export type Caller = { contextId: number; userId: number | null; apiKeyId: string | null };

/** The caller of a request. */
export const callerOf = (p: Pick<Principal, 'context' | 'user' | 'apiKeyId'>): Caller => ({
  contextId: p.context.id,
  userId: p.user?.id ?? null,
  apiKeyId: p.apiKeyId,
});

/** Where a request's run comes from: the web app (a session) or the API (a key). */
export const sourceOf = (p: Pick<Principal, 'via'>) =>
  p.via === 'session' ? ('app' as const) : ('api' as const);

/** The caller of a request with where its runs come from (a reader who may be charged a run). */
export const readerOf = (p: Pick<Principal, 'context' | 'user' | 'apiKeyId' | 'via'>) => ({
  ...callerOf(p),
  source: sourceOf(p),
});
