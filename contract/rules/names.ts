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
