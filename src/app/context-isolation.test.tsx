import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeySummary, Me } from '../../contract/accounts';
import { ApiKeysPage } from '../features/settings/api-keys-page';
import { useContextChoice } from '../lib/session';
import { createQueryClient } from './query-client';

/**
 * Switching context never shows the previous context's data, even for a moment: the context is
 * part of every query key and is sent with every request. jsdom has no server, so fetch is a small
 * fake that answers by the x-strata-context header and holds back one context's answer.
 */

const ME: Me = {
  user: { id: 1, handle: 'alice', display_name: 'Alice' },
  active_context: { handle: 'alice', type: 'user' },
  contexts: [
    { handle: 'alice', type: 'user', role: 'owner', display_name: 'Alice' },
    { handle: 'acme', type: 'team', role: 'admin', display_name: 'Acme' },
  ],
};

const key = (context: string, name: string): ApiKeySummary => ({
  id: `${context}-${name}`,
  name,
  prefix: `strata_${context.slice(0, 3)}`,
  scope: 'read',
  context,
  created_by: 'alice',
  created_at: '2025-01-01T00:00:00.000Z',
  last_used_at: null,
});

const KEYS: Record<string, ApiKeySummary[]> = {
  alice: [key('alice', 'alice-laptop'), key('alice', 'alice-cron')],
  acme: [key('acme', 'acme-ci')],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: /auth/me, and /keys per context, where acme's answer waits for `release`. */
function fakeServer() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const seen: { path: string; ctx: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const ctx = new Headers(init?.headers).get('x-strata-context');
    seen.push({ path: url.pathname, ctx });
    if (url.pathname === '/api/v1/auth/me') return json(ME);
    if (url.pathname === '/api/v1/keys') {
      const keys = ctx ? KEYS[ctx] : undefined;
      if (!keys) return json({ error: 'no such context' }, 404);
      if (ctx === 'acme') await held;
      return json({ keys });
    }
    return json({ error: 'no route' }, 404);
  });
  return { fetch, release: () => release(), seen };
}

function renderKeysPage() {
  const queryClient = createQueryClient();
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<p>loading</p>}>
          <ApiKeysPage />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Records whether a node holding `text` is ever added to the document from now on. */
function watchFor(text: string) {
  let appeared = false;
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const nodes = r.type === 'characterData' ? [r.target] : [...r.addedNodes];
      if (nodes.some((n) => n.textContent?.includes(text))) appeared = true;
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  watchers.push(observer);
  return { appeared: () => appeared };
}
const watchers: MutationObserver[] = [];

const names = () =>
  screen
    .queryAllByTestId('api-key-row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('switching context', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    useContextChoice.setState({ handle: 'alice' });
  });
  afterEach(() => {
    for (const w of watchers.splice(0)) w.disconnect();
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('never renders the previous context’s API keys', async () => {
    renderKeysPage();
    expect(await screen.findByText('alice-laptop')).toBeInTheDocument();
    expect(names()).toEqual(['alice-laptop', 'alice-cron']);
    expect(screen.getByRole('table', { name: 'API keys of alice' })).toBeInTheDocument();

    const watch = watchFor('alice-laptop');
    act(() => useContextChoice.getState().choose('acme'));

    // Right after the switch, while acme's answer is held back: nothing of alice is shown.
    expect(screen.queryByText('alice-laptop')).not.toBeInTheDocument();
    expect(screen.queryByText('alice-cron')).not.toBeInTheDocument();
    expect(names()).toEqual([]);
    expect(screen.getByRole('table', { name: 'API keys of acme' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    await act(async () => server.release());
    expect(await screen.findByText('acme-ci')).toBeInTheDocument();
    expect(names()).toEqual(['acme-ci']);
    expect(watch.appeared()).toBe(false);

    // The request for acme's keys was made in acme, not in the previous context.
    expect(server.seen).toContainEqual({ path: '/api/v1/keys', ctx: 'acme' });
    expect(server.seen.filter((r) => r.path === '/api/v1/keys' && r.ctx === null)).toEqual([]);
  });

  it('switching back shows the first context’s own keys, never the other’s', async () => {
    server.release();
    renderKeysPage();
    expect(await screen.findByText('alice-laptop')).toBeInTheDocument();
    act(() => useContextChoice.getState().choose('acme'));
    expect(await screen.findByText('acme-ci')).toBeInTheDocument();

    const watch = watchFor('acme-ci');
    act(() => useContextChoice.getState().choose('alice'));
    expect(screen.queryByText('acme-ci')).not.toBeInTheDocument();
    expect(await screen.findByText('alice-laptop')).toBeInTheDocument();
    expect(names()).toEqual(['alice-laptop', 'alice-cron']);
    expect(watch.appeared()).toBe(false);
  });
});
