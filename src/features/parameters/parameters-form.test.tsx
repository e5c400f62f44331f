import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { CONTEXT_HEADER } from '../../lib/api';
import type { FormValues } from './form-values';
import { ParametersForm } from './parameters-form';

function renderForm(parameters: Parameter[], values: FormValues = {}) {
  const onChange = vi.fn<(v: FormValues) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>
  );
  const view = render(
    wrap(<ParametersForm parameters={parameters} values={values} onChange={onChange} ctx="acme" />),
  );
  const rerender = (next: FormValues) =>
    view.rerender(
      wrap(<ParametersForm parameters={parameters} values={next} onChange={onChange} ctx="acme" />),
    );
  return { ...view, onChange, rerender };
}

/** The input or button a label names (a combobox's listbox is labelled by it too). */
function field(label: string): HTMLElement {
  const found = screen
    .getAllByLabelText(label)
    .filter((el) => el.tagName === 'INPUT' || el.tagName === 'BUTTON');
  expect(found, label).toHaveLength(1);
  return found[0]!;
}

/** The Mantine component a labelled field belongs to, by the static class names of its root. */
function widgetOf(label: string): string {
  const root = field(label).closest('.mantine-InputWrapper-root');
  const names = [...(root?.classList ?? [])]
    .map((c) => /^mantine-(\w+)-root$/.exec(c)?.[1])
    .filter((n) => n && n !== 'InputWrapper');
  return names.join(' ');
}

/** The values a multiselect shows as pills. */
const pillsOf = (label: string) =>
  [
    ...(field(label)
      .closest('.mantine-InputWrapper-root')
      ?.querySelectorAll('.mantine-Pill-label') ?? []),
  ].map((el) => el.textContent);

