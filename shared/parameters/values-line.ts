import { normalizeDatetime } from '../../contract/rules/parameters';

/**
 * The parameter values a result is shown for, as one line: `chain = base · days = 7` (a
 * multiselect's list as `chain = base, optimism`). The app's captions (a dashboard widget, an
 * embedded visualization) and the server's first paint of a public dashboard write it alike.
 */

/** Values by parameter key, as a run was made with them (a multiselect's as a list). */
export type ShownValues = Record<string, string | readonly string[]>;

/** Characters of one value in the line; a longer value ends with `…`. */
export const VALUE_CHARS = 500;
/** Characters of the whole line (what a caption shows on hover); a longer one ends with `…`. */
export const LINE_CHARS = 2000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The values as stored on a run (`parameters` of an execution: text, or a list of texts), read
 * defensively: anything else becomes its text.
 */
export function toShownValues(raw: Record<string, unknown>): ShownValues {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw))
    out[k] = Array.isArray(v) ? v.map((x) => String(x)) : String(v ?? '');
  return out;
}

/**
 * The line of `values`, keys in `order` first (a query's parameters as defined), then the others
 * as given; '' when there are none.
 */
export function valuesLine(values: ShownValues, order: readonly string[] = []): string {
  const keys = [
    ...order.filter((k) => Object.hasOwn(values, k)),
    ...Object.keys(values).filter((k) => !order.includes(k)),
  ];
  const line = keys
    .map((k) => {
      const v = values[k]!;
      const text = typeof v === 'string' ? v : v.join(', ');
      return `${k} = ${clip(text, VALUE_CHARS)}`;
    })
    .join(' · ');
  return clip(line, LINE_CHARS);
}

/**
 * The values a dashboard's parameter widgets set, by key (a key several queries' widgets share
 * may have several): `valueOf` gives a widget's (its URL's, else its parameter's default; empty
 * or undefined: none).
 */
export function valuesByKey(
  widgets: readonly { query_id: number; key: string }[],
  valueOf: (queryId: number, key: string) => string | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const w of widgets) {
    const v = valueOf(w.query_id, w.key);
    if (v === undefined || v === '') continue;
    const list = (out[w.key] ??= []);
    if (!list.includes(v)) list.push(v);
  }
  return out;
}

/** A value as the service keys a run by it: a date-time normalized, anything else trimmed. */
const keyed = (v: string) => normalizeDatetime(v) ?? v.trim();

/**
 * The dashboard's values (`set`, from valuesByKey) of the keys for which `shown` (a result's
 * values) has another value: a result of another query that shares a parameter's name, which
 * the dashboard's widget does not drive, or of a run with other values. Empty when every value
 * shown is one the dashboard sets, or the dashboard sets none of them.
 */
export function unlikeDashboard(
  shown: ShownValues,
  set: Record<string, readonly string[]>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(shown)) {
    const wanted = Object.hasOwn(set, k) ? set[k]! : [];
    if (wanted.length === 0) continue;
    const text = typeof v === 'string' ? v : v.length === 1 ? v[0]! : null;
    if (text !== null && wanted.some((w) => keyed(w) === keyed(text))) continue;
    out[k] = wanted.join(' or ');
  }
  return out;
}

/** What a widget's caption shows (`text`), says on hover (`title`), and whether it warns. */
export type ValuesCaptionText = { text: string; title: string; other: boolean };

/**
 * The caption of a result shown for `values` (keys in `order` first), or null when there are
 * none (a query without parameters). When some differ from the dashboard's (`set`), it says so.
 */
export function valuesCaption(
  values: ShownValues,
  order: readonly string[],
  set: Record<string, readonly string[]>,
): ValuesCaptionText | null {
  const line = valuesLine(values, order);
  if (!line) return null;
  const unlike = unlikeDashboard(values, set);
  if (Object.keys(unlike).length === 0) return { text: line, title: line, other: false };
  return {
    text: `Other values: ${line}`,
    title: `This result is for ${line}, not the dashboard’s ${valuesLine(unlike)}`,
    other: true,
  };
}
