import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useAddMember } from './api';
import { ErrorNote } from '../../components/error-alert';

type Role = 'member' | 'admin';

/** Adds a user to the team by handle (team admins only; the server checks it too). */
export function AddMemberForm(props: { team: string }) {
  const add = useAddMember(props.team);
  const form = useForm({
    initialValues: { handle: '', role: 'member' as Role },
    validate: { handle: (v) => (v.trim() ? null : 'Enter the handle of a user') },
  });
  return (
    <form
      aria-label="Add a member"
      onSubmit={form.onSubmit((v) =>
        add.mutate(
          { handle: v.handle.trim(), role: v.role },
          {
            onSuccess: (m) => {
              notifications.show({ message: `Added ${m.handle} as ${m.role}`, color: 'teal' });
              form.reset();
            },
          },
        ),
      )}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="User handle"
          placeholder="alice"
          style={{ flex: 1, minWidth: 180 }}
          {...form.getInputProps('handle')}
        />
        <Select
          label="Role"
          w={130}
          allowDeselect={false}
          data={[
            { value: 'member', label: 'Member' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...form.getInputProps('role')}
        />
        <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} />}>
          Add member
        </Button>
      </Group>
      {add.error && (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <ErrorNote error={add.error} title="The member was not added" />
        </div>
      )}
    </form>
  );
}
