import path from 'node:path';
import { dashboardPagePath } from '../../shared/pages/page-protocol.js';
import { notFound } from '../errors.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import type { LatestRuns } from '../executions/latest-runs.js';
import { visibleState } from '../executions/execution-view.js';
import { isPubliclyShown, QUERY_NOT_FOUND } from '../queries/readable.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import { MAX_TILES, type Card } from '../render/card-svg.js';
import { RenderPool } from '../render/render-pool.js';
import type { VisualizationRecord } from '../visualizations/visualizations-repo.js';
import type {
  QueryLookup,
  VisualizationsService,
} from '../visualizations/visualizations-service.js';
import {
  readDashboardView,
  type DashboardViewDeps,
  type PublicDashboardView,
} from './dashboard-view.js';
import { PreviewCache, type CachedImage } from './preview-cache.js';
import { tileData, type ResultPages } from './preview-rows.js';

export type PreviewsDeps = DashboardViewDeps & {
  dataDir: string;
  visualizations: Pick<VisualizationsService, 'embeddable' | 'findEmbeddable'>;
  queries: QueryLookup;
  executions: { latest: Pick<LatestRuns, 'findLatest'>; results: ResultPages };
  /** Where cards are rendered (default: a render thread of this service's own). */
  pool?: RenderPool;
  /** The cache's bound in bytes (default PREVIEW_CACHE_BYTES). */
  cacheBytes?: number;
};

/** What one tile of a preview shows: a visualization (or a query's result as a table) and its run. */
type PreviewTile = {
  name: string | null;
  viz: Pick<VisualizationRecord, 'id' | 'version' | 'type' | 'options'>;
  execution: ExecutionRecord | null;
};

/**
 * The preview of a public page: its title and description (Open Graph tags), where its image is,
 * and what the image shows. `key` names exactly that (every visualization's version and the run
 * whose result it draws): a new result makes a new key, so a new image and a new image URL.
 */
export type Preview = {
  /** `d<id>`, `v<id>` or `q<id>`: the image files of one page share it. */
  subject: string;
  title: string;
  description: string;
  /** The app's path of the page (og:url, without the origin). */
  pagePath: string;
  /** The path of its image (without the origin). */
  imagePath: string;
  card: Pick<Card, 'title' | 'subtitle'>;
  tiles: PreviewTile[];
  key: string;
};

/**
 * Bumped when the drawing changes, so cached images of the old drawing are not served (2: colors
 * checked, the SVG written anew from the allowlist; an image drawn before could hold a file).
 */
const RENDER_VERSION = 2;

const enc = encodeURIComponent;

/**
 * Link previews of public pages (Open Graph and Twitter cards): a public dashboard, a public
 * query's visualization, a public query's result. Everything is read as an anonymous viewer
 * would read it: private, archived or unknown content is not found, whoever asks (a query's
 * pages by isPubliclyShown, the rule of its embeds too), and a private query's widget on a
 * public dashboard is left out. Images are rendered off the event loop
 * (render-pool.ts) and cached on disk under DATA_DIR/previews (preview-cache.ts).
 */
export class PreviewsService {
  private readonly pool: RenderPool;
  private readonly cache: PreviewCache;

  constructor(private readonly deps: PreviewsDeps) {
    this.pool = deps.pool ?? new RenderPool();
    this.cache = new PreviewCache(path.join(deps.dataDir, 'previews'), deps.cacheBytes);
  }

  /** The preview of the public dashboard at /{owner}/{slug} (dashboardOf). */
  async dashboard(ownerHandle: string, slug: string): Promise<Preview> {
    return this.dashboardOf(await readDashboardView(this.deps, ownerHandle, slug, null));
  }

