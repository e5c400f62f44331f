import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DashboardBundleResponse } from '../../../contract/dashboards';
import { parseJsonExact } from '../../../shared/exact-json';
import { BUNDLE_ELEMENT_ID } from '../../../shared/pages/page-protocol';
import { api } from '../../lib/api';
import { dashboardKeys, publicScope } from './api';
import { seedLatest } from './viz-latest';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The bundle the server wrote into the page for the dashboard at /owner/slug, taken once (the
 * element is removed, so a later read asks the service); undefined when there is none for it.
 */
export function takeInlineBundle(
  owner: string,
  slug: string,
  doc: Document = document,
): DashboardBundleResponse | undefined {
  // The `<script type="application/json">` the server may put the bundle in.
  const el = doc.getElementById(BUNDLE_ELEMENT_ID);
  if (!el) return undefined;
  el.remove();
  try {
    // read as `api` reads answers: result values a double cannot hold keep their digits
    const b = parseJsonExact<DashboardBundleResponse>(el.textContent ?? '');
    const d = b.dashboard;
    return same(d.owner_handle, owner) && same(d.slug, slug) ? b : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts what the bundle holds where the page reads it: the visualizations, and each widget's
 * latest result (no parameter values) with its first page, so widgets draw without a request.
 */
export function seedBundle(
  client: QueryClient,
  owner: string,
  slug: string,
  b: DashboardBundleResponse,
) {
  const scope = publicScope(owner, slug);
  const id = b.dashboard.dashboard_id;
  client.setQueryData(dashboardKeys.visualizations(scope, id), {
    visualizations: b.visualizations,
  });
  const latest = new Map(b.latest_results.map((e) => [e.query_id, e.result]));
  for (const v of b.visualizations)
    if (v.query)
      seedLatest(client, scope, id, v.visualization_id, latest.get(v.query.query_id) ?? null);
}

/**
 * The public page's one read: the dashboard with its visualizations and latest results (GET
 * /dashboards/by-slug/{owner}/{slug}/bundle, or the copy the server put in the page), with no
 * context (anonymous works). Its parts are seeded for the widgets as it arrives.
 */
export const dashboardBundleOptions = (owner: string, slug: string) =>
  queryOptions({
    queryKey: [...publicScope(owner, slug).base, 'bundle'] as const,
    queryFn: async ({ signal, client }) => {
      const b =
        takeInlineBundle(owner, slug) ??
        (await api<DashboardBundleResponse>(
          `/dashboards/by-slug/${encodeURIComponent(owner)}/${encodeURIComponent(slug)}/bundle`,
          { ctx: null, signal },
        ));
      seedBundle(client, owner, slug, b);
      return b;
    },
  });
