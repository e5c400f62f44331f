import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import type { ContextEntry } from '../../contract/accounts';
import { useSession } from '../lib/session';
import { useSwitchContext } from '../lib/switch-context';

/** How a context is named to people: its display name, else its handle. */
export const contextName = (c: Pick<ContextEntry, 'handle' | 'display_name'>) =>
  c.display_name || c.handle;

/**
 * Shown on an object of another context than the active one. When the user is a member of the
 * owner context, it offers to switch there (to change the object); otherwise `elsewhere` says
 * what the user can do instead. Nothing is shown in the owner context itself.
 */
export function OwnerContextNotice(props: {
  owner: string;
  noun: 'query' | 'dashboard';
  /** For owners the user does not belong to. */
  elsewhere: React.ReactNode;
}) {
  const { me, ctx } = useSession();
  const switchTo = useSwitchContext();
  if (props.owner.toLowerCase() === ctx.toLowerCase()) return null;
  const member = me.contexts.find((c) => c.handle.toLowerCase() === props.owner.toLowerCase());
  if (!member)
    return (
      <Alert color="blue" variant="light">
        {props.elsewhere}
      </Alert>
    );
  return (
    <Alert color="grape" variant="light" icon={<IconUsersGroup size={18} />}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          This {props.noun} belongs to <b>{contextName(member)}</b>, a context you act in. Switch to
          it to change the {props.noun}.
        </Text>
        <Button size="xs" variant="light" color="grape" onClick={() => switchTo(member.handle)}>
          Switch to {contextName(member)}
        </Button>
      </Group>
    </Alert>
  );
}
