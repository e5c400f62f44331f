/**
 * Parameter values in a query page's URL, one readable search param per parameter
 * (`?days=7&chain=ethereum`; a multiselect's list as a list). Names the page uses for itself
 * (`viz`, `sql`, and `theme` of the embed pages) and the legacy `p` go into `p` as JSON instead.
 * Old `?p={"days":"7"}` links still read. Only lib/search-text.ts imported: route search schemas
 * sit in the entry chunk.
 */
import { bare } from '../../lib/search-text';
export type FormValues = Record<string, string | string[]>;

/** Search keys of the query pages (and a query's embed page: `theme`) that are never values. */
export const RESERVED_SEARCH_KEYS: readonly string[] = ['viz', 'sql', 'p', 'theme'];

/** A value as the router writes it without quotes: numbers and booleans as such, else text. */
type Scalar = string | number | boolean;
export type ValueSearch = Record<string, Scalar | Scalar[] | FormValues | undefined>;

const scalarText = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : typeof v === 'boolean'
        ? String(v)
        : undefined;

/** One parameter's value read from the URL, or undefined when it cannot be one. */
function readValue(raw: unknown): string | string[] | undefined {
  if (Array.isArray(raw)) {
    const items = raw.map(scalarText);
    return items.every((x) => x !== undefined) ? (items as string[]) : undefined;
  }
  return scalarText(raw);
}

/** The parameter values a query page's search carries: `?name=value` keys and the legacy `p`. */
export function valuesFromSearch(search: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  const legacy = search.p;
  if (typeof legacy === 'object' && legacy !== null && !Array.isArray(legacy)) {
    for (const [k, v] of Object.entries(legacy)) {
      const value = readValue(v);
      if (value !== undefined) out[k] = value;
    }
  }
  for (const [k, v] of Object.entries(search)) {
    if (RESERVED_SEARCH_KEYS.includes(k)) continue;
    const value = readValue(v);
    if (value !== undefined) out[k] = value;
  }
  return out;
}

/** Search entries that write `values` readably; reserved names go into `p`. */
export function valuesToSearch(values: FormValues): ValueSearch {
  const out: ValueSearch = {};
  const legacy: FormValues = {};
  for (const [k, v] of Object.entries(values)) {
    if (RESERVED_SEARCH_KEYS.includes(k)) legacy[k] = v;
    else out[k] = Array.isArray(v) ? v.map(bare) : bare(v);
  }
  out.p = Object.keys(legacy).length ? legacy : undefined;
  return out;
}

/** The search without any parameter values: the page's own keys only. */
export function withoutValues<T extends Record<string, unknown>>(search: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const k of RESERVED_SEARCH_KEYS)
    if (k !== 'p' && search[k] !== undefined) out[k] = search[k];
  return out as Partial<T>;
}
