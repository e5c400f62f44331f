import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { ParameterEditor } from './parameter-editor';

function renderEditor(parameters: Parameter[], sql: string) {
  const onChange = vi.fn<(next: Parameter[]) => void>();
  render(
    <MantineProvider env="test">
      <ParameterEditor parameters={parameters} onChange={onChange} sql={sql} />
    </MantineProvider>,
  );
  return onChange;
}

afterEach(cleanup);

// Menus and several clicks per test: room for a loaded machine.
describe('ParameterEditor', { timeout: 20_000 }, () => {
  it('offers to add each placeholder the SQL uses but does not define', async () => {
    const onChange = renderEditor(
      [{ key: 'a', type: 'number', value: '1' }],
      'SELECT {{a}}, {{b}}, {{ c d }}',
    );
    expect(screen.getAllByText(/is used in the SQL but not defined/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Add parameter b' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Number' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { key: 'a', type: 'number', value: '1' },
      { key: 'b', type: 'number', value: '10' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add all 2 with suggested types' }));
    expect(onChange.mock.lastCall?.[0].map((p) => [p.key, p.type])).toEqual([
      ['a', 'number'],
      ['b', 'text'],
      ['c d', 'text'],
    ]);
  });

  it('suggests the type the SQL implies first', async () => {
    const onChange = renderEditor([], 'SELECT * FROM t WHERE block_time > {{since}} LIMIT {{n}}');
    await userEvent.click(screen.getByRole('button', { name: 'Add parameter n' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Number (suggested)',
      'Text',
      'Date and time',
      'List of options',
      'Address or bytes (0x…)',
    ]);
    await userEvent.click(items[0]!);
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'n', type: 'number', value: '10' }]);
  });

  it('changes a type, the default and the description, and removes', async () => {
    const user = userEvent.setup();
    const p: Parameter = { key: 'n', type: 'text', value: 'abc' };
    const onChange = renderEditor([p], 'SELECT {{n}}');
    const card = screen.getByRole('region', { name: 'Parameter n' });
    await user.click(within(card).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Number' }));
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'n', type: 'number', value: '0' }]);

    fireEvent.change(within(card).getByRole('textbox', { name: 'Default' }), {
      target: { value: 'xyz' },
    });
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'n', type: 'text', value: 'xyz' }]);
    fireEvent.change(within(card).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'How many' },
    });
    expect(onChange).toHaveBeenLastCalledWith([{ ...p, description: 'How many' }]);
    await user.click(within(card).getByRole('button', { name: 'Remove parameter n' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('edits enum options, multiselect and the source of options', async () => {
    const user = userEvent.setup();
    const p: Parameter = { key: 'chain', type: 'enum', value: 'a', enumOptions: ['a'] };
    const onChange = renderEditor([p], "SELECT '{{chain}}'");
    const card = screen.getByRole('region', { name: 'Parameter chain' });
    const options = within(card).getByRole('combobox', { name: 'Options' });
    await user.type(options, 'b{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([{ ...p, enumOptions: ['a', 'b'] }]);
    await user.click(within(card).getByRole('switch', { name: 'Multiselect' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { ...p, isMultiselect: true, values: ['a'], value: 'a' },
    ]);
    await user.click(within(card).getByRole('radio', { name: 'Another query’s results' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { key: 'chain', type: 'enum', value: 'a', enumFromResults: { queryId: 0, columnName: '' } },
    ]);
  });

  it('offers bytes for an address, suggested where the SQL compares one', async () => {
    const user = userEvent.setup();
    const onChange = renderEditor([], 'SELECT * FROM t WHERE "from" = {{wallet}}');
    await user.click(screen.getByRole('button', { name: 'Add parameter wallet' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items[0]).toHaveTextContent('Address or bytes (0x…) (suggested)');
    await user.click(items[0]!);
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'wallet', type: 'varbinary', value: '' }]);
  });

  it('changes a text parameter to bytes and takes a list of them', async () => {
    const user = userEvent.setup();
    const p: Parameter = { key: 'w', type: 'text', value: '0xAB' };
    const onChange = renderEditor([p], 'SELECT {{w}}');
    const card = screen.getByRole('region', { name: 'Parameter w' });
    await user.click(within(card).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Address or bytes (0x…)' }));
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'w', type: 'varbinary', value: '0xab' }]);
  });

  it('flags a default that is not 0x-hex and offers a list for bytes', async () => {
    const user = userEvent.setup();
    const p: Parameter = { key: 'w', type: 'varbinary', value: '0xabc' };
    const onChange = renderEditor([p], 'SELECT {{w}}');
    const card = screen.getByRole('region', { name: 'Parameter w' });
    expect(
      within(card).getByText('Default: "0xabc" is not 0x-prefixed hex of even length'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: 'Default' })).toHaveAttribute(
      'placeholder',
      '0x…',
    );
    await user.click(within(card).getByRole('switch', { name: 'Multiselect' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { ...p, isMultiselect: true, values: ['0xabc'], value: '0xabc' },
    ]);
  });

  it('flags what the service would refuse', () => {
    renderEditor(
      [
        { key: 'chain', type: 'enum', value: '', enumOptions: [] },
        { key: 'gone', type: 'text', value: '' },
      ],
      'SELECT {{chain}}',
    );
    expect(screen.getByText('Add at least one option')).toBeInTheDocument();
    expect(
      screen.getByText(/Not used in the SQL: it is removed when the query is saved/),
    ).toBeInTheDocument();
  });

  it('explains how to add a parameter when there is none', () => {
    renderEditor([], 'SELECT 1');
    expect(screen.getByText(/No parameters/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add parameter/ })).not.toBeInTheDocument();
  });
});
