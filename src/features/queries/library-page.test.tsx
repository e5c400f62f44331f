import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../contract/accounts';
import type { ListQueriesResponse } from '../../../contract/queries';
import { CONTEXT_HEADER } from '../../lib/api';
import { meQueryOptions, useContextChoice } from '../../lib/session';
import { LibraryPage } from './library-page';
import { LIBRARY_DEFAULTS } from './library-search';

const me: Me = {
  user: { id: 1, handle: 'alice', display_name: 'Alice' },
  active_context: { handle: 'alice', type: 'user' },
  contexts: [
    { handle: 'alice', type: 'user', role: 'owner', display_name: 'Alice' },
    { handle: 'acme', type: 'team', role: 'member', display_name: 'Acme' },
  ],
};

const listOf = (owner: string, name: string): ListQueriesResponse => ({
  queries: [
    {
      id: owner === 'alice' ? 1 : 2,
      name,
      description: '',
      owner,
      tags: [],
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      is_private: false,
      is_archived: false,
      version: 1,
    },
  ],
  total: 1,
});

/** fetch answers alice's list at once and holds acme's until `release` is called. */
function stubFetch() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const calls: { ctx: string | null; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const ctx = new Headers(init.headers).get(CONTEXT_HEADER);
    calls.push({ ctx, url });
    if (ctx === 'acme') await held;
    const body = ctx === 'acme' ? listOf('acme', 'Team query') : listOf('alice', 'Personal query');
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return { release: () => release(), calls };
}

function renderLibrary() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(meQueryOptions.queryKey, me);
  const rootRoute = createRootRoute({
    component: () => <LibraryPage search={LIBRARY_DEFAULTS} onSearch={() => {}} />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('LibraryPage', () => {
  beforeEach(() => useContextChoice.setState({ handle: 'alice' }));
  afterEach(() => vi.unstubAllGlobals());

  it('never shows the previous context’s queries after a context switch', async () => {
    const net = stubFetch();
    renderLibrary();
    expect(await screen.findByRole('link', { name: 'Personal query' })).toBeInTheDocument();
    expect(net.calls[0]).toMatchObject({ ctx: 'alice' });
    expect(net.calls[0]?.url).toContain('include_archived=false');

    act(() => useContextChoice.getState().choose('acme'));
    // While acme's list loads, alice's rows are gone (no placeholder from another context).
    expect(screen.queryByRole('link', { name: 'Personal query' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Loading queries')).toBeInTheDocument();

    net.release();
    expect(await screen.findByRole('link', { name: 'Team query' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Personal query' })).not.toBeInTheDocument();
    expect(net.calls.at(-1)).toMatchObject({ ctx: 'acme' });
  });

  it('offers what to do when the context has no queries', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ queries: [], total: 0 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderLibrary();
    expect(await screen.findByText('No queries yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Browse public queries' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New query' }).length).toBeGreaterThan(0);
  });
});
