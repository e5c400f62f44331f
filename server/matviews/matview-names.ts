import { MATVIEW_NAME_PATTERN, MATVIEW_NAME_RULE } from '../../contract/rules/names.js';
import { invalid } from '../errors.js';
import { CATALOG, type MatviewRecord } from './matviews-repo.js';

export const VIEW_NOT_FOUND = 'Materialized view not found';

/** A valid short name in lower case, else invalid. */
export function checkName(raw: string): string {
  if (!MATVIEW_NAME_PATTERN.test(raw)) {
    const shown = raw.length > 60 ? `${raw.slice(0, 60)}...` : raw;
    throw invalid(`invalid name "${shown}": ${MATVIEW_NAME_RULE}`);
  }
  return raw.toLowerCase();
}

/** The parts of a dotted name; each may be quoted. */
export const splitName = (name: string): string[] =>
  name.split('.').map((p) => p.trim().replace(/^"(.*)"$/, '$1'));

/**
 * How a name given by a caller reads: `result_x` is one of `contextId`'s own views (`handle` is
 * undefined), `dune.<handle>.result_x` anyone's; anything else names no view.
 */
export function parseViewName(
  name: string,
  contextId: number | null,
): { handle?: string; name: string } | undefined {
  if (name.length > 300) return undefined;
  const parts = splitName(name);
  if (parts.length === 1 && contextId !== null) return { name: parts[0]! };
  if (parts.length === 3 && parts[0]!.toLowerCase() === CATALOG)
    return { handle: parts[1]!, name: parts[2]! };
  return undefined;
}

/** The lake schema of a view: its owner's handle in lower case. */
export const handleOf = (v: MatviewRecord): string => v.fullName.split('.')[1]!;
