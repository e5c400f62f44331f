import { useState } from 'react';
import '@mantine/core/styles/Modal.css';
import {
  ActionIcon,
  CopyButton,
  Divider,
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
import { EmbedSnippet } from '../../components/embed-snippet';
import { dashboardEmbedPath } from '../../lib/embed-url';
import { bare } from '../../lib/search-text';
import { gridHeight } from '../../../shared/dashboards/grid-layout';
import { dashboardPagePath } from '../../../shared/pages/page-protocol';
import { useUpdateDashboard } from './mutations';
import type { DashboardSearch } from './params';

/**
 * The embed's parameter values: those the page's URL carries (the others show their defaults),
 * numbers bare (`p.3.days=7`).
 */
const embedValues = (search: DashboardSearch) =>
  Object.fromEntries(
    Object.entries(search).flatMap(([k, v]) => (k.startsWith('p.') && v ? [[k, bare(v)]] : [])),
  );

/** The embed's height: the grid, its header above and the margins around it. */
const EMBED_CHROME_PX = 76;

/** The public link of a dashboard (this app's /owner/slug page). */
export const publicLink = (d: Pick<DashboardResponse, 'owner_handle' | 'slug'>) =>
  `${window.location.origin}${dashboardPagePath(d.owner_handle, d.slug)}`;

/**
 * Share: the /owner/slug link with a copy button, the private switch, and the iframe code of the
 * dashboard's embed page with the values the page shows.
 */
export function ShareDialog(props: {
  ctx: string;
  dashboard: DashboardResponse;
  /** The page's URL state: its parameter values go into the embed. */
  search: DashboardSearch;
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
        <Divider />
        <EmbedSnippet
          path={dashboardEmbedPath(d.owner_handle, d.slug)}
          search={embedValues(props.search)}
          title={d.name}
          height={gridHeight(d) + EMBED_CHROME_PX}
          unavailable={
            isPrivate ? 'Only public dashboards can be embedded: turn off Private first.' : null
          }
          description="Paste it into any web page. It shows the parameter values of this page; anyone can see it."
        />
      </Stack>
    </Modal>
  );
}
