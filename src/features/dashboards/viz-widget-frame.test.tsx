import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDateTime } from '../../lib/time';
import type { DashboardVisualization } from '../../../contract/dashboards';
import type { Parameter } from '../../../contract/parameters';
import type { VizSource } from './viz-source';
import { VizWidgetFrame } from './viz-widget-frame';

const meta = (parameters: Parameter[]): DashboardVisualization => ({
  visualization_id: 10,
  visualization: {
    id: 10,
    query_id: 3,
    name: 'Daily volume',
    type: 'chart',
    options: {},
  } as DashboardVisualization['visualization'],
  query: { query_id: 3, name: 'Volume', owner: 'alice', parameters, max_result_age_seconds: null },
  error: null,
});

const CHAIN_DAYS: Parameter[] = [
  { key: 'chain', type: 'text', value: 'base' },
  { key: 'days', type: 'number', value: '7' },
];

function show(
  m: DashboardVisualization,
  source: VizSource,
  dashboardValues: Record<string, string[]> = {},
  maxAgeSeconds: number | null = null,
) {
  render(
    <MantineProvider>
      <VizWidgetFrame
        widgetId={1}
        meta={m}
        source={source}
        ctx={null}
        hasValues
        dashboardValues={dashboardValues}
        colorScheme="light"
        maxAgeSeconds={maxAgeSeconds}
      />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Visualization Daily volume' });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a visualization widget’s caption', () => {
  it('names the values of its result beside the title, in the query’s order', () => {
    const box = show(meta(CHAIN_DAYS), {
      state: 'missing',
      canRun: false,
      values: { days: '7', chain: 'base' },
    });
    const caption = screen.getByTestId('widget-values');
    expect(caption).toHaveTextContent(/^chain = base · days = 7$/);
    expect(caption).toHaveAttribute('title', 'chain = base · days = 7');
    expect(caption).not.toHaveAttribute('data-other-values');
    // In the title row, beside the title: the body keeps its height.
    expect(caption.parentElement).toHaveTextContent('Daily volume');
    expect(box).toHaveTextContent('No result for these values yet.');
  });

  it('writes a multiselect’s list, and values as text, never as markup', () => {
    show(
      meta([
        { key: 'chains', type: 'enum', isMultiselect: true, enumOptions: ['a', 'b'] },
        { key: 'note', type: 'text' },
      ]),
      { state: 'running', values: { chains: ['base', 'optimism'], note: '<b>bold</b>' } },
    );
    const caption = screen.getByTestId('widget-values');
    expect(caption).toHaveTextContent('chains = base, optimism · note = <b>bold</b>');
    expect(caption.querySelector('b')).toBeNull();
  });

  it('is cut to its room with the whole list on hover when there are many values', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `parameter_${i}`);
    const values = Object.fromEntries(keys.map((k) => [k, `value of ${k}`]));
    show(meta(keys.map((key) => ({ key, type: 'text' as const }))), {
      state: 'ready',
      key: ['k'],
      path: '/x',
      values,
    });
    const caption = screen.getByTestId('widget-values');
    const line = keys.map((k) => `${k} = value of ${k}`).join(' · ');
    expect(caption).toHaveAttribute('title', line);
    // Mantine's one-line ellipsis, at most 60% of the row: the title keeps the rest.
    expect(caption).toHaveAttribute('data-truncate', 'end');
    expect(caption.style.maxWidth).toBe('60%');
    expect(caption.style.minWidth).toBe('0');
  });

  it('is not there for a query without parameters', () => {
    const box = show(meta([]), { state: 'missing', canRun: false, values: {} });
    expect(screen.queryByTestId('widget-values')).toBeNull();
    expect(box).toHaveTextContent('Daily volume');
  });

  it('is not there while the values of the latest result are unknown', () => {
    show(meta(CHAIN_DAYS), { state: 'loading' });
    expect(screen.queryByTestId('widget-values')).toBeNull();
  });

  it('says so when the values are not the ones the dashboard sets', () => {
    show(
      meta(CHAIN_DAYS),
      { state: 'ready', key: ['k'], path: '/x', values: { chain: 'ethereum', days: '30' } },
      { chain: ['base'], other: ['1'] },
    );
    const caption = screen.getByTestId('widget-values');
    expect(caption).toHaveTextContent(/^Other values: chain = ethereum · days = 30$/);
    expect(caption).toHaveAttribute('data-other-values', 'true');
    expect(caption).toHaveAttribute(
      'title',
      'This result is for chain = ethereum · days = 30, not the dashboard’s chain = base',
    );
  });

  it('does not when they are the dashboard’s, as the service writes them', () => {
    show(
      meta([{ key: 'from', type: 'datetime' }, ...CHAIN_DAYS]),
      {
        state: 'ready',
        key: ['k'],
        path: '/x',
        values: { from: '2024-01-02 00:00:00', chain: 'base', days: '7' },
      },
      { from: ['2024-01-02'], chain: ['base'], days: [' 7'] },
    );
    expect(screen.getByTestId('widget-values')).not.toHaveAttribute('data-other-values');
  });
});

describe('a visualization widget’s result age', () => {
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  const ready = (endedAt: string, refreshing = false): VizSource => ({
    state: 'ready',
    key: ['k'],
    path: '/x',
    endedAt,
    refreshing,
  });

  it('says how old the result is, with the exact time on hover, in the title row', () => {
    const endedAt = minutesAgo(3);
    const box = show(meta([]), ready(endedAt));
    const age = screen.getByTestId('widget-age');
    expect(age).toHaveTextContent(/^Updated 3 minutes ago$/);
    expect(age.tagName).toBe('TIME');
    expect(age).toHaveAttribute('datetime', endedAt);
    expect(age).toHaveAttribute('title', `Result of ${localDateTime(endedAt)} (local time)`);
    expect(age).not.toHaveAttribute('data-stale');
    expect(age.parentElement?.parentElement).toHaveTextContent('Daily volume');
    expect(box).toContainElement(age);
  });

  it('moves on as time passes, asking the service nothing', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show(meta([]), ready(minutesAgo(3)), {}, 3600);
    expect(screen.getByTestId('widget-age')).toHaveTextContent('Updated 3 minutes ago');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByTestId('widget-age')).toHaveTextContent('Updated 5 minutes ago');
    // Past the dashboard's maximum: it says so.
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId('widget-age')).toHaveTextContent(/^Older than 1 hour$/);
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('says a result older than the dashboard accepts is being refreshed', () => {
    show(meta([]), ready(minutesAgo(90), true), {}, 3600);
    const age = screen.getByTestId('widget-age');
    expect(age).toHaveTextContent(/^Older than 1 hour: refreshing…$/);
    expect(age).toHaveAttribute('data-stale', 'true');
    expect(age.getAttribute('title')).toContain('results up to 1 hour old');
  });

  it('is not there while there is no result drawn', () => {
    show(meta([]), { state: 'running' }, {}, 3600);
    expect(screen.queryByTestId('widget-age')).toBeNull();
  });
});
