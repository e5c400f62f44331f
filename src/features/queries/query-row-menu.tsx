import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconExternalLink,
  IconGitFork,
  IconLock,
  IconLockOpen,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ResolvedQueryOverview } from '../../../contract/queries';
import { useForkQuery, useQueryAction, type QueryAction } from './api';

const WORDS: Record<QueryAction, { done: string; verb: string }> = {
  archive: { done: 'archived', verb: 'archive it' },
  unarchive: { done: 'unarchived', verb: 'unarchive it' },
  private: { done: 'is now private', verb: 'make it private' },
  unprivate: { done: 'is now public', verb: 'make it public' },
};

const failed = (what: string, err: Error) =>
  notifications.show({ color: 'red', title: `Could not ${what}`, message: err.message });

/**
 * A row's actions. Fork works on any readable query; archive and privacy only on queries the
 * acting context owns.
 */
export function QueryRowMenu(props: { query: ResolvedQueryOverview; ctx: string }) {
  const { query, ctx } = props;
  const navigate = useNavigate();
  const fork = useForkQuery(ctx);
  const action = useQueryAction(ctx);
  const owned = query.owner === ctx;
  const open = (id: number) =>
    void navigate({ to: '/queries/$queryId', params: { queryId: String(id) } });

  const run = (act: QueryAction) =>
    action.mutate(
      { id: query.id, action: act },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `“${query.name}” ${WORDS[act].done}` }),
        onError: (err) => failed(WORDS[act].verb, err),
      },
    );

  const forkIt = () =>
    fork.mutate(query.id, {
      onSuccess: (id) => {
        notifications.show({ color: 'green', message: `Forked “${query.name}” into ${ctx}` });
        open(id);
      },
      onError: (err) => failed('fork', err),
    });

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${query.name}`}
          loading={fork.isPending || action.isPending}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconExternalLink size={14} />} onClick={() => open(query.id)}>
          Open
        </Menu.Item>
        <Menu.Item leftSection={<IconGitFork size={14} />} onClick={forkIt}>
          Fork into {ctx}
        </Menu.Item>
        {owned && (
          <>
            <Menu.Divider />
            {query.is_private ? (
              <Menu.Item leftSection={<IconLockOpen size={14} />} onClick={() => run('unprivate')}>
                Make public
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconLock size={14} />} onClick={() => run('private')}>
                Make private
              </Menu.Item>
            )}
            {query.is_archived ? (
              <Menu.Item
                leftSection={<IconArchiveOff size={14} />}
                onClick={() => run('unarchive')}
              >
                Unarchive
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => run('archive')}>
                Archive
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
