import { MantineProvider } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IconAction } from './icon-action';

describe('IconAction', () => {
  it('keeps its color in dark mode (a fixed shade, not the pale "light" color)', () => {
    render(
      <MantineProvider forceColorScheme="dark">
        <IconAction label="Delete x" icon={IconTrash} color="red" onClick={() => {}} />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Delete x' });
    expect(button.style.getPropertyValue('--ai-color')).toBe('var(--mantine-color-red-6)');
  });
});
