import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { createQuery } from './matviews-helpers.js';

/** The schedules path of a query. */
export const QS = (queryId: number) => `/api/v1/query/${queryId}/schedules`;
/** The schedules path of a dashboard. */
export const DS = (dashboardId: number) => `/api/v1/dashboards/${dashboardId}/schedules`;

/** `SELECT {{n}} * 10 AS v, '{{chain}}' AS chain` with a number and a text parameter. */
export const PARAM_SQL = "SELECT {{n}} * 10 AS v, '{{chain}}' AS chain";
export const PARAM_DEFS = [
  { key: 'n', type: 'number', value: '1' },
  { key: 'chain', type: 'text', value: 'ethereum' },
];

/** Saves the parameterized query (PARAM_SQL); returns its id. */
export const createParamQuery = (t: TestServer, key: string, extra: Record<string, unknown> = {}) =>
  createQuery(t, key, PARAM_SQL, { parameters: PARAM_DEFS, ...extra });

/** POST a schedule; expects 200 and returns the schedule. */
export async function addSchedule(t: TestServer, key: string, path: string, body: object) {
  const r = await t.call('POST', path, { key, body });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

/** A dashboard of the given visualizations (and parameter widgets); returns its id. */
export async function createDashboard(
  t: TestServer,
  key: string,
  visualizationIds: number[],
  paramWidgets: { key: string; query_id: number; visualization_widget_id?: number }[] = [],
): Promise<number> {
  const r = await t.call('POST', '/api/v1/dashboards', {
    key,
    body: { name: `board ${Math.random()}`, visualization_ids: visualizationIds },
  });
  expect(r.status, r.text).toBe(200);
  const id = r.json.dashboard_id as number;
  if (paramWidgets.length) {
    const widgets = r.json.visualization_widgets as {
      widget_id: number;
      visualization_id: number;
    }[];
    const p = await t.call('PATCH', `/api/v1/dashboards/${id}`, {
      key,
      body: {
        param_widgets: paramWidgets.map((w) => ({
          key: w.key,
          query_id: w.query_id,
          visualization_widget_id: w.visualization_widget_id ?? widgets[0]!.widget_id,
        })),
      },
    });
    expect(p.status, p.text).toBe(200);
  }
  return id;
}

/** A table visualization of a query; returns its id. */
export async function createVisualization(t: TestServer, key: string, queryId: number) {
  const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key,
    body: { name: 'table', type: 'table', options: {} },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.id as number;
}
