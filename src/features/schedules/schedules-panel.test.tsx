import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuerySchedule } from './api';
import { SchedulesPanel, type Values } from './schedules-panel';

type Call = { url: string; method: string; body: unknown };

const schedule = (over: Partial<QuerySchedule> = {}): QuerySchedule => ({
  schedule_id: 3,
  query_id: 7,
  cron_expression: '0 6 * * *',
  parameters: { n: '5' },
  performance: 'large',
  enabled: true,
  next_run_at: '2030-01-02T06:00:00.000Z',
  last_run_at: '2030-01-01T06:00:00.000Z',
  last_execution_id: null,
  last_execution_ids: [],
  last_state: 'failed',
  last_error: 'Query 7 is archived: the run was skipped',
  created_at: '2029-12-31T00:00:00.000Z',
  updated_at: '2029-12-31T00:00:00.000Z',
  ...over,
});

/** A fetch that answers by method and path, and records what was asked. */
function serve(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        url: input,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${input}`];
      return handler ? handler(call) : Response.json({ error: 'no route' }, { status: 404 });
    }),
  );
  return calls;
}

/** The panel with a plain text input per parameter standing in for the parameters feature. */
function show() {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <SchedulesPanel
          ctx="alice"
          query={{ id: 7, archived: false, parameterKeys: ['n'], tier: 'medium' }}
          valuesValid={(v: Values) => v.n !== 'bad'}
          renderValues={(values, onChange) => (
            <input
              aria-label="n"
              value={String(values.n ?? '')}
              onChange={(e) => onChange({ ...values, n: e.currentTarget.value })}
            />
          )}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SchedulesPanel', { timeout: 20_000 }, () => {
  it('lists a schedule with its values, next run and the last run’s failure', async () => {
    serve({ 'GET /api/v1/query/7/schedules': () => Response.json({ schedules: [schedule()] }) });
    show();
    const row = await screen.findByTestId('schedule-row');
    expect(within(row).getByTestId('schedule-values')).toHaveTextContent('n = 5');
    expect(within(row).getByTestId('next-run')).toHaveTextContent('2030-01-02 06:00 UTC');
    expect(within(row).getByTestId('last-state')).toHaveTextContent('Failed');
    expect(within(row).getByRole('alert')).toHaveTextContent('archived: the run was skipped');
  });

  it('adds a schedule with the values set and the tier, and shows the service’s refusal', async () => {
    let answer: Response = Response.json(
      { error: 'cron_expression "..." runs 5 minutes apart' },
      {
        status: 400,
      },
    );
    const calls = serve({
      'GET /api/v1/query/7/schedules': () => Response.json({ schedules: [] }),
      'POST /api/v1/query/7/schedules': () => answer,
    });
    show();
    expect(await screen.findByTestId('no-schedules')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add schedule' });
    fireEvent.change(screen.getByLabelText('n'), { target: { value: 'bad' } });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('n'), { target: { value: '9' } });
    fireEvent.click(screen.getByText('Large'));
    fireEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('runs 5 minutes apart');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      body: { cron_expression: '0 6 * * *', parameters: { n: '9' }, performance: 'large' },
    });
    answer = Response.json(schedule({ last_state: null, last_run_at: null, last_error: null }));
    fireEvent.click(add);
    // once added, the form starts afresh and the list is read again
    await waitFor(() => expect(screen.getByLabelText('n')).toHaveValue(''));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/query/7/schedules' }),
    );
  });
});
