import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateDashboardRequest,
  DashboardResponse,
  DashboardVisualizationsResponse,
  ListDashboardsResponse,
} from '../../contract/dashboards.js';
import { ListDatasetsResponse, SearchDatasetsResponse } from '../../contract/datasets.js';
import {
  CancelResponseSchema,
  ExecuteQueryResponseSchema,
  ExecutionResultSchema,
  ExecutionStatusSchema,
} from '../../contract/executions.js';
import {
  CreateQueryResponse,
  GetQueryResponse,
  ListQueriesResponse,
  ListQueryVersionsResponse,
  QueryVersion,
  UpdateQueryResponse,
} from '../../contract/queries.js';
import {
  GetVisualizationResponse,
  ListVisualizationsResponse,
  VisualizationIdResponse,
} from '../../contract/visualizations.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { waitFinished } from '../test/executions-helpers.js';

/**
 * Every success answer of the main resources, read through the contract's own response schemas
 * (t.callOk fails on a status or field the contract does not allow): what the app and the hosted
 * service's clients parse is what the server sends.
 */
let t: TestServer;
let u: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  u = await t.createUser('contract_user');
});
afterAll(() => t.close());

describe('answers follow the contract', () => {
  it('queries: create, read, update, list, versions', async () => {
    const created = await t.callOk(CreateQueryResponse, 'POST', '/api/v1/query', {
      key: u.key,
      body: {
        name: 'Volumes',
        query_sql: 'SELECT {{n}} AS n',
        parameters: [{ key: 'n', type: 'number', value: '3' }],
        tags: ['x'],
      },
    });
    const id = created.json.query_id;
    const got = await t.callOk(GetQueryResponse, 'GET', `/api/v1/query/${id}`, { key: u.key });
    expect(got.json.name).toBe('Volumes');
    expect(got.json.parameters).toHaveLength(1);
    const updated = await t.callOk(UpdateQueryResponse, 'PATCH', `/api/v1/query/${id}`, {
      key: u.key,
      body: { name: 'Volumes 2' },
    });
    expect(updated.json.query_id).toBe(id);
    const list = await t.callOk(ListQueriesResponse, 'GET', '/api/v1/queries?limit=5', {
      key: u.key,
    });
    expect(list.json.queries.map((q) => q.id)).toContain(id);
    const versions = await t.callOk(
      ListQueryVersionsResponse,
      'GET',
      `/api/v1/query/${id}/versions`,
      { key: u.key },
    );
    expect(versions.json.versions.length).toBe(2);
    const v1 = await t.callOk(QueryVersion, 'GET', `/api/v1/query/${id}/versions/1`, {
      key: u.key,
    });
    expect(v1.json.name).toBe('Volumes');
  });

  it('executions: execute, status, results, cancel', async () => {
    const q = await t.callOk(CreateQueryResponse, 'POST', '/api/v1/query', {
      key: u.key,
      body: { name: 'rows', query_sql: 'SELECT i, i * 2 AS twice FROM range(5) t(i)' },
    });
    const run = await t.callOk(
      ExecuteQueryResponseSchema,
      'POST',
      `/api/v1/query/${q.json.query_id}/execute`,
      { key: u.key, body: {} },
    );
    await waitFinished(t, u.key, run.json.execution_id);
    const status = await t.callOk(
      ExecutionStatusSchema,
      'GET',
      `/api/v1/execution/${run.json.execution_id}/status`,
      { key: u.key },
    );
    expect(status.json.state).toBe('QUERY_STATE_COMPLETED');
    const results = await t.callOk(
      ExecutionResultSchema,
      'GET',
      `/api/v1/execution/${run.json.execution_id}/results?limit=2`,
      { key: u.key },
    );
    expect(results.json.result?.rows).toHaveLength(2);
    const latest = await t.callOk(
      ExecutionResultSchema,
      'GET',
      `/api/v1/query/${q.json.query_id}/results`,
      { key: u.key },
    );
    expect(latest.json.execution_id).toBe(run.json.execution_id);
    const adHoc = await t.callOk(ExecuteQueryResponseSchema, 'POST', '/api/v1/sql/execute', {
      key: u.key,
      body: { sql: 'SELECT 1 AS one' },
    });
    const cancelled = await t.callOk(
      CancelResponseSchema,
      'POST',
      `/api/v1/execution/${adHoc.json.execution_id}/cancel`,
      { key: u.key },
    );
    expect(typeof cancelled.json.success).toBe('boolean');
  });

  it('visualizations and dashboards', async () => {
    const q = await t.callOk(CreateQueryResponse, 'POST', '/api/v1/query', {
      key: u.key,
      body: { name: 'chart source', query_sql: 'SELECT 1 AS day, 2 AS volume' },
    });
    const viz = await t.callOk(
      VisualizationIdResponse,
      'POST',
      `/api/v1/query/${q.json.query_id}/visualizations`,
      {
        key: u.key,
        body: { type: 'counter', name: 'Volume', options: { counterColName: 'volume' } },
      },
    );
    const got = await t.callOk(
      GetVisualizationResponse,
      'GET',
      `/api/v1/visualizations/${viz.json.id}`,
      {
        key: u.key,
      },
    );
    expect(got.json.type).toBe('counter');
    await t.callOk(
      ListVisualizationsResponse,
      'GET',
      `/api/v1/query/${q.json.query_id}/visualizations`,
      {
        key: u.key,
      },
    );
    const body: CreateDashboardRequest = {
      name: 'Contract board',
      visualization_ids: [viz.json.id],
      text_widgets: [{ text: '# Hello' }],
    };
    const board = await t.callOk(DashboardResponse, 'POST', '/api/v1/dashboards', {
      key: u.key,
      body,
    });
    expect(board.json.visualization_widgets).toHaveLength(1);
    await t.callOk(DashboardResponse, 'GET', `/api/v1/dashboards/${board.json.dashboard_id}`, {
      key: u.key,
    });
    await t.callOk(
      DashboardResponse,
      'GET',
      `/api/v1/dashboards/by-slug/contract_user/${board.json.slug}`,
      { key: u.key },
    );
    await t.callOk(
      DashboardVisualizationsResponse,
      'GET',
      `/api/v1/dashboards/${board.json.dashboard_id}/visualizations`,
      { key: u.key },
    );
    const list = await t.callOk(ListDashboardsResponse, 'GET', '/api/v1/dashboards', {
      key: u.key,
    });
    expect(list.json.dashboards.map((d) => d.dashboard_id)).toContain(board.json.dashboard_id);
  });

  it('datasets: list and search', async () => {
    const list = await t.callOk(ListDatasetsResponse, 'GET', '/api/v1/datasets?limit=3', {
      key: u.key,
    });
    expect(Array.isArray(list.json.datasets)).toBe(true);
    await t.callOk(SearchDatasetsResponse, 'POST', '/api/v1/datasets/search', {
      key: u.key,
      body: { query: 'transactions', limit: 3 },
    });
  });

  it('fails a test whose answer the contract does not allow', async () => {
    await expect(
      t.callOk(GetQueryResponse, 'GET', '/api/v1/query/999999', { key: u.key }),
    ).rejects.toThrow(/answered 404/);
    await expect(t.callOk(GetQueryResponse, 'GET', '/api/health')).rejects.toThrow(
      /does not follow the contract/,
    );
  });
});