const params: Parameter[] = [
  { key: 'name', type: 'text', value: 'vitalik', description: 'A handle' },
  { key: 'limit', type: 'number', value: '10' },
  { key: 'since', type: 'datetime', value: '2024-01-02 03:04:05' },
  { key: 'chain', type: 'enum', value: 'ethereum', enumOptions: ['ethereum', 'base'] },
  {
    key: 'chains',
    type: 'enum',
    enumOptions: ['ethereum', 'base', 'optimism'],
    isMultiselect: true,
    values: ['base', 'optimism'],
  },
  {
    key: 'token',
    type: 'enum',
    value: 'usdc',
    enumOptions: ['usdc'],
    isFreeformAllowed: true,
  },
  {
    key: 'tags',
    type: 'enum',
    enumOptions: ['a'],
    isMultiselect: true,
    isFreeformAllowed: true,
    values: ['x'],
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ParametersForm', () => {
  it('renders the right widget per type with the defaults', () => {
    renderForm(params);
    expect(screen.getByRole('group', { name: 'Parameters' })).toBeInTheDocument();
    expect(widgetOf('name')).toBe('TextInput');
    expect(field('name')).toHaveValue('vitalik');
    expect(screen.getByText('A handle')).toBeInTheDocument();
    expect(widgetOf('limit')).toBe('NumberInput');
    expect(field('limit')).toHaveValue('10');
    expect(widgetOf('since')).toBe('DateTimePicker');
    expect(field('since')).toHaveTextContent('2024-01-02 03:04:05');
    expect(widgetOf('chain')).toBe('Select');
    expect(field('chain')).toHaveValue('ethereum');
    expect(widgetOf('chains')).toBe('MultiSelect');
    expect(widgetOf('token')).toBe('Autocomplete');
    expect(field('token')).toHaveValue('usdc');
    expect(widgetOf('tags')).toBe('TagsInput');
    expect(pillsOf('chains')).toEqual(['base', 'optimism']);
    expect(pillsOf('tags')).toEqual(['x']);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('renders nothing without parameters', () => {
    renderForm([]);
    expect(screen.queryByRole('group', { name: 'Parameters' })).not.toBeInTheDocument();
    expect(document.querySelector('input, button')).toBeNull();
  });

  it('reports each change with all other values kept', () => {
    const { onChange } = renderForm(params, { limit: '5' });
    fireEvent.change(field('name'), { target: { value: 'satoshi' } });
    expect(onChange).toHaveBeenLastCalledWith({ limit: '5', name: 'satoshi' });
  });

  it('picks an enum option from the searchable select', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm(params);
    await user.click(field('chain'));
    await user.click(screen.getByRole('option', { name: 'base' }));
    expect(onChange).toHaveBeenLastCalledWith({ chain: 'base' });
  });

  it('flags invalid values inline', () => {
    renderForm(params, {
      limit: 'ten',
      chain: 'solana',
      chains: ['base', 'dogecoin'],
      since: 'yesterday',
    });
    expect(screen.getByText('"ten" is not a number')).toBeInTheDocument();
    expect(screen.getByText('"solana" is not one of the options')).toBeInTheDocument();
    expect(screen.getByText('"dogecoin" is not one of the options')).toBeInTheDocument();
    expect(screen.getByText(/"yesterday" is not a date-time/)).toBeInTheDocument();
    expect(field('limit')).toHaveAttribute('aria-invalid', 'true');
    expect(field('name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('takes bytes as 0x-hex text, one or a list, and flags what is not', () => {
    const wallet: Parameter = { key: 'wallet', type: 'varbinary', value: '0xab' };
    const wallets: Parameter = { ...wallet, key: 'wallets', isMultiselect: true, values: ['0x01'] };
    const { rerender, onChange } = renderForm([wallet, wallets]);
    expect(widgetOf('wallet')).toBe('TextInput');
    expect(field('wallet')).toHaveValue('0xab');
    expect(widgetOf('wallets')).toBe('TagsInput');
    expect(pillsOf('wallets')).toEqual(['0x01']);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    fireEvent.change(field('wallet'), { target: { value: '0xabc' } });
    expect(onChange).toHaveBeenLastCalledWith({ wallet: '0xabc' });
    rerender({ wallet: '0xabc', wallets: ['0x01', 'vitalik.eth'] });
    expect(screen.getByText('"0xabc" is not 0x-prefixed hex of even length')).toBeInTheDocument();
    expect(
      screen.getByText('"vitalik.eth" is not 0x-prefixed hex of even length'),
    ).toBeInTheDocument();
    expect(field('wallet')).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the flag once the value is fixed', () => {
    const { rerender } = renderForm(params, { limit: 'ten' });
    expect(screen.getByText('"ten" is not a number')).toBeInTheDocument();
    rerender({ limit: '12' });
    expect(screen.queryByText(/is not a number/)).not.toBeInTheDocument();
  });

  it('takes options from another query’s latest result, in the acting context', async () => {
    const calls: { url: string; ctx: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, ctx: new Headers(init.headers).get(CONTEXT_HEADER) });
      const body = { result: { rows: [{ 'the chain': 'gnosis' }, { 'the chain': 'zora' }] } };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const user = userEvent.setup();
    const { onChange } = renderForm([
      {
        key: 'net',
        type: 'enum',
        value: 'gnosis',
        enumFromResults: { queryId: 42, columnName: 'the chain' },
      },
    ]);
    await waitFor(() => expect(widgetOf('net')).toBe('Select'));
    await user.click(field('net'));
    await user.click(await screen.findByRole('option', { name: 'zora' }));
    expect(onChange).toHaveBeenLastCalledWith({ net: 'zora' });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/query/42/results');
    expect(url.searchParams.get('columns')).toBe('"the chain"');
    expect(url.searchParams.get('limit')).toBe('1000');
    expect(calls[0]!.ctx).toBe('acme');
  });

  it('lets any value be typed when the source query has no result yet', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'No execution of this query has a result yet' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderForm([
      { key: 'net', type: 'enum', value: '', enumFromResults: { queryId: 7, columnName: 'c' } },
    ]);
    expect(await screen.findByText(/Query 7 has no result yet/)).toBeInTheDocument();
    expect(widgetOf('net')).toBe('Autocomplete');
    const group = screen.getByRole('group', { name: 'Parameters' });
    expect(within(group).queryByText(/is not one of/)).not.toBeInTheDocument();
  });
});

describe('ParametersForm with defaults as placeholders (a schedule’s values)', () => {
  afterEach(cleanup);
  const PARAMS: Parameter[] = [
    { key: 'chain', type: 'text', value: 'ethereum' },
    { key: 'n', type: 'number', value: '7' },
  ];
  const show = (values: FormValues) => {
    const onChange = vi.fn<(v: FormValues) => void>();
    const client = new QueryClient();
    const view = render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <ParametersForm
            parameters={PARAMS}
            values={values}
            onChange={onChange}
            ctx="acme"
            defaultsAsPlaceholders
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    return { ...view, onChange };
  };

  it('shows a value left alone empty, its default as the placeholder', () => {
    show({ n: '3' });
    expect(field('chain')).toHaveValue('');
    expect(field('chain')).toHaveAttribute('placeholder', 'default: ethereum');
    expect(field('n')).toHaveValue('3');
    expect(field('n')).toHaveAttribute('placeholder', 'default: 7');
  });

  it('a cleared value is left alone again: it runs with the default', () => {
    const { onChange } = show({ n: '3' });
    fireEvent.change(field('n'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({});
    fireEvent.change(field('chain'), { target: { value: 'base' } });
    expect(onChange).toHaveBeenLastCalledWith({ n: '3', chain: 'base' });
  });
});
