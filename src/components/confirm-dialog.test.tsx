import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

afterEach(cleanup);

function show(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <ConfirmDialog
        opened
        title="Delete table?"
        confirmLabel="Delete table"
        onConfirm={onConfirm}
        onClose={onClose}
        {...props}
      >
        Queries that read it will fail.
      </ConfirmDialog>
    </MantineProvider>,
  );
  return { onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('says what happens and confirms with the red button', async () => {
    const { onConfirm, onClose } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Delete table?' });
    expect(dialog).toHaveTextContent('Queries that read it will fail.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete table' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('waits for the name to be typed (spaces around it ignored), and Enter confirms', async () => {
    const { onConfirm } = show({ typeToConfirm: 'orders' });
    const button = await screen.findByRole('button', { name: 'Delete table' });
    expect(button).toBeDisabled();
    const field = screen.getByLabelText('Type orders to confirm');
    await userEvent.type(field, 'order{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, 's {Enter}');
    expect(button).toBeEnabled();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('names the field as asked', async () => {
    show({ typeToConfirm: 'result_x', typeToConfirmLabel: 'Name to confirm' });
    expect(await screen.findByRole('textbox', { name: 'Name to confirm' })).toBeInTheDocument();
  });

  it('shows why the action failed, and spins while it runs', async () => {
    const { onConfirm } = show({
      error: new Error('table is in use'),
      errorTitle: 'The table was not deleted',
      pending: true,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The table was not deleted');
    expect(alert).toHaveTextContent('table is in use');
    const button = screen.getByRole('button', { name: 'Delete table' });
    expect(button).toHaveAttribute('data-loading', 'true');
    await userEvent.click(button);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('starts with an empty name each time it opens', async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <MantineProvider>
          <button onClick={() => setOpen(true)}>reopen</button>
          <ConfirmDialog
            opened={open}
            title="Delete table?"
            confirmLabel="Delete table"
            typeToConfirm="orders"
            onConfirm={() => {}}
            onClose={() => setOpen(false)}
          >
            Gone for good.
          </ConfirmDialog>
        </MantineProvider>
      );
    }
    render(<Harness />);
    await userEvent.type(await screen.findByLabelText('Type orders to confirm'), 'ord');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'reopen', hidden: true }));
    expect(await screen.findByLabelText('Type orders to confirm')).toHaveValue('');
  });
});
