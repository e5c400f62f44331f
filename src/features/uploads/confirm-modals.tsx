import '@mantine/core/styles/Code.css';
import { Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatCount } from '../../lib/format';
import type { UploadedTable } from './api';
import { splitFullName } from './full-name';
import { useClearUpload, useDeleteUpload } from './mutations';

type Props = { ctx: string; table: UploadedTable | null; onClose: () => void };

/** Asks before removing every row of a table (its columns stay). */
export function ClearModal({ ctx, table, onClose }: Props) {
  const clear = useClearUpload(ctx);
  const close = () => {
    clear.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={table !== null}
      title="Clear table?"
      confirmLabel="Clear rows"
      pending={clear.isPending}
      error={clear.error}
      errorTitle="The table was not cleared"
      onClose={close}
      onConfirm={() =>
        table &&
        clear.mutate(table.full_name, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `Cleared ${table.full_name}` });
            close();
          },
        })
      }
    >
      Remove all {formatCount(table?.row_count ?? 0)} rows of <Code>{table?.full_name}</Code>? Its
      columns stay, so you can append new rows. Queries already running still see the old rows.
    </ConfirmDialog>
  );
}

/** Asks before deleting a table; the user types its name to confirm. */
export function DeleteModal({ ctx, table, onClose }: Props) {
  const remove = useDeleteUpload(ctx);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={table !== null}
      title="Delete table?"
      confirmLabel="Delete table"
      typeToConfirm={table ? splitFullName(table.full_name).table : ''}
      pending={remove.isPending}
      error={remove.error}
      errorTitle="The table was not deleted"
      onClose={close}
      onConfirm={() =>
        table &&
        remove.mutate(table.full_name, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `Deleted ${table.full_name}` });
            close();
          },
        })
      }
    >
      Delete <Code>{table?.full_name}</Code> with its {formatCount(table?.row_count ?? 0)} rows?
      Queries that read it will fail from now on. This cannot be undone.
    </ConfirmDialog>
  );
}
