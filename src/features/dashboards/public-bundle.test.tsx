import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardBundleResponse } from '../../../contract/dashboards';
import { dashboardKeys, publicScope } from './api';
import { seedBundle, takeInlineBundle } from './public-bundle';

const result = {
  execution_id: '01RUN',
  query_id: 3,
  state: 'QUERY_STATE_COMPLETED',
  is_execution_finished: true,
  submitted_at: '2026-01-01T00:00:00Z',
  execution_ended_at: '2026-01-01T00:00:02Z',
  result: {
    rows: [{ x: 1 }],
    metadata: {
      column_names: ['x'],
      column_types: ['integer'],
      row_count: 1,
      result_set_bytes: 8,
      total_row_count: 1,
      total_result_set_bytes: 8,
      datapoint_count: 1,
      pending_time_millis: 0,
      execution_time_millis: 1,
    },
  },
} as const;

const viz = (id: number, queryId: number | null) => ({
  visualization_id: id,
  visualization: null,
  query: queryId === null ? null : { query_id: queryId, name: 'q', owner: 'alice', parameters: [] },
  error: queryId === null ? 'This visualization’s query is private.' : null,
});

const bundle = {
  dashboard: { dashboard_id: 4, owner_handle: 'Alice', slug: 'flows' },
  visualizations: [viz(10, 3), viz(11, 5), viz(12, null)],
  latest_results: [{ query_id: 3, result }],
} as unknown as DashboardBundleResponse;

function inline(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'dashboard-bundle';
  el.textContent = text;
  document.body.appendChild(el);
}

afterEach(() => document.getElementById('dashboard-bundle')?.remove());

describe('takeInlineBundle', () => {
  it('takes the page’s bundle for this dashboard once (owner and slug in any case)', () => {
    inline(JSON.stringify(bundle).replace(/</g, '\\u003c'));
    expect(takeInlineBundle('alice', 'FLOWS')).toEqual(bundle);
    expect(takeInlineBundle('alice', 'flows')).toBeUndefined();
  });

  it('ignores a bundle of another dashboard, or one that does not parse', () => {
    inline(JSON.stringify(bundle));
    expect(takeInlineBundle('bob', 'flows')).toBeUndefined();
    inline('{"dashboard": ');
    expect(takeInlineBundle('alice', 'flows')).toBeUndefined();
    expect(takeInlineBundle('alice', 'flows')).toBeUndefined();
  });
});

describe('seedBundle', () => {
  it('seeds the visualizations and each readable widget’s latest result, or none', () => {
    const client = new QueryClient();
    seedBundle(client, 'alice', 'flows', bundle);
    const scope = publicScope('alice', 'flows');
    expect(client.getQueryData(dashboardKeys.visualizations(scope, 4))).toEqual({
      visualizations: bundle.visualizations,
    });
    const latest = (vid: number) =>
      client.getQueryData([...dashboardKeys.viz(scope, 4, vid, {}), 'latest']);
    expect(latest(10)).toEqual({
      execution_id: '01RUN',
      state: 'QUERY_STATE_COMPLETED',
      error: undefined,
      // The result the widget draws, and when its run ended (the widget words its age).
      shown: { execution_id: '01RUN', ended_at: '2026-01-01T00:00:02Z' },
    });
    expect(latest(11)).toBeNull(); // readable, no result yet
    expect(latest(12)).toBeUndefined(); // private: the widget says so and reads nothing
  });
});
