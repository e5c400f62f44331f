import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { publicScope } from './api';
import { useVizSource, type VizSourceInput } from './viz-source';

const PARAMS: Parameter[] = [
  { key: 'chain', type: 'text', value: 'base' },
  { key: 'days', type: 'number', value: '7' },
];

/** The dashboard's results answer for `url`: the run of chain = ethereum, or none for others. */
function stubResults() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      const chain = url.searchParams.get('params.chain');
      if (chain !== null && chain !== 'ethereum')
        return new Response(
          JSON.stringify({ error: 'No execution of this query has a result yet' }),
          {
            status: 404,
          },
        );
      return new Response(
        JSON.stringify({
          execution_id: 'E1',
          query_id: 3,
          state: 'QUERY_STATE_COMPLETED',
          is_execution_finished: true,
          submitted_at: '2024-01-01T00:00:00Z',
          query_parameters: { chain: 'ethereum', days: '30' },
          result: {
            rows: [{ x: 1 }],
            metadata: {
              column_names: ['x'],
              column_types: ['integer'],
              row_count: 1,
              result_set_bytes: 1,
              total_row_count: 1,
              total_result_set_bytes: 1,
              datapoint_count: 1,
              pending_time_millis: 0,
              execution_time_millis: 1,
            },
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return asked;
}

function source(values: Record<string, string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const input: VizSourceInput = {
    scope: publicScope('alice', 'flows'),
    dashboardId: 4,
    visualizationId: 10,
    queryId: 3,
    parameters: PARAMS,
    values,
    signedIn: false,
    refreshMs: 0,
    runRequested: false,
    enabled: true,
  };
  return renderHook(() => useVizSource(input), { wrapper });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useVizSource', () => {
  it('gives the values the service names for the latest run of any values', async () => {
    stubResults();
    const { result } = source({});
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.values).toEqual({ chain: 'ethereum', days: '30' });
  });

  it('gives the widget’s values, filled with the defaults, when it has no result for them', async () => {
    const asked = stubResults();
    const { result } = source({ chain: 'optimism' });
    await waitFor(() => expect(result.current.state).toBe('missing'));
    expect(result.current.values).toEqual({ chain: 'optimism', days: '7' });
    expect(asked[0]!.searchParams.get('params.chain')).toBe('optimism');
  });

  it('knows no values before the latest run of any values is read', () => {
    stubResults();
    const { result } = source({});
    expect(result.current).toEqual({ state: 'loading', values: undefined });
  });
});
