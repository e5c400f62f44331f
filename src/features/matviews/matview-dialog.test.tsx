import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Matview } from './api';
import { MatviewDialog, type MatviewDialogProps } from './matview-dialog';

type Call = { url: string; method: string; body: unknown };

/** A fetch that answers by path, and records what was asked. */
function serve(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const call = {
      url: input,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${input.replace(/\?.*$/, '')}`;
    const handler = routes[key];
    return handler ? handler(call) : Response.json({ error: `no route ${key}` }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function show(props: Partial<MatviewDialogProps> = {}) {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <MatviewDialog ctx="alice" opened onClose={() => {}} {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const noViews = () => Response.json({ materialized_views: [] });
const fromQuery = { query: { id: 7, name: 'Daily volume' } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MatviewDialog', { timeout: 20_000 }, () => {
  it('validates the name and the schedule as they are typed, before asking the service', async () => {
    const calls = serve({ 'GET /api/v1/materialized-views': noViews });
    const user = userEvent.setup();
    show(fromQuery);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    // A first name from the query's, and the full name it gets.
    expect(name).toHaveValue('result_daily_volume');
    expect(screen.getByTestId('full-name')).toHaveTextContent('dune.alice.result_daily_volume');

    fireEvent.change(name, { target: { value: 'daily' } });
    expect(screen.getByText('Must start with "result_"')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'result_a-b' } });
    expect(screen.getByText('Only letters, digits and "_"')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Result_Daily' } });
    expect(screen.queryByText('Only letters, digits and "_"')).toBeNull();
    expect(screen.getByTestId('full-name')).toHaveTextContent('dune.alice.result_daily');

    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(screen.getByRole('option', { name: 'Custom', hidden: true }));
    const cron = screen.getByRole('textbox', { name: 'Cron expression (UTC)' });
    fireEvent.change(cron, { target: { value: '*/5 * * * *' } });
    expect(
      screen.getByText('Runs every 5 minutes: the shortest interval is 15 minutes'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create and refresh' })).toBeDisabled();
    fireEvent.change(cron, { target: { value: '0 6 * *' } });
    expect(screen.getByText(/has 5 fields .* this one has 4/)).toBeInTheDocument();
    fireEvent.change(cron, { target: { value: '30 2 * * 1' } });
    expect(screen.getByTestId('schedule-preview')).toHaveTextContent(
      'At 02:30 UTC, only on Monday',
    );
    expect(screen.getByTestId('schedule-preview')).toHaveTextContent(
      /Next runs: .* UTC · .* UTC · .* UTC/,
    );
    expect(screen.getByRole('button', { name: 'Create and refresh' })).toBeEnabled();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('sends the upsert and follows the refresh it started', async () => {
    const calls = serve({
      'GET /api/v1/materialized-views': noViews,
      'POST /api/v1/materialized-views': () =>
        Response.json({ name: 'dune.alice.result_daily', execution_id: '01EXEC' }),
      'GET /api/v1/execution/01EXEC/status': () =>
        Response.json({
          execution_id: '01EXEC',
          state: 'QUERY_STATE_COMPLETED',
          is_execution_finished: true,
        }),
    });
    const user = userEvent.setup();
    show(fromQuery);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'result_daily' } });
    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(screen.getByRole('option', { name: 'Every 6 hours', hidden: true }));
    expect(screen.getByTestId('schedule-preview')).toHaveTextContent(
      'On the hour, every 6 hours (UTC)',
    );
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('switch', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Create and refresh' }));

    const status = await screen.findByTestId('saved-refresh-state');
    await waitFor(() => expect(within(status).getByText('Completed')).toBeInTheDocument());
    expect(screen.getByText('dune.alice.result_daily')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'result_daily',
      query_id: 7,
      cron_expression: '0 */6 * * *',
      expires_at: null,
      is_private: true,
      performance: 'large',
    });
  });

  it('edits the existing view of the query and shows a 409 beside the name', async () => {
    const existing = {
      sql_id: 'dune.alice.result_old',
      name: 'result_old',
      query_id: 7,
      query_name: 'Daily volume',
      is_private: false,
      schedule: {
        cron_expression: '0 6 * * 1',
        expires_at: null,
        next_execution_time: null,
        performance: 'small',
      },
    } as unknown as Matview;
    const calls = serve({
      'GET /api/v1/materialized-views': () => Response.json({ materialized_views: [existing] }),
      'POST /api/v1/materialized-views': () =>
        Response.json(
          { error: 'result_taken is the name of the view of query 3' },
          { status: 409 },
        ),
    });
    show(fromQuery);
    expect(await screen.findByText(/is materialized as/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue(
      'Every Monday at 06:00 UTC',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'result_taken' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and refresh' }));
    expect(
      await screen.findByText('result_taken is the name of the view of query 3'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'result_taken',
      cron_expression: '0 6 * * 1',
      performance: 'small',
    });
  });

  it("without a fixed source, picks one of the context's queries searched by name", async () => {
    const calls = serve({
      'GET /api/v1/queries': (call) =>
        Response.json({
          queries: call.url.includes('q=week')
            ? [{ id: 12, name: 'Weekly totals' }]
            : [
                { id: 3, name: 'Daily volume' },
                { id: 12, name: 'Weekly totals' },
              ],
          total: 2,
        }),
      'POST /api/v1/materialized-views': () =>
        Response.json({ name: 'dune.alice.result_weekly', execution_id: '01EXEC' }),
      'GET /api/v1/execution/01EXEC/status': () =>
        Response.json({
          execution_id: '01EXEC',
          state: 'QUERY_STATE_EXECUTING',
          is_execution_finished: false,
        }),
    });
    const user = userEvent.setup();
    show();
    const save = screen.getByRole('button', { name: 'Create and refresh' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'result_weekly' },
    });
    expect(save).toBeDisabled();
    const picker = screen.getByRole('combobox', { name: 'Source query' });
    await user.type(picker, 'week');
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=week'))).toBe(true));
    await user.click(
      await screen.findByRole('option', { name: 'Weekly totals (#12)', hidden: true }),
    );
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Refreshing')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      query_id: 12,
      name: 'result_weekly',
    });
  });
});
