import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  max_result_age_seconds: null,
  is_archived: false,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  version: 1,
};

function show(onClose = () => {}, d: DashboardResponse = dashboard) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <DashboardSettingsModal ctx="alice" dashboard={d} onClose={onClose} />
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

  it('saves the maximum result age chosen, and only that, through the dashboard’s PATCH', async () => {
    const fetch = vi.fn(async () => Response.json({ ...dashboard, max_result_age_seconds: 3600 }));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    show(onClose);
    const age = screen.getByRole('combobox', { name: 'Results may be up to' });
    expect(age).toHaveValue('Always the latest');
    expect(
      screen.getByText(/Older results are refreshed when someone opens the dashboard/),
    ).toBeInTheDocument();
    await userEvent.click(age);
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'Always the latest',
      '5 minutes old',
      '15 minutes old',
      '1 hour old',
      '6 hours old',
      '1 day old',
      '1 week old',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '1 hour old', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/dashboards/4');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ max_result_age_seconds: 3600 });
  });

  it('clears a maximum with "Always the latest" and keeps one set through the API', async () => {
    const fetch = vi.fn(async () => Response.json(dashboard));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    show(onClose, { ...dashboard, max_result_age_seconds: 7200 });
    const age = screen.getByRole('combobox', { name: 'Results may be up to' });
    // Not a preset: shown as it is, so saving other fields leaves it alone.
    expect(age).toHaveValue('2 hours old');
    await userEvent.click(age);
    await userEvent.click(screen.getByRole('option', { name: 'Always the latest', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ max_result_age_seconds: null });
  });

  it('sends no maximum when it was not changed', async () => {
    const fetch = vi.fn(async () => Response.json(dashboard));
    vi.stubGlobal('fetch', fetch);
    show(undefined, { ...dashboard, max_result_age_seconds: 900 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Flows 2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Flows 2' });
  });
});
