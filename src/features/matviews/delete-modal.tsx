import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { fullNameOf, type Matview } from './api';
import { useDeleteMatview } from './mutations';

/** Asks before deleting a view; the user types its name to confirm. */
export function DeleteMatviewModal(props: {
  ctx: string;
  view: Matview | null;
  onClose: () => void;
}) {
  const remove = useDeleteMatview(props.ctx);
  const [typed, setTyped] = useState('');
  const close = () => {
    remove.reset();
    setTyped('');
    props.onClose();
  };
  const v = props.view;
  return (
    <Modal opened={v !== null} onClose={close} title="Delete materialized view?">
      {v && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim() !== v.name) return;
            remove.mutate(fullNameOf(v), {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: `Deleted ${fullNameOf(v)}` });
                close();
              },
            });
          }}
        >
          <Stack>
            <Text size="sm">
              <Code>{fullNameOf(v)}</Code> and its stored data go away, with its schedule. Queries
              that read it will fail. The source query stays.
            </Text>
            <TextInput
              label={
                <>
                  Type <Code>{v.name}</Code> to confirm
                </>
              }
              aria-label="Name to confirm"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
            {remove.error && (
              <Alert color="red" title="Not deleted" role="alert">
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
                loading={remove.isPending}
                disabled={typed.trim() !== v.name}
              >
                Delete view
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
