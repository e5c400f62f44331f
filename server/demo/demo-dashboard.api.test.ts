import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEAM } from './demo-queries.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { DEMO_DASHBOARD_SLUG, ensureDemoDashboard } from './demo-dashboard.js';

let t: TestServer;
beforeAll(async () => {
  // A fresh start with demo data, as `npm start` does (at a small scale).
  t = await createTestServer({ demoData: true, demoScale: 0.01 });
}, 120_000);
afterAll(() => t.close());

type Widget = { widget_id: number; visualization_id: number };

describe('the demo dashboard', () => {
  it('is there after a fresh start, public, at /demo/<slug>', async () => {
    const r = await t.call('GET', `/api/v1/dashboards/by-slug/${DEMO_TEAM}/${DEMO_DASHBOARD_SLUG}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      owner_handle: DEMO_TEAM,
      is_private: false,
      is_archived: false,
      tags: ['demo'],
    });
    expect(r.json.text_widgets).toHaveLength(1);
    expect(r.json.text_widgets[0].text).toMatch(/^## /);
    expect(r.json.visualization_widgets).toHaveLength(4);
    expect(r.json.param_widgets).toEqual([
      expect.objectContaining({
        key: 'chain',
        visualization_widget_id: r.json.visualization_widgets[0].widget_id,
      }),
    ]);
    const vs = await t.call('GET', `/api/v1/dashboards/${r.json.dashboard_id}/visualizations`);
    const types = vs.json.visualizations.map(
      (v: { visualization: { type: string; options: { globalSeriesType?: string } } }) =>
        v.visualization.options.globalSeriesType ?? v.visualization.type,
    );
    expect(types).toEqual(['line', 'counter', 'column', 'table']);
    for (const v of vs.json.visualizations) {
      expect(v.error).toBeNull();
      expect(v.query.owner).toBe(DEMO_TEAM);
    }
    // Its queries are run on first start (in the background), so anyone sees charts at once.
    for (const w of r.json.visualization_widgets as Widget[]) {
      const url = `/api/v1/dashboards/${r.json.dashboard_id}/visualizations/${w.visualization_id}/results?limit=1`;
      await expect
        .poll(async () => (await t.call('GET', url)).json?.state, {
          timeout: 60_000,
          interval: 200,
        })
        .toBe('QUERY_STATE_COMPLETED');
      const got = await t.call('GET', url);
      expect(got.json.result.metadata.total_row_count).toBeGreaterThan(0);
    }
  });

  it('names columns its queries return, so every widget renders once they run', async () => {
    const d = await t.call('GET', `/api/v1/dashboards/by-slug/demo/${DEMO_DASHBOARD_SLUG}`);
    const vs = (await t.call('GET', `/api/v1/dashboards/${d.json.dashboard_id}/visualizations`))
      .json.visualizations;
    const u = await t.createUser('demo_runner');
    const columns = new Map<number, string[]>();
    for (const v of vs) {
      const qid = v.query.query_id as number;
      if (!columns.has(qid)) {
        const e = await t.call('POST', `/api/v1/query/${qid}/execute`, { key: u.key });
        const status = await waitFinished(t, u.key, e.json.execution_id);
        expect(status.state).toBe('QUERY_STATE_COMPLETED');
        columns.set(qid, status.result_metadata.column_names);
      }
      const o = v.visualization.options;
      const used: string[] = [
        ...Object.keys(o.columnMapping ?? {}),
        ...(o.counterColName ? [o.counterColName] : []),
        ...(o.columns ?? []).map((c: { name: string }) => c.name),
      ];
      expect(used.length).toBeGreaterThan(0);
      for (const c of used) expect(columns.get(qid)).toContain(c);
    }
  });

  it('has example queries that all run on the demo data, each in its dialect', async () => {
    const team = (await t.deps.accounts.byHandle(DEMO_TEAM))!;
    const { queries } = await t.deps.queries.list(team.id, { limit: 100, offset: 0 });
    const u = await t.createUser('demo_query_runner');
    for (const q of queries) {
      const e = await t.call('POST', `/api/v1/query/${q.id}/execute`, { key: u.key });
      expect(e.status, q.name).toBe(200);
      const status = await waitFinished(t, u.key, e.json.execution_id);
      expect(status.state, `${q.name} (${q.dialect}): ${JSON.stringify(status.error)}`).toBe(
        'QUERY_STATE_COMPLETED',
      );
      expect(status.result_metadata.total_row_count, q.name).toBeGreaterThan(0);
    }
    // the raw-logs query decodes addresses as 0x… bytes and amounts from uint256 data
    const logs = queries.find((q) => q.name === 'Token transfers from raw logs')!;
    const e = await t.call('POST', `/api/v1/query/${logs.id}/execute`, { key: u.key });
    await waitFinished(t, u.key, e.json.execution_id);
    const r = await t.call('GET', `/api/v1/execution/${e.json.execution_id}/results?limit=5`, {
      key: u.key,
    });
    for (const row of r.json.result.rows) {
      expect(row.symbol).toBe('USDC');
      expect(row.sender).toMatch(/^0x[0-9a-f]{40}$/);
      expect(row.recipient).toMatch(/^0x[0-9a-f]{40}$/);
      expect(row.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(row.amount).toBeGreaterThan(0);
    }
  });

  it('is made once: a restart adds no second one', async () => {
    const team = (await t.deps.accounts.byHandle(DEMO_TEAM))!;
    await ensureDemoDashboard(t.deps);
    expect(await t.deps.dashboards.countOwned(team.id)).toBe(1);
  });
});
