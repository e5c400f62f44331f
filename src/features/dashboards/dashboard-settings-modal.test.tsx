import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '../../../contract/dashboards';
import { DashboardSettingsModal } from './dashboard-settings-modal';

const dashboard: DashboardResponse = {
  dashboard_id: 4,
  dashboard_url: 'http://x/alice/flows',
  name: 'Flows',
  slug: 'flows',
  is_private: false,
  tags: [],
  text_widgets: [],
  visualization_widgets: [],
  param_widgets: [],
  owner_handle: 'alice',
  columns_per_row: 2,
  is_archived: false,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  version: 1,
};

function show(onClose = () => {}) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <DashboardSettingsModal ctx="alice" dashboard={dashboard} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardSettingsModal', () => {
  it('a taken slug (409) says so beside the slug field and keeps the dialog open', async () => {
    const fetch = vi.fn(async () => Response.json({ error: 'slug already used' }, { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    show(onClose);
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Another dashboard of alice already uses this slug'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/dashboards/4');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ slug: 'taken' });
    // Typing again clears the error.
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'taken-2' } });
    expect(screen.queryByText('Another dashboard of alice already uses this slug')).toBeNull();
  });

  it('rejects a malformed slug before asking the service', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show();
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'Bad Slug!' } });
    expect(screen.getByText('Lowercase letters, digits and single hyphens')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
