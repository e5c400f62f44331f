/** Narrowing helpers for free-form `options` objects (stored as given, so anything may be there). */

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const obj = (v: unknown): Obj => (isObj(v) ? v : {});

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;

export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

export const bool = (v: unknown, fallback: boolean): boolean =>
  typeof v === 'boolean' ? v : fallback;
