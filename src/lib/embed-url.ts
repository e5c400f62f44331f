import { escapeMarkup } from '../../shared/escape-markup';
import { stringifySearch } from './search-text';

/** The embed pages' paths: the server reads them as the embed app does (one home for both). */
export { dashboardEmbedPath, visualizationEmbedPath } from '../../shared/pages/page-protocol';

/** The embed pages' theme, `?theme=light|dark` (light when absent or anything else). */
export type EmbedTheme = 'light' | 'dark';
export const readEmbedTheme = (raw: unknown): EmbedTheme => (raw === 'dark' ? 'dark' : 'light');

/**
 * The absolute URL of an embed page: `search` carries the parameter values as the app's own
 * pages write them (`?days=7` on a query's, `?p.<query_id>.<key>=7` on a dashboard's), written
 * the way the router writes them, then the theme.
 */
export function embedUrl(
  origin: string,
  path: string,
  search: Record<string, unknown>,
  theme: EmbedTheme,
): string {
  return `${origin}${path}${stringifySearch({ ...search, theme })}`;
}

/** An iframe of `src` to paste in another page: borderless, full width, lazily loaded. */
export function iframeSnippet(src: string, opts: { title: string; height: number }): string {
  const height = Math.max(120, Math.round(opts.height));
  return `<iframe src="${escapeMarkup(src)}" title="${escapeMarkup(opts.title)}" width="100%" height="${height}" style="border: 0" loading="lazy"></iframe>`;
}
