import type { Parameter } from '../../../contract/parameters';
import { placeholderNames as usedNames } from '../../../shared/sql/placeholders';

/**
 * Distinct parameter names the SQL uses, in order of first use: the service's placeholders
 * (shared/sql/placeholders.ts), in strings and comments too, as it substitutes them wherever
 * they stand. A blank name (`{{ }}`) is left out: no parameter can have one (keys are trimmed).
 */
export function placeholderNames(sql: string): string[] {
  return usedNames(sql).filter((name) => name.trim());
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
