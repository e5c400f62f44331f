import { parseSearch } from '../lib/search-text';
import { parseDashboardSearch, type DashboardSearch } from '../features/dashboards/params';
import { valuesFromSearch, type FormValues } from '../features/parameters/url-values';
import { readEmbedTheme, type EmbedTheme } from '../lib/embed-url';

/** What an embed page's URL asks for: its content, the values to show it for, its theme. */
export type EmbedLocation = { theme: EmbedTheme } & (
  | { kind: 'dashboard'; owner: string; slug: string; search: DashboardSearch }
  | { kind: 'visualization'; queryId: number; visualizationId: number; values: FormValues }
  | { kind: 'unknown' }
);

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};
const id = (s: string) => (/^[1-9]\d{0,15}$/.test(s) ? Number(s) : null);

/**
 * Reads an embed page's location: `/embed/dashboards/<owner>/<slug>?p.<query_id>.<key>=…` (the
 * public dashboard page's search) or `/embed/queries/<query_id>/<visualization_id>?<name>=…`
 * (the query page's), both with `theme=light|dark`. The search is parsed as the app's router
 * parses it, so a link copied from the app reads the same here.
 */
export function readEmbedLocation(pathname: string, searchText: string): EmbedLocation {
  const search = parseSearch(searchText);
  const theme = readEmbedTheme(search.theme);
  const m = /^\/embed\/(dashboards|queries)\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1] === 'dashboards') {
    const owner = decode(m[2]!);
    const slug = decode(m[3]!);
    if (owner && slug)
      return { theme, kind: 'dashboard', owner, slug, search: parseDashboardSearch(search) };
  } else if (m) {
    const queryId = id(m[2]!);
    const visualizationId = id(m[3]!);
    if (
      queryId &&
      visualizationId &&
      Number.isSafeInteger(queryId) &&
      Number.isSafeInteger(visualizationId)
    )
      return {
        theme,
        kind: 'visualization',
        queryId,
        visualizationId,
        values: valuesFromSearch(search),
      };
  }
  return { theme, kind: 'unknown' };
}
