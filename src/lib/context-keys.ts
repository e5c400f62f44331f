/**
 * Every query key of context-owned data starts with ['ctx', handle]: switching context switches
 * every key, so the cache of one context is never shown in another.
 */
export const ctxKey = (ctx: string) => ['ctx', ctx] as const;

/**
 * `placeholderData` of a list whose page, filter or search is in its key: while the next one
 * loads, keep showing the previous data, but only when it is of the same context (after a
 * context switch the list shows its loading state, never another context's rows).
 */
export const keepPreviousInContext =
  (ctx: string) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery?.queryKey[1] === ctx ? previous : undefined;
