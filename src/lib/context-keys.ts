/**
 * Every query key of context-owned data starts with ['ctx', handle]: switching context switches
 * every key, so the cache of one context is never shown in another.
 */
export const ctxKey = (ctx: string) => ['ctx', ctx] as const;
