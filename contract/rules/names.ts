import { MATVIEW_LIMITS, UPLOAD_LIMITS } from './limits.js';

/**
 * Naming rules of the wire, defined once: handles, names of uploaded tables and columns, short
 * names of materialized views, dashboard slugs. Plain TypeScript (no zod): the server checks
 * with them and the app's forms say the same before sending.
 */

/** 2 to 39 letters, digits, `_` or `-`, starting with a letter or digit. */
export const HANDLE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,38}$/;
export const HANDLE_RULE =
  'a handle is 2 to 39 letters, digits, "_" or "-", starting with a letter or digit';

/** Handles that would collide with the app's own top-level routes (/owner/slug links). */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set(
  'api admin app assets auth dashboards datasets docs dune favicon help login logout materialized-views new pipelines public queries query settings signin signout signup static system uploads usage www'.split(
    ' ',
  ),
);

/** What is wrong with a handle: `invalid` (breaks HANDLE_RULE), `reserved`, or null. */
export function handleProblem(handle: string): 'invalid' | 'reserved' | null {
  if (!HANDLE_PATTERN.test(handle)) return 'invalid';
  return RESERVED_HANDLES.has(handle.toLowerCase()) ? 'reserved' : null;
}

/** Names of uploaded tables and their columns (after lower-casing). */
export const UPLOAD_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;
export const UPLOAD_NAME_RULE =
  'names are 1 to 128 characters: letters, digits and "_", not starting with a digit (case-insensitive; stored in lower case)';

/** Why a (lower-case) table or column name breaks the rule, or null when it is valid. */
export function uploadNameProblem(name: string): string | null {
  if (name.length === 0) return 'A name is required';
  if (name.length > UPLOAD_LIMITS.name) return `At most ${UPLOAD_LIMITS.name} characters`;
  if (/^[0-9]/.test(name)) return 'Must not start with a digit';
  if (!UPLOAD_NAME_PATTERN.test(name)) return 'Only lower-case letters, digits and _';
  return null;
}

/** Letters NFKD does not split into a base letter and accents, spelled as ASCII. */
const ASCII_SPELLING: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * Free text (a CSV header, a file name) as a name that follows UPLOAD_NAME_RULE, or '' when
 * nothing usable is left. A valid name stays as it is (lower-cased); otherwise accents are
 * dropped, every run of other characters (with the "_" around it) becomes one "_", none is kept
 * at either end, a leading digit gets "_" before it, and the name is cut at 128. "City Name" → "city_name",
 * "Cost Total $" → "cost_total". One rule for every door that turns headers into columns (the
 * upload wizard, POST /uploads/csv, imported datasets), so a file gets the same names in each.
 */
export function cleanName(raw: string): string {
  const lower = raw.trim().toLowerCase();
  if (uploadNameProblem(lower) === null) return lower;
  const base = lower
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøđðłþı]/g, (c) => ASCII_SPELLING[c]!)
    .replace(/[^a-z0-9]*[^a-z0-9_][^a-z0-9]*/g, '_')
    .replace(/^_+|_+$/g, '');
  const name = /^[0-9]/.test(base) ? `_${base}` : base;
  return name.slice(0, UPLOAD_LIMITS.name).replace(/_+$/, '');
}

/** The column name for the header at `position` (1-based): cleanName, else `column_<position>`. */
export function cleanColumnName(header: string, position = 1): string {
  return cleanName(header) || `column_${position}`;
}

/**
 * Column names for a whole header line: cleanColumnName of each, made distinct with _2, _3, …
 * ("a b" and "a_b" become "a_b" and "a_b_2"; "ID" and "id", "id" and "id_2").
 */
export function cleanColumnNames(header: readonly string[]): string[] {
  const used = new Set<string>();
  return header.map((raw, i) => {
    const base = cleanColumnName(raw, i + 1);
    let name = base;
    for (let n = 2; used.has(name); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, UPLOAD_LIMITS.name - suffix.length) + suffix;
    }
    used.add(name);
    return name;
  });
}

/**
 * The original header to keep as a column's description: the header when cleaning changed more
 * than its case ("City Name" for city_name), else '' (nothing to say for "Value" → value).
 */
export function headerDescription(header: string, name: string): string {
  const h = header.trim();
  return h.toLowerCase() === name ? '' : h.slice(0, UPLOAD_LIMITS.columnDescription);
}

/** Short names of materialized views: `result_`, then letters, digits and `_`. */
export const MATVIEW_NAME_PREFIX = 'result_';
export const MATVIEW_NAME_PATTERN = new RegExp(
  `^${MATVIEW_NAME_PREFIX}[a-z0-9_]{1,${MATVIEW_LIMITS.name - MATVIEW_NAME_PREFIX.length}}$`,
  'i',
);
export const MATVIEW_NAME_RULE = `starts with "${MATVIEW_NAME_PREFIX}", then letters, digits and "_"; at most ${MATVIEW_LIMITS.name} characters (stored in lower case)`;

/** Why a short name breaks MATVIEW_NAME_RULE, or null when it follows it. */
export function matviewNameProblem(name: string): string | null {
  if (name === '') return 'A name is required';
  if (!name.toLowerCase().startsWith(MATVIEW_NAME_PREFIX))
    return `Must start with "${MATVIEW_NAME_PREFIX}"`;
  if (name.length === MATVIEW_NAME_PREFIX.length)
    return `Add something after "${MATVIEW_NAME_PREFIX}"`;
  if (!/^[A-Za-z0-9_]+$/.test(name)) return 'Only letters, digits and "_"';
  if (name.length > MATVIEW_LIMITS.name) return `At most ${MATVIEW_LIMITS.name} characters`;
  return null;
}

/** A dashboard's slug: lower-case letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
