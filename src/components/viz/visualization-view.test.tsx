import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EChartsOption } from '../echart';
import type { VisualizationType } from '../../../contract/visualizations';
import { VisualizationView, type VizSource } from './visualization-view';

type Row = Record<string, unknown>;

// jsdom has no canvas: the one ECharts wrapper is replaced by a box that exposes its option.
const drawn: EChartsOption[] = [];
vi.mock('../echart', () => ({
  EChart: (props: { option: EChartsOption; label: string }) => {
    drawn.push(props.option);
    return <div role="img" aria-label={props.label} data-painted="true" />;
  },
}));

function body(rows: Row[], total: number, columns: string[], types: string[], nextOffset?: number) {
  return {
    execution_id: 'E1',
    query_id: 1,
    state: 'QUERY_STATE_COMPLETED',
    is_execution_finished: true,
    submitted_at: '2024-01-01T00:00:00Z',
    ...(nextOffset !== undefined ? { next_offset: nextOffset } : {}),
    result: {
      rows,
      metadata: {
        column_names: columns,
        column_types: types,
        row_count: rows.length,
        result_set_bytes: 1,
        total_row_count: total,
        total_result_set_bytes: 1,
        datapoint_count: total * columns.length,
        pending_time_millis: 0,
        execution_time_millis: 1,
      },
    },
  };
}

/** Stubs fetch with a handler of the request URL; returns the URLs asked for. */
function stubService(handler: (url: URL) => { status?: number; json: unknown }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      expect((init?.headers as Record<string, string>)['x-strata-context']).toBe('alice');
      const r = handler(url);
      return new Response(JSON.stringify(r.json), {
        status: r.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const source: VizSource = {
  key: ['ctx', 'alice', 'execution', 'E1'],
  path: '/execution/E1/results',
  ctx: 'alice',
  query: { 'params.n': '3' },
};

function show(type: VisualizationType, options: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <VisualizationView
          visualization={{ name: 'Viz', type, options }}
          source={source}
          height={300}
          colorScheme="light"
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VisualizationView', () => {
  it('a counter reads one row of its column and shows the formatted value', async () => {
    const calls = stubService(() => ({
      json: body([{ total: -1234.5 }], 10, ['total'], ['double']),
    }));
    show('counter', {
      counterColName: 'total',
      rowNumber: 2,
      stringPrefix: '$',
      stringDecimal: 1,
      counterLabel: 'Total volume',
      coloredNegativeValues: true,
    });
    const value = await screen.findByTestId('counter-value');
    expect(value).toHaveTextContent('$-1,234.5');
    expect(value).toHaveAttribute('data-tone', 'negative');
    expect(screen.getByText('Total volume')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    const q = calls[0]!.searchParams;
    expect(calls[0]!.pathname).toBe('/api/v1/execution/E1/results');
    expect([q.get('offset'), q.get('limit'), q.get('columns'), q.get('params.n')]).toEqual([
      '1',
      '1',
      'total',
      '3',
    ]);
  });

  it('types that are stored but not drawn say so', () => {
    stubService(() => ({ json: {} }));
    show('sankey', {});
    expect(screen.getByTestId('viz-not-rendered')).toHaveTextContent(
      'sankey visualizations are stored but not rendered yet',
    );
  });

  it("shows the service's error inside the box", async () => {
    stubService(() => ({ status: 400, json: { error: 'columns: unknown column "nope"' } }));
    show('counter', { counterColName: 'nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('columns: unknown column "nope"');
  });

  it("shows a failed execution's message", async () => {
    stubService(() => ({
      json: {
        ...body([], 0, [], []),
        state: 'QUERY_STATE_FAILED',
        result: undefined,
        error: { type: 'syntax_error', message: 'syntax error at line 1' },
      },
    }));
    show('chart', { columnMapping: { a: 'x', b: 'y' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('syntax error at line 1');
  });

  it('a chart over few rows pulls every row of its columns in pages', async () => {
    const cols = ['day', 'n', 'other'];
    const types = ['date', 'bigint', 'varchar'];
    const calls = stubService((url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (url.searchParams.get('limit') === '1')
        return { json: body([{ day: '2024-01-01', n: 1 }], 3, cols, types) };
      const rows = [{ day: '2024-01-0' + (offset + 1), n: offset + 1 }];
      return { json: body(rows, 3, cols, types, offset + 1 < 3 ? offset + 1 : undefined) };
    });
    show('chart', { globalSeriesType: 'line', columnMapping: { day: 'x', n: 'y' } });
    await waitFor(() => expect(calls).toHaveLength(4));
    const pages = calls
      .slice(1)
      .map((u) => [
        u.searchParams.get('offset'),
        u.searchParams.get('columns'),
        u.searchParams.get('limit'),
      ]);
    expect(pages).toEqual([
      ['0', 'day,n', '32000'],
      ['1', 'day,n', '32000'],
      ['2', 'day,n', '32000'],
    ]);
    expect(
      await screen.findByRole('img', { name: /Viz: line chart of n by day/ }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('viz-sampled')).toBeNull();
    const series = drawn.at(-1)?.series as { data: unknown[] }[];
    expect(series[0]!.data).toHaveLength(3);
  });

  it('a chart over more than 100,000 rows asks the service for a sample and says so', async () => {
    const cols = ['x', 'y'];
    const calls = stubService((url) =>
      url.searchParams.get('limit') === '1'
        ? { json: body([{ x: 1, y: 1 }], 2_500_000, cols, ['bigint', 'bigint']) }
        : {
            json: body(
              [
                { x: 1, y: 2 },
                { x: 2, y: 3 },
              ],
              2,
              cols,
              ['bigint', 'bigint'],
            ),
          },
    );
    show('chart', { globalSeriesType: 'scatter', columnMapping: { x: 'x', y: 'y' } });
    expect(await screen.findByTestId('viz-sampled')).toHaveTextContent(
      'Sampled 2 of 2,500,000 rows',
    );
    expect(calls[1]!.searchParams.get('sample_count')).toBe('100000');
    expect(calls[1]!.searchParams.get('offset')).toBeNull();
  });

  it('a chart without a y column asks for one; an empty result says so', async () => {
    stubService(() => ({ json: body([], 0, ['a', 'b'], ['bigint', 'bigint']) }));
    show('chart', { columnMapping: { a: 'x' } });
    expect(await screen.findByText('Choose at least one y column.')).toBeInTheDocument();
    cleanup();
    show('chart', { columnMapping: { a: 'x', b: 'y' } });
    expect(await screen.findByTestId('viz-empty')).toHaveTextContent('The result has no rows.');
  });

  it('a table shows its column titles and hides hidden columns', async () => {
    stubService(() => ({
      json: body(
        [{ sym: 'ETH', amt: 1500 }],
        1,
        ['sym', 'amt', 'secret'],
        ['varchar', 'double', 'varchar'],
      ),
    }));
    show('table', {
      columns: [
        { name: 'amt', title: 'Amount', numberFormat: '$0,0' },
        { name: 'secret', isHidden: true },
      ],
    });
    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Amount', 'sym']);
  });
});
