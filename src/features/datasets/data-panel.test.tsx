import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchDatasetResult, SearchDatasetsResponse } from '../../../contract/datasets';
import { CONTEXT_HEADER } from '../../lib/api';
import { DataPanel } from './data-panel';

const hit = (full_name: string, schema: SearchDatasetResult['schema']): SearchDatasetResult => ({
  full_name,
  category: 'canonical',
  dataset_type: 'dune_table',
  blockchains: ['ethereum'],
  visibility: 'public',
  owner_scope: 'dune',
  description: '',
  schema,
});

const RESULTS: SearchDatasetResult[] = [
  hit('ethereum.transactions', [
    { name: 'hash', type: 'VARCHAR', nullable: false },
    { name: 'from', type: 'VARCHAR', nullable: false },
  ]),
  hit('dune.alice.my table', [{ name: 'Total $', type: 'DOUBLE', nullable: true }]),
];

type Call = { ctx: string | null; body: Record<string, unknown> };

function stubFetch(opts: { fail?: boolean } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ ctx: new Headers(init.headers).get(CONTEXT_HEADER), body });
    if (opts.fail)
      return new Response(JSON.stringify({ error: 'catalog is down' }), { status: 500 });
    const q = typeof body.query === 'string' ? body.query : '';
    const results = RESULTS.filter((r) => r.full_name.includes(q));
    const res: SearchDatasetsResponse = {
      total: results.length,
      results,
      pagination: { limit: 50, offset: 0, has_more: false },
    };
    return new Response(JSON.stringify(res), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderPanel(onInsert: (text: string) => void) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <DataPanel ctx="alice" onInsert={onInsert} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataPanel', () => {
  it('inserts a quoted column name and a table name when clicked', async () => {
    const calls = stubFetch();
    const onInsert = vi.fn();
    renderPanel(onInsert);

    await screen.findByRole('button', { name: 'Insert ethereum.transactions' });
    expect(calls[0]).toMatchObject({
      ctx: 'alice',
      body: { include_schema: true, include_private: true },
    });
    expect(screen.queryByRole('button', { name: 'Insert column from' })).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Columns of ethereum.transactions' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Insert column from' }));
    expect(onInsert).toHaveBeenLastCalledWith('"from"');
    fireEvent.click(screen.getByRole('button', { name: 'Insert column hash' }));
    expect(onInsert).toHaveBeenLastCalledWith('hash');

    fireEvent.click(screen.getByRole('button', { name: 'Insert ethereum.transactions' }));
    expect(onInsert).toHaveBeenLastCalledWith('ethereum.transactions');

    fireEvent.click(screen.getByRole('button', { name: 'Columns of dune.alice.my table' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert column Total $' }));
    expect(onInsert).toHaveBeenLastCalledWith('"Total $"');
    fireEvent.click(screen.getByRole('button', { name: 'Insert dune.alice.my table' }));
    expect(onInsert).toHaveBeenLastCalledWith('dune.alice."my table"');
  });

  it('searches with the typed text and shows when nothing matches', async () => {
    const calls = stubFetch();
    renderPanel(() => {});
    await screen.findByRole('button', { name: 'Insert ethereum.transactions' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search tables' }), {
      target: { value: 'alice' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Insert ethereum.transactions' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Insert dune.alice.my table' })).toBeVisible();
    expect(calls.at(-1)?.body).toMatchObject({ query: 'alice' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Search tables' }), {
      target: { value: 'nothing-like-this' },
    });
    expect(await screen.findByText('No tables match.')).toBeVisible();
  });

  it('shows the service error with a retry', async () => {
    stubFetch({ fail: true });
    renderPanel(() => {});
    expect(await screen.findByRole('alert')).toHaveTextContent('catalog is down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
