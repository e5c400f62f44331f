import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT_HEADER } from '../../lib/api';
import type { ExecutionStatus } from '../../lib/resources/executions';
import { ExecutionPanel } from './execution-panel';

const ID = '01HZX3J3N7QK7Y3V8W9D2E4F5G';
const base = {
  execution_id: ID,
  query_id: 7,
  submitted_at: new Date(Date.now() - 3000).toISOString(),
  execution_cost_credits: 0,
  max_inflight_interactive_executions: 3,
  max_inflight_interactive_reached: 0,
};
const pending: ExecutionStatus = {
  ...base,
  state: 'QUERY_STATE_PENDING',
  is_execution_finished: false,
  queue_position: 2,
};
const executing: ExecutionStatus = {
  ...base,
  state: 'QUERY_STATE_EXECUTING',
  is_execution_finished: false,
  execution_started_at: new Date(Date.now() - 2000).toISOString(),
};
const completed: ExecutionStatus = {
  ...base,
  state: 'QUERY_STATE_COMPLETED',
  is_execution_finished: true,
  execution_started_at: executing.execution_started_at,
  execution_ended_at: new Date().toISOString(),
  execution_cost_credits: 0.5124,
  result_metadata: {
    column_names: ['a'],
    column_types: ['bigint'],
    row_count: 1234,
    result_set_bytes: 100,
    total_row_count: 1234,
    total_result_set_bytes: 100,
    datapoint_count: 1234,
    pending_time_millis: 0,
    execution_time_millis: 4260,
  },
};

type Call = { method: string; path: string; ctx: string | null };

/** fetch answers each status read with the next of `statuses` (the last one repeats). */
function stubStatuses(statuses: ExecutionStatus[], onCancel?: () => void) {
  const calls: Call[] = [];
  let i = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    calls.push({
      method: init.method ?? 'GET',
      path,
      ctx: new Headers(init.headers).get(CONTEXT_HEADER),
    });
    let body: unknown;
    if (path.endsWith('/cancel')) {
      onCancel?.();
      body = { success: true };
    } else {
      body = statuses[Math.min(i, statuses.length - 1)];
      i += 1;
    }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderPanel(executionId: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ExecutionPanel ctx="acme" executionId={executionId} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByTestId('execution-panel');
}

const state = (panel: HTMLElement) => within(panel).getByRole('status');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExecutionPanel', () => {
  it('follows pending, executing and completed as the status changes', async () => {
    const calls = stubStatuses([pending, executing, completed]);
    const panel = renderPanel(ID);
    expect(panel).toHaveAccessibleName('Execution');
    expect(await within(panel).findByText('Pending')).toBeInTheDocument();
    expect(within(panel).getByText(/2nd in queue · waiting \d/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    expect(await within(panel).findByText('Executing')).toBeInTheDocument();
    expect(within(panel).getByText(/Running for (\d+ ms|\d+\.\d s)/)).toBeInTheDocument();

    expect(await within(panel).findByText('Completed', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(state(panel)).toHaveTextContent('Completed');
    expect(within(panel).getByTestId('execution-details')).toHaveTextContent(
      '1,234 rows · ran 4.2 s · 0.512 credits',
    );
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(
      calls.every((c) => c.ctx === 'acme' && c.path === `/api/v1/execution/${ID}/status`),
    ).toBe(true);
  });

  it('shows the message, type and position of a failed run', async () => {
    stubStatuses([
      {
        ...base,
        state: 'QUERY_STATE_FAILED',
        is_execution_finished: true,
        execution_cost_credits: 0.5,
        error: {
          type: 'syntax_error',
          message: 'Parser Error: syntax error at or near "FORM"',
          metadata: { line: 2, column: 8 },
        },
      },
    ]);
    const panel = renderPanel(ID);
    expect(await within(panel).findByText('Failed')).toBeInTheDocument();
    expect(within(panel).getByText('Syntax error')).toBeInTheDocument();
    expect(
      within(panel).getByText('Parser Error: syntax error at or near "FORM"'),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/line 2, column 8/)).toBeInTheDocument();
    expect(within(panel).getByText('syntax_error')).toBeInTheDocument();
    expect(within(panel).getByTestId('execution-details')).toHaveTextContent('0.5 credits');
  });

  it('shows an engine failure without a position', async () => {
    stubStatuses([
      {
        ...base,
        state: 'QUERY_STATE_FAILED',
        is_execution_finished: true,
        error: { type: 'FAILED_TYPE_EXECUTION_FAILED', message: 'Out of memory' },
      },
    ]);
    const panel = renderPanel(ID);
    expect(await within(panel).findByText('The query failed')).toBeInTheDocument();
    expect(within(panel).getByText('Out of memory')).toBeInTheDocument();
    expect(within(panel).queryByText(/line \d+, column/)).not.toBeInTheDocument();
  });

  it('cancels a running execution and shows it cancelled', async () => {
    let cancelled = false;
    const calls = stubStatuses([executing], () => (cancelled = true));
    const cancelledStatus: ExecutionStatus = {
      ...executing,
      state: 'QUERY_STATE_CANCELLED',
      is_execution_finished: true,
      cancelled_at: new Date().toISOString(),
      execution_cost_credits: 1.25,
    };
    // After the cancel, every status read answers cancelled.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
      cancelled && !url.includes('/cancel')
        ? Promise.resolve(
            new Response(JSON.stringify(cancelledStatus), {
              headers: { 'content-type': 'application/json' },
            }),
          )
        : realFetch(url, init),
    );
    const user = userEvent.setup();
    const panel = renderPanel(ID);
    await user.click(await within(panel).findByRole('button', { name: 'Cancel' }));
    expect(await within(panel).findByText('Cancelled')).toBeInTheDocument();
    expect(within(panel).getByTestId('execution-details')).toHaveTextContent(
      'Cancelled while running · 1.25 credits',
    );
    expect(calls).toContainEqual({
      method: 'POST',
      path: `/api/v1/execution/${ID}/cancel`,
      ctx: 'acme',
    });
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('says when a result has expired', async () => {
    stubStatuses([{ ...completed, state: 'QUERY_STATE_EXPIRED', result_metadata: undefined }]);
    const panel = renderPanel(ID);
    expect(await within(panel).findByText('Expired')).toBeInTheDocument();
    expect(within(panel).getByText(/run the query again/)).toBeInTheDocument();
  });

  it('says when the status cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'Execution not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const panel = renderPanel(ID);
    expect(await within(panel).findByText('Execution not found')).toBeInTheDocument();
    expect(within(panel).getByText('Could not read the execution')).toBeInTheDocument();
  });

  it('waits for a first run without asking the service', () => {
    const calls = stubStatuses([pending]);
    const panel = renderPanel(null);
    expect(within(panel).getByText(/No result yet: run the query/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
