/**
 * A URL's search text read and written exactly as the app's router does (TanStack Router's
 * defaultParseSearch and defaultStringifySearch: numbers and booleans bare, lists and objects as
 * JSON), for pages that do without the router (the embed pages) and links made for them.
 */

/**
 * Text as the router writes it readably: a string that would read back as JSON (`"7"`, `"true"`)
 * is written in quotes, while the same value as a number or boolean is written bare and reads
 * back as the same text; so numbers and booleans are given as such.
 */
export function bare(v: string): string | number | boolean {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^-?(0|[1-9]\d{0,14})(\.\d*[1-9])?$/.test(v) && String(Number(v)) === v) return Number(v);
  return v;
}

/** Text the router takes for JSON (and tries to parse). */
const JSON_START = /^(?:\s|["[{\d-]|fa|nu|tr)/;

/** A value as the router's query-string decoder gives it: numbers and booleans as such. */
function toValue(s: string): unknown {
  if (!s) return '';
  if (s === 'false') return false;
  if (s === 'true') return true;
  return +s * 0 === 0 && String(+s) === s ? +s : s;
}

/** `?a=1&b=x&c=%5B1%5D` → `{a: 1, b: 'x', c: [1]}`; a repeated name gives a list. */
export function parseSearch(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, raw] of new URLSearchParams(text.startsWith('?') ? text.slice(1) : text)) {
    const v = toValue(raw);
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  for (const [k, v] of Object.entries(out)) {
    if (typeof v !== 'string' || !JSON_START.test(v)) continue;
    try {
      out[k] = JSON.parse(v);
    } catch {
      // plain text
    }
  }
  return out;
}

/** One value's text: objects and lists as JSON, text that would read back as JSON quoted. */
function valueText(v: unknown): string {
  if (v && typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'string' && JSON_START.test(v)) {
    try {
      JSON.parse(v);
      return JSON.stringify(v);
    } catch {
      return v;
    }
  }
  return String(v);
}

/** `{a: 1, b: 'x'}` → `?a=1&b=x` (undefined values left out; '' when nothing is left). */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (v !== undefined) params.set(k, valueText(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}
