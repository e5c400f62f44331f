import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { ParamWidget } from './param-widget';

afterEach(cleanup);

const wallet: Parameter = { key: 'wallet', type: 'varbinary', value: '0xab' };

function renderWidget(value?: string) {
  const onChange = vi.fn<(v: string) => void>();
  render(
    <MantineProvider env="test">
      <ParamWidget paramKey="wallet" parameter={wallet} value={value} onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, input: screen.getByRole('textbox', { name: 'wallet' }) };
}

describe('ParamWidget of a varbinary parameter', () => {
  it('commits an address on Enter, trimmed', async () => {
    const { onChange, input } = renderWidget();
    expect(input).toHaveValue('0xab');
    await userEvent.clear(input);
    await userEvent.type(input, ' 0xABcd {Enter}');
    expect(onChange).toHaveBeenLastCalledWith('0xABcd');
  });

  it('says why a value is not bytes and does not commit it', async () => {
    const { onChange, input } = renderWidget('0x01');
    await userEvent.clear(input);
    await userEvent.type(input, '0xabc{Enter}');
    expect(screen.getByText('Not 0x-prefixed hex of even length')).toBeInTheDocument();
    await userEvent.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
