import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import type { ValueInputs } from '../../lib/parameter-values';
import type { Alert } from './api';
import { AlertDialog, type AlertDialogProps } from './alert-dialog';

type Call = { url: string; method: string; body: unknown };

/**
 * A fetch that answers by method and path, and records what was asked; the server sends email
 * unless the routes say otherwise.
 */
function serve(given: Record<string, (call: Call) => Response>) {
  const routes: typeof given = {
    'GET /api/v1/alerts/destinations': () => Response.json({ webhook: true, email: true }),
    ...given,
  };
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
      const key = `${call.method} ${input.replace(/\?.*$/, '')}`;
      const handler = routes[key];
      return handler ? handler(call) : Response.json({ error: `no route ${key}` }, { status: 404 });
    }),
  );
  return calls;
}

/** A plain text input per parameter, standing in for the parameters feature; "bad" is invalid. */
const inputsFor = (parameters: readonly Parameter[]): ValueInputs => ({
  renderValues: (values, onChange) =>
    parameters.map((p) => (
      <input
        key={p.key}
        aria-label={`value of ${p.key}`}
        value={String(values[p.key] ?? p.value ?? '')}
        onChange={(e) => onChange({ ...values, [p.key]: e.currentTarget.value })}
      />
    )),
  valuesValid: (values) => !Object.values(values).includes('bad'),
});

