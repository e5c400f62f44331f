import type { Parameter } from '../../../contract/parameters';

/** `{{ name }}` as the service reads it: names may contain spaces, never braces or newlines. */
const PLACEHOLDER = /\{\{\s*([^{}\n]+?)\s*\}\}/g;

/**
 * Distinct parameter names the SQL uses, in order of first use. Every `{{name}}` counts, in
 * strings and comments too: the service substitutes it wherever it stands.
 */
export function placeholderNames(sql: string): string[] {
  const names = new Set<string>();
  // `{{ }}` matches with a blank name, which no parameter can have (keys are trimmed): skipped.
  for (const m of sql.matchAll(PLACEHOLDER)) if (m[1]!.trim()) names.add(m[1]!);
  return [...names];
}

/** Names the SQL uses that no parameter defines (the editor offers to add them). */
export function missingParameters(sql: string, parameters: readonly Parameter[]): string[] {
  const defined = new Set(parameters.map((p) => p.key));
  return placeholderNames(sql).filter((name) => !defined.has(name));
}

/** Keys of parameters the SQL does not use (the service refuses to save those). */
export function unusedParameters(sql: string, parameters: readonly Parameter[]): string[] {
  const used = new Set(placeholderNames(sql));
  return parameters.map((p) => p.key).filter((key) => !used.has(key));
}
