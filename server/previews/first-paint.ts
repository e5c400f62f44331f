import path from 'node:path';
import {
  paramItemId,
  textItemId,
  vizItemId,
  widgetLayout,
  type GridItem,
} from '../../shared/dashboards/grid-layout.js';
import { toShownValues, valuesByKey, valuesCaption } from '../../shared/parameters/values-line.js';
import { chartProblem, readChartSpec } from '../../shared/viz/chart-spec.js';
import type { DashboardRecord } from '../dashboards/dashboard-record.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import { visibleState } from '../executions/execution-view.js';
import type { ChartJob } from '../render/chart-svgs.js';
import type { RenderPool } from '../render/render-pool.js';
import type { TileData } from '../render/tile-svg.js';
import type { VisualizationRecord } from '../visualizations/visualizations-repo.js';
import {
  chartBox,
  firstPaintHtml,
  type PaintedBody,
  type PaintedWidget,
  type Scheme,
} from './first-paint-html.js';
import type { PublicDashboardView } from './dashboard-view.js';
import { PreviewCache } from './preview-cache.js';
import { tileData, type ResultPages } from './preview-rows.js';

export type FirstPaintDeps = {
  dataDir: string;
  executions: { results: ResultPages };
  /** The render thread (shared with the link previews). */
  pool: Pick<RenderPool, 'renderCharts'>;
  /** The cache's bound in bytes. */
  cacheBytes?: number;
};

export const FIRST_PAINT_LIMITS = {
  /** How long a page's body waits for its first paint before it goes without. */
  budgetMs: 300,
  /** Visualization widgets drawn at most; the others are left to the app. */
  maxDrawn: 24,
  /**
   * A chart of a longer result is drawn from a sample of this many rows (the app draws them
   * all): a first paint's SVG grows with its points (a 5,000-point scatter is over 1 MB).
   */
  chartRows: 1000,
  /** Paints kept in memory besides the disk cache (the most recently used). */
  kept: 16,
  /** A chart whose SVG is longer than this (characters) is left to the app. */
  maxSvg: 400_000,
  /** The cache of first paints: 32 MiB (a 12-widget page is 0.2 to 1 MB). */
  cacheBytes: 32 * 1024 * 1024,
};

/**
 * Bumped when the markup changes, so first paints of the old markup are not served (3: the SVG
 * written anew from the allowlist; a paint drawn before could hold what a color smuggled in; 4:
 * a widget's title row names the parameter values of its result).
 */
const PAINT_VERSION = 4;

type Shown = {
  widget: DashboardRecord['visualization_widgets'][number];
  item: GridItem;
  /** Its visualization (named in its title), if the dashboard shows it. */
  viz: VisualizationRecord | undefined;
} & (
  | { drawn: false }
  | {
      drawn: true;
      viz: VisualizationRecord;
      execution: ExecutionRecord | null;
      /** Its query's parameter keys, as defined (the order of the values in its caption). */
      keys: string[];
    }
);

/** A tile's chart as drawing jobs (one per scheme), or why it is not drawn (a message tile). */
function chartJobs(t: Extract<TileData, { kind: 'chart' }>, item: GridItem, schemes: Scheme[]) {
  const problem = chartProblem(readChartSpec(t.options), t.rows.columns);
  if (problem) return { kind: 'message' as const, text: problem };
  if (t.rows.rows.length === 0)
    return { kind: 'message' as const, text: 'The result has no rows.' };
  const size = chartBox(item);
  return schemes.map((scheme): ChartJob => ({ options: t.options, rows: t.rows, scheme, size }));
}

/**
 * The first paint of a public dashboard's page (first-paint-html.ts): what an anonymous visitor
 * sees, drawn on the server, so its charts show before any script runs. Charts are drawn on the
 * render thread, counters and tables are plain HTML; a widget shown for parameter values (a
 * parameter widget drives it or its query) is left to the app, as are widgets past
 * FIRST_PAINT_LIMITS.maxDrawn. A paint is cached on disk (DATA_DIR/previews/first-paint) under a
 * key naming what it shows (the dashboard's version, the visualizations' versions, the latest
 * runs' ids and states, the schemes), as the link previews are: a new result is a new paint.
 */
export class FirstPaintService {
  private readonly cache: PreviewCache;
  /**
   * The latest paints, by subject, in memory: a page finds them without a file read, which
   * waits in Node's thread pool behind the engine's work on a busy server.
   */
  private readonly recent = new Map<string, { key: string; html: string }>();

  constructor(private readonly deps: FirstPaintDeps) {
    this.cache = new PreviewCache(
      path.join(deps.dataDir, 'previews', 'first-paint'),
      deps.cacheBytes ?? FIRST_PAINT_LIMITS.cacheBytes,
      '.html',
    );
  }