function show(props: Partial<AlertDialogProps> = {}) {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <AlertDialog
          ctx="alice"
          opened
          onClose={onClose}
          query={{ id: 7, name: 'Daily volume', parameters: [] }}
          inputsFor={inputsFor}
          {...props}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

/** An alert as the service lists it (only the fields the form reads). */
const stored = (over: Record<string, unknown>) =>
  ({
    id: 9,
    name: 'Down',
    query_id: 7,
    query_name: 'Daily volume',
    condition: { op: 'any_rows' },
    cron_expression: '0 * * * *',
    query_parameters: {},
    notify: 'on_change',
    performance: 'small',
    destinations: [],
    is_paused: false,
    ...over,
  }) as unknown as Alert;

const saved = (body: Record<string, unknown>) =>
  Response.json({ id: 3, next_evaluation_time: '2030-01-01T10:00:00.000Z', ...body });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AlertDialog', { timeout: 20_000 }, () => {
  it('creates an alert on the query: condition, schedule, destinations one a line', async () => {
    const calls = serve({ 'POST /api/v1/alerts': (c) => saved(c.body as Record<string, unknown>) });
    const user = userEvent.setup();
    const onClose = show();
    expect(screen.getByText('Daily volume')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create alert' });
    expect(create).toBeDisabled(); // no name yet
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Volume over 1M' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Column' }), {
      target: { value: 'volume' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), {
      target: { value: '1000000' },
    });
    await user.click(screen.getByRole('combobox', { name: 'Runs' }));
    await user.click(screen.getByRole('option', { name: 'Custom', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Cron expression (UTC)' }), {
      target: { value: '*/15 * * * *' },
    });
    expect(screen.getByTestId('cron-words')).toHaveTextContent('Every 15 minutes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Webhooks' }), {
      target: { value: 'https://hooks.example.com/a\n\n https://hooks.example.com/b ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ops@example.com' },
    });
    await user.click(screen.getByText('After every run'));
    await user.click(create);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Volume over 1M',
      query_id: 7,
      condition: { op: '>', column: 'volume', value: 1000000 },
      query_parameters: {},
      cron_expression: '*/15 * * * *',
      notify: 'every_run',
      performance: 'medium',
      destinations: [
        { type: 'webhook', url: 'https://hooks.example.com/a' },
        { type: 'webhook', url: 'https://hooks.example.com/b' },
        { type: 'email', to: 'ops@example.com' },
      ],
      is_paused: false,
    });
  });

  it('a row check has no column; the service’s refusal shows in the dialog', async () => {
    serve({
      'POST /api/v1/alerts': () =>
        Response.json(
          { error: 'webhook host "10.0.0.1" is a private, loopback or link-local address' },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    const onClose = show();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'a' } });
    await user.click(screen.getByRole('combobox', { name: 'Trigger when' }));
    await user.click(screen.getByRole('option', { name: 'the result has rows', hidden: true }));
    expect(screen.queryByRole('textbox', { name: 'Column' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Webhooks' }), {
      target: { value: 'http://10.0.0.1/x' },
    });
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/private, loopback or link-local/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an alert: its fields filled in, a PATCH of them', async () => {
    const alert = stored({
      condition: { op: '=', column: 'status', value: 'down' },
      destinations: [{ type: 'email', to: 'ops@example.com' }],
      is_paused: true,
    });
    const calls = serve({
      'PATCH /api/v1/alerts/9': (c) => saved(c.body as Record<string, unknown>),
    });
    const user = userEvent.setup();
    show({ alert });
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('down');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ops@example.com');
    expect(screen.getByRole('switch', { name: /Paused/ })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Paused/ }));
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      condition: { op: '=', column: 'status', value: 'down' },
      performance: 'small',
      is_paused: false,
      destinations: [{ type: 'email', to: 'ops@example.com' }],
    });
  });

  it('runs with the parameter values set: only those are sent, a bad one blocks', async () => {
    const calls = serve({ 'POST /api/v1/alerts': (c) => saved(c.body as Record<string, unknown>) });
    const user = userEvent.setup();
    const onClose = show({
      query: {
        id: 7,
        name: 'Daily volume',
        parameters: [
          { key: 'days', type: 'number', value: '7' },
          { key: 'chain', type: 'text', value: 'ethereum' },
        ],
      },
    });
    expect(screen.getByText('Parameter values')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Rows' } });
    await user.click(screen.getByRole('combobox', { name: 'Trigger when' }));
    await user.click(screen.getByRole('option', { name: 'the result has rows', hidden: true }));
    const create = screen.getByRole('button', { name: 'Create alert' });
    fireEvent.change(screen.getByLabelText('value of days'), { target: { value: 'bad' } });
    expect(create).toBeDisabled();
    fireEvent.change(screen.getByLabelText('value of days'), { target: { value: '30' } });
    await user.click(create);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      query_parameters: { days: '30' },
    });
  });

  it('editing from the alerts page reads the query’s parameters and keeps the alert’s values', async () => {
    const alert = stored({ name: 'Busy chain', query_parameters: { chain: 'base', days: 3 } });
    const calls = serve({
      'GET /api/v1/query/7': () =>
        Response.json({
          query_id: 7,
          parameters: [
            { key: 'chain', type: 'text', value: 'ethereum' },
            { key: 'days', type: 'number', value: '7' },
          ],
        }),
      'PATCH /api/v1/alerts/9': (c) => saved(c.body as Record<string, unknown>),
    });
    const user = userEvent.setup();
    show({ alert, query: { id: 7, name: 'Daily volume' } });
    expect(await screen.findByLabelText('value of chain')).toHaveValue('base');
    expect(screen.getByLabelText('value of days')).toHaveValue('3');
    fireEvent.change(screen.getByLabelText('value of chain'), { target: { value: 'optimism' } });
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      query_parameters: { chain: 'optimism', days: '3' },
    });
  });

  it('a new alert starts from the page: its values and tier, the result’s columns, the latest value', async () => {
    const calls = serve({
      'GET /api/v1/query/7/results': (c) =>
        c.url.includes('params.chain=base')
          ? Response.json({
              execution_id: 'e1',
              query_id: 7,
              state: 'QUERY_STATE_COMPLETED',
              is_execution_finished: true,
              submitted_at: '2030-01-01T09:00:00.000Z',
              execution_ended_at: '2030-01-01T09:00:01.000Z',
              result: {
                rows: [{ chain: 'base', volume: 508 }],
                metadata: { column_names: ['chain', 'volume'], total_row_count: 3 },
              },
            })
          : Response.json({ error: 'no result' }, { status: 404 }),
      'POST /api/v1/alerts': (c) => saved(c.body as Record<string, unknown>),
    });
    const user = userEvent.setup();
    const onClose = show({
      query: {
        id: 7,
        name: 'Daily volume',
        parameters: [{ key: 'chain', type: 'text', value: 'ethereum' }],
      },
      page: { values: { chain: 'base' }, tier: 'large' },
    });
    expect(screen.getByLabelText('value of chain')).toHaveValue('base');
    // The column is one of the result's, chosen from a list.
    const column = await screen.findByRole('combobox', { name: 'Column' });
    await user.click(column);
    for (const name of ['chain', 'volume'])
      expect(screen.getByRole('option', { name, hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'volume', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '500' } });
    const latest = screen.getByTestId('alert-latest');
    expect(latest).toHaveTextContent('Latest value: 508');
    expect(latest).toHaveTextContent('Would trigger now');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '600' } });
    expect(screen.getByTestId('alert-latest')).toHaveTextContent('Would not trigger now');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Base' } });
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      condition: { op: '>', column: 'volume', value: 600 },
      query_parameters: { chain: 'base' },
      performance: 'large',
    });
  });

  it('with no result for the values yet, it says so and takes the columns of any run', async () => {
    serve({
      'GET /api/v1/query/7/results': (c) =>
        c.url.includes('params.')
          ? Response.json({ error: 'no result' }, { status: 404 })
          : Response.json({
              execution_id: 'e0',
              query_id: 7,
              state: 'QUERY_STATE_COMPLETED',
              is_execution_finished: true,
              submitted_at: '2030-01-01T09:00:00.000Z',
              result: { rows: [{ n: 1 }], metadata: { column_names: ['n'], total_row_count: 1 } },
            }),
    });
    show({
      query: { id: 7, name: 'Q', parameters: [{ key: 'chain', type: 'text', value: 'eth' }] },
      page: { values: { chain: 'optimism' } },
    });
    expect(await screen.findByTestId('alert-latest')).toHaveTextContent(
      'No result for these values yet',
    );
    expect(await screen.findByRole('combobox', { name: 'Column' })).toBeInTheDocument();
  });

  it('offers no email on a server without SMTP, unless the alert already has some', async () => {
    serve({
      'GET /api/v1/alerts/destinations': () => Response.json({ webhook: true, email: false }),
    });
    show();
    expect(await screen.findByRole('textbox', { name: 'Webhooks' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument(),
    );
    cleanup();
    show({ alert: stored({ destinations: [{ type: 'email', to: 'ops@example.com' }] }) });
    expect(await screen.findByText(/no SMTP server set/)).toBeInTheDocument();
  });

  it('when the query’s parameters cannot be read, the alert keeps its values', async () => {
    const alert = stored({ name: 'Busy chain', query_parameters: { chain: 'base' } });
    const calls = serve({
      'PATCH /api/v1/alerts/9': (c) => saved(c.body as Record<string, unknown>),
    });
    const user = userEvent.setup();
    show({ alert, query: { id: 7, name: 'Query #7' } });
    expect(await screen.findByText(/parameters could not be read/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).not.toHaveProperty('query_parameters');
  });
});
