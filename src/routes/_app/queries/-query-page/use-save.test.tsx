import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../../contract/accounts';
import type { ResolvedQueryOverview } from '../../../../../contract/queries';
import { createQueryClient } from '../../../../app/query-client';
import { VizPickerModal } from '../../../../features/dashboards/viz-picker-modal';
import { PipelineToolbar } from '../../../../features/pipelines/pipeline-toolbar';
import { LibraryPage } from '../../../../features/queries/library-page';
import { LIBRARY_DEFAULTS } from '../../../../features/queries/library-search';
import { meQueryOptions, useContextChoice } from '../../../../lib/session';
import { useSave } from './use-save';

/**
 * A query renamed on its page shows its new name, without a reload, wherever the app lists
 * queries: the library, the dashboard editor's visualization picker and the pipeline editor's
 * query picker, all read through the one queries resource (lib/resources/queries.ts), so the
 * save's invalidation reaches them. The client is the app's own (its staleTime keeps a list
 * that was not invalidated as it was); jsdom has no server, so fetch is a small fake one.
 */

const ME: Me = {
  user: { id: 1, handle: 'alice', display_name: 'Alice' },
  active_context: { handle: 'alice', type: 'user' },
  contexts: [{ handle: 'alice', type: 'user', role: 'owner', display_name: 'Alice' }],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server holding one saved query, 7, that PATCH /query/7 renames. */
function fakeServer() {
  const query: ResolvedQueryOverview = {
    id: 7,
    name: 'Daily volume',
    description: '',
    owner: 'alice',
    tags: [],
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    is_private: false,
    is_archived: false,
    version: 1,
  };
  const reads: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/api/v1', '');
    if (method === 'GET') reads.push(path);
    if (method === 'GET' && path === '/queries')
      return json({ queries: [query], total: 1, next_offset: undefined });
    if (method === 'GET' && path === '/materialized-views')
      return json({ materialized_views: [], total: 0 });
    if (method === 'PATCH' && path === '/query/7') {
      const body = JSON.parse(String(init?.body)) as { name: string };
      query.name = body.name;
      query.version += 1;
      return json({ query_id: 7 });
    }
    return json({ error: `no route ${method} ${path}` }, 404);
  });
  return { reads };
}

/** The query page's save (its rename), as a button. */
function RenameButton() {
  const save = useSave({ ctx: 'alice', queryId: 7, adoptable: () => undefined });
  return (
    <button
      type="button"
      onClick={() =>
        save.mutate({
          name: 'Weekly volume',
          sql: 'SELECT 1',
          parameters: [],
          dialect: 'dunesql',
          version: 1,
        })
      }
    >
      {save.isSuccess ? 'Renamed' : 'Rename'}
    </button>
  );
}

function renderEverywhere() {
  const qc = createQueryClient();
  qc.setQueryData(meQueryOptions.queryKey, ME);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <RenameButton />
        <LibraryPage search={LIBRARY_DEFAULTS} onSearch={() => {}} />
        <PipelineToolbar
          ctx="alice"
          tier="small"
          onTier={() => {}}
          onAdd={() => {}}
          onLoadLineage={() => {}}
          onLayout={() => {}}
          onClear={() => {}}
          onRun={() => {}}
          onCancel={() => {}}
          running={false}
          canRun={false}
          starting={false}
          cancelling={false}
        />
        <VizPickerModal ctx="alice" opened onClose={() => {}} onPick={() => {}} countOf={() => 0} />
      </>
    ),
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

/** The names the pipeline editor's "Add query node" picker offers. */
async function pipelinePickerNames(user: ReturnType<typeof userEvent.setup>) {
  const select = screen.getByRole('combobox', { name: 'Add query node' });
  await user.click(select);
  const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
  const names = list
    ? within(list)
        .queryAllByRole('option', { hidden: true })
        .map((o) => o.textContent ?? '')
    : [];
  await user.keyboard('{Escape}');
  return names;
}

describe('renaming a query', { timeout: 30_000 }, () => {
  beforeEach(() => useContextChoice.setState({ handle: 'alice' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the new name in the library, the dashboard picker and the pipeline editor', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderEverywhere();
    const picker = within(await screen.findByRole('listbox', { name: 'Queries' }));

    // Every list has read the old name.
    expect(await screen.findByRole('link', { name: 'Daily volume' })).toBeInTheDocument();
    expect(await picker.findByRole('option', { name: 'Daily volume' })).toBeInTheDocument();
    await vi.waitFor(() => expect(server.reads.filter((p) => p === '/queries')).toHaveLength(3), {
      timeout: 5000,
    });
    await vi.waitFor(
      async () => expect(await pipelinePickerNames(user)).toEqual(['Daily volume (#7)']),
      { timeout: 5000 },
    );

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await screen.findByRole('button', { name: 'Renamed' });

    // No reload: each list is read again because the save invalidated it.
    expect(await screen.findByRole('link', { name: 'Weekly volume' })).toBeInTheDocument();
    expect(await picker.findByRole('option', { name: 'Weekly volume' })).toBeInTheDocument();
    expect(picker.queryByRole('option', { name: 'Daily volume' })).not.toBeInTheDocument();
    await vi.waitFor(
      async () => expect(await pipelinePickerNames(user)).toEqual(['Weekly volume (#7)']),
      { timeout: 5000 },
    );
    expect(screen.queryByRole('link', { name: 'Daily volume' })).not.toBeInTheDocument();
  });
});