  /**
   * The first paint of a public dashboard's page (`shown`: its view, dashboard-view.ts, or null
   * when it is not public) for a visitor with `schemes` (one when the page knows the
   * visitor's, both when it does not), or null when it is not ready within `budgetMs` (the
   * drawing goes on, and the next visitor gets it from the cache) or there is no dashboard.
   */
  async html(
    shown: Promise<PublicDashboardView | null>,
    schemes: Scheme[],
    budgetMs = FIRST_PAINT_LIMITS.budgetMs,
  ): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), budgetMs);
    });
    const paint = this.paint(shown, schemes);
    // A paint that fails or ends late is not the page's business: it goes without.
    paint.catch(() => undefined);
    try {
      return await Promise.race([paint, late]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private async paint(whenShown: Promise<PublicDashboardView | null>, schemes: Scheme[]) {
    const shown = await whenShown;
    if (!shown) return null;
    const d = shown.dashboard;
    const views = new Map(shown.visualizations.map((v) => [v.visualization.id, v]));
    const layout = new Map(widgetLayout(d).map((l) => [l.i, l]));
    // A value of a parameter widget changes what its visualization widget and its query show.
    const driven = new Set(d.param_widgets.map((p) => p.visualization_widget_id));
    const drivenQueries = new Set(d.param_widgets.map((p) => p.query_id));
    // The drawn widgets' latest runs are looked up all at the same time (once each: the view's).
    let drawnCount = 0;
    type Looked = Omit<Shown, 'drawn'> & {
      run: Promise<ExecutionRecord | null> | null;
      keys?: string[];
    };
    const shownWidgets = d.visualization_widgets.flatMap((widget): Looked[] => {
      const item = layout.get(vizItemId(widget.widget_id));
      if (!item) return [];
      const v = views.get(widget.visualization_id);
      const query = v?.query;
      if (
        !v ||
        !query ||
        driven.has(widget.widget_id) ||
        drivenQueries.has(query.id) ||
        drawnCount >= FIRST_PAINT_LIMITS.maxDrawn
      )
        return [{ widget, item, viz: v?.visualization, run: null }];
      drawnCount++;
      const keys = query.parameters.map((p) => p.key);
      return [{ widget, item, viz: v.visualization, run: shown.latest(query), keys }];
    });
    // What the parameter widgets set (their defaults: a paint is the same for every URL), which a
    // drawn widget's caption compares its values with.
    const params = new Map(
      shown.visualizations.flatMap((v) => (v.query ? [[v.query.id, v.query.parameters]] : [])),
    );
    const set = valuesByKey(
      d.param_widgets,
      (queryId, key) => params.get(queryId)?.find((p) => p.key === key)?.value,
    );
    const vizWidgets: Shown[] = await Promise.all(
      shownWidgets.map(async ({ run, viz, keys = [], ...w }): Promise<Shown> =>
        run && viz
          ? { ...w, viz, drawn: true, execution: await run, keys }
          : { ...w, viz, drawn: false },
      ),
    );
    const key = JSON.stringify([
      PAINT_VERSION,
      schemes,
      d.id,
      d.version,
      set,
      vizWidgets.map((w) => [
        w.widget.widget_id,
        w.viz && [w.viz.id, w.viz.version],
        w.drawn && w.execution && [w.execution.id, visibleState(w.execution)],
      ]),
    ]);
    const subject = `d${d.id}-${schemes.join('-')}`;
    const kept = this.recent.get(subject);
    if (kept?.key === key) return kept.html;
    const made = await this.cache.get(subject, key, async () =>
      Buffer.from(await this.draw(d, layout, vizWidgets, schemes, set)),
    );
    const html = made.bytes.toString('utf8');
    this.recent.delete(subject);
    this.recent.set(subject, { key, html });
    for (const old of this.recent.keys()) {
      if (this.recent.size <= FIRST_PAINT_LIMITS.kept) break;
      this.recent.delete(old);
    }
    return html;
  }

  private async draw(
    d: DashboardRecord,
    layout: Map<string, GridItem>,
    vizWidgets: Shown[],
    schemes: Scheme[],
    set: Record<string, string[]>,
  ): Promise<string> {
    const tiles = await Promise.all(
      vizWidgets.map((w) =>
        w.drawn
          ? tileData(this.deps.executions.results, w.viz, w.execution, FIRST_PAINT_LIMITS.chartRows)
          : null,
      ),
    );
    // Every chart's drawing in one message to the render thread.
    const jobs: ChartJob[] = [];
    const bodies = tiles.map((t, i): PaintedBody | { kind: 'jobs'; from: number } => {
      if (!t) return { kind: 'later' };
      if (t.kind !== 'chart') return { kind: 'tile', tile: t };
      const j = chartJobs(t, vizWidgets[i]!.item, schemes);
      if (!Array.isArray(j)) return { kind: 'tile', tile: j };
      jobs.push(...j);
      return { kind: 'jobs', from: jobs.length - j.length };
    });
    const svgs = jobs.length ? await this.deps.pool.renderCharts(jobs) : [];
    const widgets: PaintedWidget[] = vizWidgets.map((w, i) => {
      const b = bodies[i]!;
      // A drawn widget shows the latest run of any values: its caption says which (as the app's).
      const caption =
        w.drawn && w.execution
          ? valuesCaption(toShownValues(w.execution.parameters), w.keys, set)
          : null;
      return {
        kind: 'viz',
        item: w.item,
        title: w.viz?.name ?? 'Visualization',
        ...(caption ? { caption } : {}),
        body:
          b.kind === 'jobs'
            ? {
                kind: 'chart',
                svgs: Object.fromEntries(
                  schemes.map((s, k) => {
                    const svg = svgs[b.from + k] ?? '';
                    return [s, svg.length > FIRST_PAINT_LIMITS.maxSvg ? '' : svg];
                  }),
                ),
              }
            : b,
      };
    });
    for (const t of d.text_widgets) {
      const item = layout.get(textItemId(t.widget_id));
      if (item) widgets.push({ kind: 'text', item, text: t.text });
    }
    for (const p of d.param_widgets) {
      const item = layout.get(paramItemId(p.widget_id));
      if (item) widgets.push({ kind: 'param', item, label: p.key });
    }
    return firstPaintHtml({
      name: d.name,
      ownerHandle: d.owner_handle,
      tags: d.tags,
      widgets,
    });
  }
}
