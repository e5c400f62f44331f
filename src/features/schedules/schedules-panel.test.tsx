import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardSchedule, QuerySchedule } from '../../../contract/schedules';
import { SchedulesPanel, type ScheduleTarget, type Values } from './schedules-panel';

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

const QUERY: ScheduleTarget = {
  kind: 'query',
  id: 7,
  archived: false,
  parameterKeys: ['n'],
  tier: 'medium',
};

/** The panel with a plain text input per value standing in for the parameters feature. */
function show(target: ScheduleTarget = QUERY) {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const panel = () => (
    <SchedulesPanel
      ctx="alice"
      target={target}
      valuesValid={(v: Values) => v.n !== 'bad'}
      renderValues={(values, onChange) =>
        (target.kind === 'query' ? target.parameterKeys : target.fields.map((f) => f.name)).map(
          (name) => (
            <input
              key={name}
              aria-label={name}
              value={String(values[name] ?? '')}
              onChange={(e) => onChange({ ...values, [name]: e.currentTarget.value })}
            />
          ),
        )
      }
    />
  );
  // A router, for the links to runs' results.
  const router = createRouter({
    routeTree: createRootRoute({ component: panel }),
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SchedulesPanel', { timeout: 20_000 }, () => {
  it('lists a schedule with its values, next run and the last run’s failure', async () => {
    serve({ 'GET /api/v1/query/7/schedules': () => Response.json({ schedules: [schedule()] }) });
    show();
    // the first render loads the router and the panel: give it time on a busy machine
    const row = await screen.findByTestId('schedule-row', {}, { timeout: 10_000 });
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

  it('lists a schedule’s recent runs with links to their results, and pages to older ones', async () => {
    const run = (at: string, id: string | null, over: object = {}) => ({
      run_at: at,
      state: 'ok',
      error: null,
      executions: id ? [{ execution_id: id, query_id: 7, state: 'QUERY_STATE_COMPLETED' }] : [],
      ...over,
    });
    const calls = serve({
      'GET /api/v1/query/7/schedules': () => Response.json({ schedules: [schedule()] }),
      'GET /api/v1/query/7/schedules/3/runs?limit=10&offset=0': () =>
        Response.json({
          schedule_id: 3,
          runs: [
            run('2030-01-01T06:00:00.000Z', null, {
              state: 'failed',
              error: 'Query 7 is archived: the run was skipped',
            }),
            run('2029-12-31T06:00:00.000Z', '01J0000000000000000000000A'),
          ],
          next_offset: 10,
        }),
      'GET /api/v1/query/7/schedules/3/runs?limit=10&offset=10': () =>
        Response.json({
          schedule_id: 3,
          runs: [run('2029-12-01T06:00:00.000Z', '01J0000000000000000000000B')],
        }),
    });
    show();
    const row = await screen.findByTestId('schedule-row');
    const toggle = within(row).getByRole('button', { name: 'Recent runs' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const runs = await within(row).findAllByTestId('schedule-run');
    expect(runs).toHaveLength(2);
    expect(runs[0]).toHaveTextContent('2030-01-01 06:00 UTC');
    expect(runs[0]).toHaveTextContent('Failed');
    expect(runs[0]).toHaveTextContent('archived: the run was skipped');
    expect(runs[1]).toHaveTextContent('OK');
    expect(within(runs[1]!).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/executions/01J0000000000000000000000A',
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(row).getAllByTestId('schedule-run')).toHaveLength(1));
    expect(within(row).getByTestId('schedule-run')).toHaveTextContent('2029-12-01 06:00 UTC');
    expect(calls.filter((c) => c.url.includes('/runs'))).toHaveLength(2);
  });

  describe('of a dashboard', () => {
    const target: ScheduleTarget = {
      kind: 'dashboard',
      id: 4,
      archived: false,
      fields: [
        { name: 'n', query_id: 7, key: 'n' },
        { name: 'chain (query 7)', query_id: 7, key: 'chain' },
        { name: 'chain (query 9)', query_id: 9, key: 'chain' },
      ],
    };
    const dashboardSchedule = (over: Partial<DashboardSchedule> = {}): DashboardSchedule => {
      const { query_id: _, ...rest } = schedule();
      return {
        ...rest,
        dashboard_id: 4,
        parameters: [
          { query_id: 9, key: 'chain', value: 'base' },
          { query_id: 7, key: 'n', value: 3 },
        ],
        last_state: 'ok',
        last_error: null,
        ...over,
      };
    };

    it('lists its schedules with the values named as its inputs are', async () => {
      serve({
        'GET /api/v1/dashboards/4/schedules': () =>
          Response.json({ schedules: [dashboardSchedule()] }),
      });
      show(target);
      const row = await screen.findByTestId('schedule-row');
      expect(within(row).getByTestId('schedule-values')).toHaveTextContent(
        'chain (query 9) = base; n = 3',
      );
      expect(within(row).getByTestId('last-state')).toHaveTextContent('OK');
      expect(screen.getByText(/query of every chart on the dashboard/)).toBeInTheDocument();
    });

    it('adds one with its widgets’ values as a list, on the medium tier by default', async () => {
      const calls = serve({
        'GET /api/v1/dashboards/4/schedules': () => Response.json({ schedules: [] }),
        'POST /api/v1/dashboards/4/schedules': () => Response.json(dashboardSchedule()),
      });
      show(target);
      expect(await screen.findByTestId('no-schedules')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('chain (query 9)'), { target: { value: 'base' } });
      fireEvent.change(screen.getByLabelText('n'), { target: { value: '3' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        cron_expression: '0 6 * * *',
        performance: 'medium',
        parameters: [
          { query_id: 7, key: 'n', value: '3' },
          { query_id: 9, key: 'chain', value: 'base' },
        ],
      });
    });

    it('pauses, runs now and removes a schedule', async () => {
      const calls = serve({
        'GET /api/v1/dashboards/4/schedules': () =>
          Response.json({ schedules: [dashboardSchedule()] }),
        'PATCH /api/v1/dashboards/4/schedules/3': () =>
          Response.json(dashboardSchedule({ enabled: false })),
        'POST /api/v1/dashboards/4/schedules/3/run': () => Response.json(dashboardSchedule()),
        'DELETE /api/v1/dashboards/4/schedules/3': () =>
          Response.json({ schedule_id: 3, ok: true }),
      });
      show(target);
      await screen.findByTestId('schedule-row');
      // named by their words and values, never by the schedule's id
      const name = '“At 06:00 UTC, every day, chain (query 9) = base; n = 3”';
      expect(screen.queryByRole('button', { name: /schedule 3/i })).toBeNull();
      fireEvent.click(screen.getByRole('switch', { name: `${name} enabled` }));
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }),
      );
      fireEvent.click(screen.getByRole('button', { name: `Run ${name} now` }));
      await waitFor(() => expect(calls.some((c) => c.url.endsWith('/3/run'))).toBe(true));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: `Remove ${name}` })).toBeEnabled(),
      );
      fireEvent.click(screen.getByRole('button', { name: `Remove ${name}` }));
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    });

    it('cannot add to an archived dashboard', async () => {
      serve({ 'GET /api/v1/dashboards/4/schedules': () => Response.json({ schedules: [] }) });
      show({ ...target, archived: true });
      expect(await screen.findByText(/dashboard is archived/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add schedule' })).toBeDisabled();
    });
  });
});
