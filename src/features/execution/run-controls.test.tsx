import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunControls, type RunControlsProps } from './run-controls';

function renderControls(props: Partial<RunControlsProps> = {}) {
  const handlers = { onRun: vi.fn(), onCancel: vi.fn(), onTierChange: vi.fn() };
  render(
    <MantineProvider env="test">
      <RunControls tier="medium" label="Run" running={false} {...handlers} {...props} />
    </MantineProvider>,
  );
  return handlers;
}

afterEach(cleanup);

describe('RunControls', () => {
  it('runs with the label the page sets and names the shortcut', async () => {
    const { onRun } = renderControls({ label: 'Run selection' });
    const run = screen.getByRole('button', { name: 'Run selection' });
    expect(run).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
    expect(run).toHaveTextContent(/Ctrl Enter/);
    await userEvent.click(run);
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });

  it('does not run when disabled or running, and offers Cancel while running', async () => {
    const { onRun, onCancel } = renderControls({ running: true });
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onRun).not.toHaveBeenCalled();
    cleanup();
    renderControls({ disabled: true });
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
  });

  it('picks a tier, each described', async () => {
    const user = userEvent.setup();
    const { onTierChange } = renderControls();
    const picker = screen.getByRole('combobox', { name: 'Tier' });
    expect(picker).toHaveValue('Medium');
    await user.click(picker);
    expect(screen.getByText('1 thread, 2 GB, 5 min · 0.5 + 0.5 credits/s')).toBeInTheDocument();
    expect(screen.getByText('2 threads, 8 GB, 30 min · 2 + 2 credits/s')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Large/ }));
    expect(onTierChange).toHaveBeenCalledWith('large');
  });
});
