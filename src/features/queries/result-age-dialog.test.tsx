import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/resources/queries';
import { QueryResultAgeDialog } from './result-age-dialog';

function show(maxAge: number | null, onClose = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const detail = queryKeys.detail('alice', 7);
  qc.setQueryData(detail, { query_id: 7, max_result_age_seconds: maxAge });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <QueryResultAgeDialog
          ctx="alice"
          query={{ query_id: 7, name: 'Volume', max_result_age_seconds: maxAge }}
          opened
          onClose={onClose}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onClose, stale: () => qc.getQueryState(detail)?.isInvalidated };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QueryResultAgeDialog', () => {
  it('saves the maximum alone, on no version, and reads the query again', async () => {
    const fetch = vi.fn(async () => Response.json({ query_id: 7 }));
    vi.stubGlobal('fetch', fetch);
    const { onClose, stale } = show(null);
    const age = screen.getByRole('combobox', { name: 'Results may be up to' });
    expect(age).toHaveValue('Always the latest');
    expect(screen.getByText(/Older results are refreshed when someone reads/)).toBeInTheDocument();
    await userEvent.click(age);
    await userEvent.click(screen.getByRole('option', { name: '15 minutes old', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/query/7');
    expect(init.method).toBe('PATCH');
    // Only the setting: no text, no parameters, and no If-Match (it makes no new version).
    expect(JSON.parse(String(init.body))).toEqual({ max_result_age_seconds: 900 });
    expect(new Headers(init.headers).has('if-match')).toBe(false);
    expect(stale()).toBe(true);
  });

  it('says why a save was refused and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Query not found' }, { status: 404 })),
    );
    const { onClose } = show(3600);
    expect(screen.getByRole('combobox', { name: 'Results may be up to' })).toHaveValue(
      '1 hour old',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Results may be up to' }));
    await userEvent.click(screen.getByRole('option', { name: 'Always the latest', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Query not found');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without a request when nothing changed', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { onClose } = show(3600);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
