import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Obj } from '../../../shared/viz/read';
import { SeriesForm } from './series-form';

afterEach(cleanup);

function Form() {
  const [options, setOptions] = useState<Obj>({});
  return (
    <MantineProvider>
      <SeriesForm options={options} keys={['eth']} mixed={false} onChange={setOptions} />
      <output data-testid="options">{JSON.stringify(options)}</output>
    </MantineProvider>
  );
}

describe('SeriesForm', () => {
  it('says what a color may be while the typed one is not a color, as the service would', async () => {
    render(<Form />);
    const color = screen.getByLabelText('Color of eth');
    await userEvent.type(color, 'red"/onmouseover="x');
    expect(
      await screen.findByText(/Not a color: #1f77b4, rgb\(\), hsl\(\) or a name/),
    ).toBeInTheDocument();
    await userEvent.clear(color);
    await userEvent.type(color, '#ff0000');
    expect(screen.queryByText(/Not a color/)).toBeNull();
    expect(screen.getByTestId('options')).toHaveTextContent(
      '{"seriesOptions":{"eth":{"color":"#ff0000"}}}',
    );
  });
});
