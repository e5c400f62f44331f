import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { UploadedTable } from './api';

import { formatCount } from './format';
import { useClearUpload, useDeleteUpload } from './mutations';
import { splitFullName } from './full-name';

type Props = { ctx: string; table: UploadedTable | null; onClose: () => void };

/** Asks before removing every row of a table (its columns stay). */
export function ClearModal({ ctx, table, onClose }: Props) {
  const clear = useClearUpload(ctx);
  const close = () => {
    clear.reset();
    onClose();
  };
  return (
    <Modal opened={table !== null} onClose={close} title="Clear table?">
      {table && (
        <Stack>
          <Text size="sm">
            Remove all {formatCount(table.row_count)} rows of <Code>{table.full_name}</Code>? Its
            columns stay, so you can append new rows. Queries already running still see the old
            rows.
          </Text>
          {clear.error && (
            <Alert color="red" title="The table was not cleared" role="alert">
              {clear.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={clear.isPending}
              onClick={() =>
                clear.mutate(table.full_name, {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: `Cleared ${table.full_name}` });
                    close();
                  },
                })
              }
            >
              Clear rows
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Asks before deleting a table; the user types its name to confirm. */
export function DeleteModal({ ctx, table, onClose }: Props) {
  const remove = useDeleteUpload(ctx);
  const [typed, setTyped] = useState('');
  const close = () => {
    remove.reset();
    setTyped('');
    onClose();
  };
  const name = table ? splitFullName(table.full_name).table : '';
  return (
    <Modal opened={table !== null} onClose={close} title="Delete table?">
      {table && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typed !== name) return;
            remove.mutate(table.full_name, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: `Deleted ${table.full_name}` });
                close();
              },
            });
          }}
        >
          <Stack>
            <Text size="sm">
              Delete <Code>{table.full_name}</Code> with its {formatCount(table.row_count)} rows?
              Queries that read it will fail from now on. This cannot be undone.
            </Text>
            <TextInput
              label={`Type ${name} to confirm`}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            {remove.error && (
              <Alert color="red" title="The table was not deleted" role="alert">
                {remove.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red"
                disabled={typed !== name}
                loading={remove.isPending}
              >
                Delete table
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