  /** The preview of a public dashboard (its anonymous view): its first charts (up to four). */
  async dashboardOf(view: PublicDashboardView): Promise<Preview> {
    const { dashboard: d, visualizations } = view;
    const byId = new Map(visualizations.map((v) => [v.visualization.id, v]));
    const shown = [...d.visualization_widgets]
      .sort((a, b) => a.position.row - b.position.row || a.position.col - b.position.col)
      .map((w) => byId.get(w.visualization_id))
      .filter((v) => v !== undefined && v.query !== null)
      .filter((v, i, all) => all.indexOf(v) === i);
    const charts = shown.filter((v) => v!.visualization.type === 'chart');
    const picked = (charts.length ? charts : shown).slice(0, MAX_TILES);
    const tiles = await Promise.all(
      picked.map(async (v) => ({
        name: v!.visualization.name,
        viz: v!.visualization,
        execution: await view.latest(v!.query!),
      })),
    );
    const names = shown.map((v) => v!.visualization.name);
    const listed = names.length
      ? `: ${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}`
      : '';
    return this.preview({
      subject: `d${d.id}`,
      title: d.name,
      description: `A dashboard by @${d.owner_handle} on Strata${listed}`,
      pagePath: dashboardPagePath(d.owner_handle, d.slug),
      imagePath: `/og/dashboards/${enc(d.owner_handle)}/${enc(d.slug)}.png`,
      card: { title: d.name, subtitle: `Dashboard by @${d.owner_handle}` },
      tiles,
    });
  }

  /** The preview of visualization `vizId` of public query `queryId` (the query page's ?viz=). */
  async visualization(queryId: number, vizId: number): Promise<Preview> {
    return this.visualizationPreview(await this.deps.visualizations.embeddable(queryId, vizId));
  }

  /** As visualization, or null when it is private, archived or unknown. */
  async findVisualization(queryId: number, vizId: number): Promise<Preview | null> {
    const found = await this.deps.visualizations.findEmbeddable(queryId, vizId);
    return found && this.visualizationPreview(found);
  }

  /** The preview of public query `queryId`'s page: its latest result's first rows. */
  async query(queryId: number): Promise<Preview> {
    const preview = await this.findQuery(queryId);
    if (!preview) throw notFound(QUERY_NOT_FOUND);
    return preview;
  }

  /** As query, or null when it is private, archived or unknown. */
  async findQuery(queryId: number): Promise<Preview | null> {
    const query = await this.deps.queries.get(queryId);
    if (!query || !isPubliclyShown(query)) return null;
    const table = { id: 0, version: query.version, type: 'table' as const, options: {} };
    return this.preview({
      subject: `q${query.id}`,
      title: query.name,
      description: query.description || `A query by @${query.owner_handle} on Strata`,
      pagePath: `/queries/${query.id}`,
      imagePath: `/og/queries/${query.id}.png`,
      card: { title: query.name, subtitle: `Query by @${query.owner_handle}` },
      tiles: [{ name: null, viz: table, execution: await this.latest(query) }],
    });
  }

  /** The preview's PNG (1200×630): cached by its key, rendered once per key at a time. */
  image(p: Preview): Promise<CachedImage> {
    return this.cache.get(p.subject, p.key, async () => {
      const tiles = await Promise.all(
        p.tiles.map(async (t) => ({
          name: t.name,
          data: await tileData(this.deps.executions.results, t.viz, t.execution),
        })),
      );
      return this.pool.render({ ...p.card, tiles });
    });
  }

  /** The short version of a preview's key, for its image URL (`?v=`): a new result, a new URL. */
  static version(p: Preview): string {
    return PreviewCache.etagOf(p.key).slice(0, 12);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private preview(p: Omit<Preview, 'key'>): Preview {
    const key = JSON.stringify([
      RENDER_VERSION,
      p.card,
      p.tiles.map((t) => [
        t.name,
        t.viz.id,
        t.viz.version,
        t.viz.type,
        t.execution && [t.execution.id, visibleState(t.execution)],
      ]),
    ]);
    return { ...p, key };
  }

  /** The preview of an embeddable visualization and its query. */
  private async visualizationPreview({
    viz,
    query,
  }: {
    viz: VisualizationRecord;
    query: QueryRecord;
  }): Promise<Preview> {
    return this.preview({
      subject: `v${viz.id}`,
      title: `${viz.name} · ${query.name}`,
      description:
        viz.description ||
        query.description ||
        `A visualization of ${query.name} by @${query.owner_handle} on Strata`,
      pagePath: `/queries/${query.id}?viz=${viz.id}`,
      imagePath: `/og/queries/${query.id}/${viz.id}.png`,
      card: { title: viz.name, subtitle: `${query.name} · @${query.owner_handle}` },
      tiles: [{ name: null, viz, execution: await this.latest(query) }],
    });
  }

  /** The latest execution of `query` an anonymous viewer sees, or null when it has none. */
  private latest(query: QueryRecord): Promise<ExecutionRecord | null> {
    return this.deps.executions.latest.findLatest(query, null);
  }
}
