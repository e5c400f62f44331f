/**
 * `?viz=` of the query page: a visualization's id or `new` (anything else: the results tab).
 * Its own file without imports: the route's search schema is in the entry chunk.
 */
export function readVizSearch(raw: unknown): number | 'new' | undefined {
  if (raw === 'new') return 'new';
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
