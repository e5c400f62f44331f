import { embedTarget } from '../../shared/pages/page-protocol';
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

/**
 * Reads an embed page's location: `/embed/dashboards/<owner>/<slug>?p.<query_id>.<key>=…` (the
 * public dashboard page's search) or `/embed/queries/<query_id>/<visualization_id>?<name>=…`
 * (the query page's), both with `theme=light|dark`. The search is parsed as the app's router
 * parses it, so a link copied from the app reads the same here.
 */
export function readEmbedLocation(pathname: string, searchText: string): EmbedLocation {
  const search = parseSearch(searchText);
  const theme = readEmbedTheme(search.theme);
  const t = embedTarget(pathname);
  if (t?.kind === 'dashboard')
    return {
      theme,
      kind: 'dashboard',
      owner: t.ownerHandle,
      slug: t.slug,
      search: parseDashboardSearch(search),
    };
  if (t?.kind === 'visualization')
    return {
      theme,
      kind: 'visualization',
      queryId: t.queryId,
      visualizationId: t.visualizationId,
      values: valuesFromSearch(search),
    };
  return { theme, kind: 'unknown' };
}
