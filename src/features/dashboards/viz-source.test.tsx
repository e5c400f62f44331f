import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { publicScope } from './api';
import { rereadLatest, useVizSource, type VizSourceInput } from './viz-source';

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

function source(values: Record<string, string>, signedIn = false) {
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
    signedIn,
    refreshMs: 0,
    runRequested: false,
    enabled: true,
  };
  return { client, ...renderHook(() => useVizSource(input), { wrapper }) };
}

const METADATA = {
  column_names: ['x'],
  column_types: ['integer'],
  row_count: 1,
  result_set_bytes: 1,
  total_row_count: 1,
  total_result_set_bytes: 1,
  datapoint_count: 1,
  pending_time_millis: 0,
  execution_time_millis: 1,
};

/** The results answer of run `id`: completed (ended at `endedAt`, one row) or still executing. */
const answer = (id: string, endedAt?: string) =>
  Response.json({
    execution_id: id,
    query_id: 3,
    state: endedAt ? 'QUERY_STATE_COMPLETED' : 'QUERY_STATE_EXECUTING',
    is_execution_finished: !!endedAt,
    submitted_at: '2024-01-01T00:00:00Z',
    ...(endedAt
      ? { execution_ended_at: endedAt, result: { rows: [{ x: 1 }], metadata: METADATA } }
      : {}),
    query_parameters: {},
  });

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

  it('gives when the run of the result it shows ended', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer('E1', '2024-01-01T00:05:00Z')),
    );
    const { result } = source({});
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current).toMatchObject({ endedAt: '2024-01-01T00:05:00Z', refreshing: false });
    // The renderer's reads of these rows take them whatever their age: they never start a run.
    expect(result.current).toMatchObject({ query: { allow_stale: 'true' } });
  });

  it('keeps drawing the older result while a refresh runs the query, then the new one', async () => {
    // Under a maximum age, the service answers a read of an older result with the run it starts.
    const answers = [
      answer('E1', '2024-01-01T00:05:00Z'),
      answer('E2'),
      answer('E2', '2024-01-01T09:00:00Z'),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const { result, client } = source({}, true);
    await waitFor(() => expect(result.current.state).toBe('ready'));
    const first = result.current.state === 'ready' ? result.current.key : [];
    expect(first.at(-1)).toBe('E1');

    await rereadLatest(client, publicScope('alice', 'flows'), 4);
    await waitFor(() =>
      expect(result.current).toMatchObject({
        state: 'ready',
        key: first,
        endedAt: '2024-01-01T00:05:00Z',
        refreshing: true,
      }),
    );
    // The run under way is polled until it has its result, which is then drawn.
    await waitFor(() =>
      expect(result.current).toMatchObject({
        state: 'ready',
        endedAt: '2024-01-01T09:00:00Z',
        refreshing: false,
      }),
    );
    expect(result.current.state === 'ready' && result.current.key.at(-1)).toBe('E2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shows a run under way as running when there is no older result to draw', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer('E2')),
    );
    const { result } = source({}, true);
    await waitFor(() => expect(result.current.state).toBe('running'));
  });
});
