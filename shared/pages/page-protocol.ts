/**
 * What the server's HTML pages and the app agree on, written once for both: the paths of a
 * public dashboard's page and of the embed pages (the server reads them to decide what a page
 * carries, the app writes and reads them), the element that carries a dashboard's bundle in its
 * page (server/http/spa-page.ts writes it, features/dashboards/public-bundle.ts takes it), and
 * the marks of the server's first paint (server/previews/first-paint-html.ts writes them,
 * lib/server-first-paint.ts reads them when the app takes over).
 */

/**
 * The app's route of a public dashboard's page (TanStack Router's path, the route file
 * src/routes/$owner/$slug.tsx): the server finds its chunks in Vite's manifest by it.
 */
export const DASHBOARD_ROUTE = '/$owner/$slug';

/**
 * The longest owner handle and slug a dashboard's path is looked up with (longer ones name no
 * dashboard): the page's path and GET /dashboards/by-slug/{owner_handle}/{slug} alike.
 */
export const DASHBOARD_PATH_LIMITS = { ownerHandle: 100, slug: 200 } as const;

/** Where a public dashboard's page is: its owner's handle and its slug (both case-insensitive). */
export type DashboardAt = { ownerHandle: string; slug: string };

const enc = encodeURIComponent;

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** Owner and slug decoded and within DASHBOARD_PATH_LIMITS, else null. */
function dashboardAtOf(owner: string, slug: string): DashboardAt | null {
  const ownerHandle = decode(owner);
  const s = decode(slug);
  if (ownerHandle === null || s === null) return null;
  if (ownerHandle.length > DASHBOARD_PATH_LIMITS.ownerHandle) return null;
  if (s.length > DASHBOARD_PATH_LIMITS.slug) return null;
  return { ownerHandle, slug: s };
}

/** The path of a public dashboard's page: `/{owner}/{slug}`. */
export const dashboardPagePath = (ownerHandle: string, slug: string): string =>
  `/${enc(ownerHandle)}/${enc(slug)}`;

/**
 * The dashboard whose page `path` is (`/{owner}/{slug}`, a trailing slash allowed), or null.
 * `/queries/{id}` is a query's page: the app's static paths rank above a dashboard's, and no
 * owner has a reserved handle.
 */
export function dashboardAt(path: string): DashboardAt | null {
  const m = /^\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!m || m[1] === 'queries') return null;
  return dashboardAtOf(m[1]!, m[2]!);
}

/** What an embed page shows: a public dashboard, or a visualization of a public query. */
export type EmbedTarget =
  | ({ kind: 'dashboard' } & DashboardAt)
  | { kind: 'visualization'; queryId: number; visualizationId: number };

/** The embed page of a public dashboard (the one at dashboardPagePath). */
export const dashboardEmbedPath = (ownerHandle: string, slug: string): string =>
  `/embed/dashboards/${enc(ownerHandle)}/${enc(slug)}`;

/** The embed page of a visualization of a public query. */
export const visualizationEmbedPath = (queryId: number, visualizationId: number): string =>
  `/embed/queries/${queryId}/${visualizationId}`;

const positiveId = (s: string): number | null => {
  const n = /^[1-9]\d{0,15}$/.test(s) ? Number(s) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

/**
 * The target of `/embed/dashboards/{owner}/{slug}` or `/embed/queries/{query_id}/{visualization_id}`
 * (a trailing slash allowed); null for any other path.
 */
export function embedTarget(path: string): EmbedTarget | null {
  const m = /^\/embed\/(dashboards|queries)\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  if (m[1] === 'queries') {
    const queryId = positiveId(m[2]!);
    const visualizationId = positiveId(m[3]!);
    return queryId && visualizationId ? { kind: 'visualization', queryId, visualizationId } : null;
  }
  const at = dashboardAtOf(m[2]!, m[3]!);
  return at && { kind: 'dashboard', ...at };
}

/**
 * The id of the `<script type="application/json">` that carries a public dashboard's bundle
 * (GET /dashboards/by-slug/{owner}/{slug}/bundle as an anonymous visitor reads it) in its page.
 */
export const BUNDLE_ELEMENT_ID = 'dashboard-bundle';

/** The marks of the server's first paint of a dashboard's page, which the app reads. */
export const FIRST_PAINT_MARKS = {
  /** The attribute of the paint's outermost element, in the app's root element. */
  paint: 'data-first-paint',
  /** The attribute of a widget's cell: its grid item's id (shared/dashboards/grid-layout.ts). */
  widget: 'data-fp-widget',
  /** The attribute of what the server drew in a widget: a chart, a counter, a table. */
  painted: 'data-fp-painted',
  /** The attribute of a widget's caption: the parameter values its result is for. */
  caption: 'data-fp-caption',
  /** The class the app gives the paint when it lifts it over the page as it takes over. */
  over: 'sfp-over',
} as const;
