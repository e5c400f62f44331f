import type { CreateVisualizationRequest } from '../../contract/visualizations.js';
import type { Caller } from '../auth/caller.js';
import type { Accounts } from '../auth/accounts.js';
import type { DashboardsService } from '../dashboards/dashboards-service.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { LatestRuns } from '../executions/latest-runs.js';
import type { QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';
import type { VisualizationsService } from '../visualizations/visualizations-service.js';
import { DEMO_TEAM } from './demo-queries.js';

export const DEMO_DASHBOARD_NAME = 'Chain activity and DEX volume';
export const DEMO_DASHBOARD_SLUG = 'chain-activity-and-dex-volume';

const DAILY = 'Daily transactions per chain';
const DEX = 'Top DEX pairs by volume';

const INTRO = `## Chain activity and DEX volume

Example dashboard over the demo datasets: daily transactions of one chain (pick it above the
chart) and the DEX pairs with the most USD volume. Open a chart to see its query.`;

/** The demo visualizations, on the demo queries named; options use the hosted service's names. */
const VISUALIZATIONS: { query: string; viz: CreateVisualizationRequest }[] = [
  {
    query: DAILY,
    viz: {
      name: 'Transactions per day',
      type: 'chart',
      description: 'Daily transaction count of the chosen chain',
      options: {
        globalSeriesType: 'line',
        columnMapping: { day: 'x', transactions: 'y' },
        xAxis: { title: { text: 'Day' } },
        yAxis: [{ title: { text: 'Transactions' } }],
        legend: { enabled: true },
        series: { stacking: null },
        numberFormat: '0,0',
      },
    },
  },
  {
    query: DEX,
    viz: {
      name: 'Volume of the top pairs',
      type: 'chart',
      options: {
        globalSeriesType: 'column',
        columnMapping: { token_pair: 'x', volume_usd: 'y' },
        xAxis: { title: { text: 'Pair' } },
        yAxis: [{ title: { text: 'USD' } }],
        legend: { enabled: true },
        series: { stacking: null },
        numberFormat: '$0.0a',
      },
    },
  },
  {
    query: DEX,
    viz: {
      name: 'Top pair volume',
      type: 'counter',
      options: {
        counterColName: 'volume_usd',
        rowNumber: 1,
        stringPrefix: '$',
        stringSuffix: '',
        stringDecimal: 0,
        counterLabel: 'USD volume of the top pair',
      },
    },
  },
  {
    query: DEX,
    viz: {
      name: 'Top pairs',
      type: 'table',
      options: {
        itemsPerPage: 25,
        columns: [
          { name: 'token_pair', title: 'Pair', type: 'normal', alignContent: 'left' },
          { name: 'project', title: 'DEX', type: 'normal', alignContent: 'left' },
          {
            name: 'trades',
            title: 'Trades',
            type: 'normal',
            alignContent: 'right',
            numberFormat: '0,0',
          },
          {
            name: 'volume_usd',
            title: 'Volume (USD)',
            type: 'normal',
            alignContent: 'right',
            numberFormat: '0,0.00',
          },
        ],
      },
    },
  },
];

/** What making the demo dashboard uses. */
export type DemoDashboardDeps = {
  store: Pick<Store, 'transaction'>;
  accounts: Pick<Accounts, 'byHandle'>;
  queries: Pick<QueriesService, 'list'>;
  visualizations: Pick<VisualizationsService, 'create'>;
  dashboards: Pick<DashboardsService, 'countOwned' | 'create' | 'update'>;
};

/** What the demo dashboard's first runs use. */
export type DemoRunsDeps = {
  accounts: Pick<Accounts, 'byHandle'>;
  queries: Pick<QueriesService, 'list'>;
  executions: Pick<ExecutionsService, 'runSaved'> & { latest: Pick<LatestRuns, 'hasRun'> };
};

/**
 * Makes sure the `demo` team owns a public example dashboard over its demo queries: a text
 * widget, a line chart driven by a parameter widget, a column chart, a counter and a table.
 * Does nothing once the team owns any dashboard (so a restart, or an archived demo dashboard,
 * never brings a second one), or when the demo queries it needs are missing.
 */
export async function ensureDemoDashboard(deps: DemoDashboardDeps): Promise<void> {
  const team = await deps.accounts.byHandle(DEMO_TEAM);
  if (!team || team.type !== 'team' || (await deps.dashboards.countOwned(team.id)) > 0) return;
  const { queries } = await deps.queries.list(team.id, { limit: 1000, offset: 0 });
  const byName = new Map(queries.map((q) => [q.name, q]));
  if (!VISUALIZATIONS.every((v) => byName.has(v.query))) return;
  const caller: Caller = { contextId: team.id, userId: null, apiKeyId: null };
  await deps.store.transaction(async () => {
    const vizIds: number[] = [];
    for (const { query, viz } of VISUALIZATIONS)
      vizIds.push((await deps.visualizations.create(byName.get(query)!.id, caller, viz)).id);
    const created = await deps.dashboards.create(caller, {
      name: DEMO_DASHBOARD_NAME,
      slug: DEMO_DASHBOARD_SLUG,
      tags: ['demo'],
      columns_per_row: 2,
      visualization_ids: vizIds,
      text_widgets: [{ text: INTRO }],
    });
    const [line, column, counter, table] = created.visualization_widgets;
    const at = (col: number, row: number, size_x: number, size_y: number) => ({
      col,
      row,
      size_x,
      size_y,
    });
    await deps.dashboards.update(created.id, caller, {
      text_widgets: [
        { widget_id: created.text_widgets[0]!.widget_id, text: INTRO, position: at(0, 0, 12, 4) },
      ],
      visualization_widgets: [
        {
          widget_id: line!.widget_id,
          visualization_id: line!.visualization_id,
          position: at(0, 6, 8, 8),
        },
        {
          widget_id: counter!.widget_id,
          visualization_id: counter!.visualization_id,
          position: at(8, 6, 4, 8),
        },
        {
          widget_id: column!.widget_id,
          visualization_id: column!.visualization_id,
          position: at(0, 14, 6, 9),
        },
        {
          widget_id: table!.widget_id,
          visualization_id: table!.visualization_id,
          position: at(6, 14, 6, 9),
        },
      ],
      param_widgets: [
        {
          key: 'chain',
          query_id: byName.get(DAILY)!.id,
          visualization_widget_id: line!.widget_id,
          position: at(0, 4, 4, 2),
        },
      ],
    });
  });
}

/**
 * Runs the demo dashboard's queries once (with their default parameters) when they have no
 * result yet, so the example dashboard shows charts on first start. The runs go through the
 * execution queue like any other, in the background; start-up does not wait for them.
 */
export async function runDemoDashboardQueries(deps: DemoRunsDeps): Promise<void> {
  const team = await deps.accounts.byHandle(DEMO_TEAM);
  if (!team) return;
  const { queries } = await deps.queries.list(team.id, { limit: 1000, offset: 0 });
  const names = new Set(VISUALIZATIONS.map((v) => v.query));
  for (const query of queries.filter((q) => names.has(q.name))) {
    if (await deps.executions.latest.hasRun(query.id, [team.id])) continue;
    await deps.executions.runSaved(
      { contextId: team.id, userId: null, apiKeyId: null },
      'schedule',
      query.id,
      { values: {}, tier: 'small' },
    );
  }
}
