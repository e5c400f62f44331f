import { useState } from 'react';
import '@mantine/core/styles/Modal.css';
import {
  ActionIcon,
  CopyButton,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { useUpdateDashboard } from './mutations';

/** The public link of a dashboard (this app's /owner/slug page). */
export const publicLink = (d: Pick<DashboardResponse, 'owner_handle' | 'slug'>) =>
  `${window.location.origin}/${encodeURIComponent(d.owner_handle)}/${encodeURIComponent(d.slug)}`;

/** Share: the /owner/slug link with a copy button, and the private switch. */
export function ShareDialog(props: {
  ctx: string;
  dashboard: DashboardResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const d = props.dashboard;
  const update = useUpdateDashboard(props.ctx);
  const link = publicLink(d);
  // The switch moves at once (set in the change handler, not after React Query's notification),
  // and goes back to the saved value when the request ends.
  const [pending, setPending] = useState<boolean | null>(null);
  const isPrivate = pending ?? d.is_private;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Share this dashboard">
      <Stack>
        <TextInput
          label="Link"
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          description={
            isPrivate
              ? 'The dashboard is private: only members of this context can open it.'
              : 'Anyone with the link can view it, signed in or not.'
          }
          rightSectionWidth={64}
          rightSection={
            <Group gap={2} wrap="nowrap">
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy link'}>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={copied ? 'Copied' : 'Copy link'}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              <Tooltip label="Open the link">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  component="a"
                  href={link}
                  target="_blank"
                  rel="noreferrer"
                  aria-label="Open the link"
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          }
        />
        <Switch
          label="Private"
          checked={isPrivate}
          disabled={update.isPending}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setPending(next);
            update.mutate(
              { id: d.dashboard_id, body: { is_private: next } },
              { onSettled: () => setPending(null) },
            );
          }}
        />
        {update.isError && (
          <Text size="sm" c="red" role="alert">
            {update.error.message}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
