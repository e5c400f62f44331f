/**
 * Readers for URL search params (a route's `validateSearch`). Each takes the raw value the
 * router parsed and returns a valid one, falling back to a default for anything malformed in a
 * hand-edited URL. Plain functions instead of a schema library keep the first page light.
 */
export type RawSearch = Record<string, unknown>;

export function text(raw: unknown, opts: { max: number; fallback: string }): string;
export function text(raw: unknown, opts: { max: number }): string | undefined;
export function text(raw: unknown, opts: { max: number; fallback?: string }) {
  if (typeof raw === 'number') raw = String(raw);
  return typeof raw === 'string' && raw.length <= opts.max ? raw : opts.fallback;
}

export function integer(raw: unknown, opts: { min: number; max: number; fallback: number }) {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= opts.min && n <= opts.max
    ? n
    : opts.fallback;
}

export function boolean(raw: unknown, fallback: boolean): boolean {
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  return fallback;
}

export function oneOf<T extends string | number>(
  raw: unknown,
  choices: readonly T[],
  fallback: T,
): T {
  return choices.find((c) => c === raw || String(c) === raw) ?? fallback;
}

/** A list of distinct trimmed non-empty strings (a single string is a list of one). */
export function textList(raw: unknown, opts: { max: number; maxLength: number }): string[] {
  const items = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const texts = items
    .map((v) => (typeof v === 'number' ? String(v) : v))
    .filter((v): v is string => typeof v === 'string' && v.length <= opts.maxLength)
    .map((v) => v.trim())
    .filter(Boolean);
  return [...new Set(texts)].slice(0, opts.max);
}

/** `{name: value | value[]}` with string values only, or undefined. */
export function stringRecord(raw: unknown): Record<string, string | string[]> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number') out[k] = String(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v;
    else return undefined;
  }
  return out;
}
