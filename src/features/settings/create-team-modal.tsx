import '@mantine/core/styles/Modal.css';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_LIMITS } from '../../../contract/rules/limits';
import { handleError } from '../../lib/handle';
import { useCreateTeam, type TeamCreated } from './api';
import { ErrorNote } from '../../components/error-alert';
import { FormActions } from '../../components/form-actions';

/** Creates a team; the user becomes its admin and it appears in the context switcher. */
export function CreateTeamModal(props: {
  opened: boolean;
  onClose: () => void;
  onCreated: (team: TeamCreated) => void;
}) {
  const create = useCreateTeam();
  const form = useForm({
    initialValues: { handle: '', display_name: '' },
    validate: {
      handle: handleError,
      display_name: (v) =>
        v.length > ACCOUNT_LIMITS.displayName
          ? `At most ${ACCOUNT_LIMITS.displayName} characters`
          : null,
    },
  });
  const close = () => {
    create.reset();
    form.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Create a team">
      <form
        onSubmit={form.onSubmit((v) =>
          create.mutate(
            { handle: v.handle.trim(), display_name: v.display_name.trim() || undefined },
            {
              onSuccess: (team) => {
                notifications.show({
                  message: `Team ${team.handle} created. Switch to it in the header.`,
                  color: 'teal',
                });
                close();
                props.onCreated(team);
              },
            },
          ),
        )}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            A team owns its own queries, dashboards, data and API keys. You become its admin.
          </Text>
          <TextInput
            label="Team handle"
            description="Its name in links; handles of users and teams share one namespace"
            data-autofocus
            {...form.getInputProps('handle')}
          />
          <TextInput label="Display name" {...form.getInputProps('display_name')} />
          <ErrorNote error={create.error} title="The team was not created" />
          <FormActions onCancel={close} confirmLabel="Create team" pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
