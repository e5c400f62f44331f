import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconSettings, IconShare } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { OwnerContextNotice } from '../../components/owner-context-notice';
import { useSession } from '../../lib/session';
import { appScope, dashboardOptions } from './api';
import { DashboardEditor } from './dashboard-editor';
import { DashboardHeader } from './dashboard-header';
import { DashboardSettingsModal } from './dashboard-settings-modal';
import { DashboardView } from './dashboard-view';
import { EmptyDashboard } from './empty-dashboard';
import classes from './dashboard-view.module.css';
import { REFRESH_INTERVALS, type DashboardSearch, type ValueParam } from './params';
import { ShareDialog } from './share-dialog';
import { FullscreenButton, RefreshButton, RefreshPicker } from './view-toolbar';
import { ToolButton } from '../../components/tool-button';

type Props = {
  id: number;
  search: DashboardSearch;
  /** Writes the page's URL state (values and refresh interval). */
  onSearch: (next: DashboardSearch) => void;
  /** More actions of the owner context beside Share (composed by the route, e.g. Schedules). */
  ownerActions?: (dashboard: DashboardResponse) => ReactNode;
};

/** A dashboard of the active context: view mode (values in the URL) and edit mode. */
export function DashboardPage({ id, search, onSearch, ownerActions }: Props) {
  const { ctx } = useSession();
  const { data: dashboard } = useSuspenseQuery(dashboardOptions(ctx, id));
  const owned = dashboard.owner_handle.toLowerCase() === ctx.toLowerCase();
  const empty =
    dashboard.visualization_widgets.length +
      dashboard.text_widgets.length +
      dashboard.param_widgets.length ===
    0;
  // A new (empty) dashboard opens in edit mode: there is nothing to view yet.
  const [editing, setEditing] = useState(empty && owned);
  const [sharing, share] = useDisclosure(false);
  const [configuring, configure] = useDisclosure(false);
  const box = useRef<HTMLDivElement>(null);
  const refresh = search.refresh ?? 'off';

  if (editing)
    return (
      <Stack gap="md">
        <DashboardHeader dashboard={dashboard} />
        <DashboardEditor ctx={ctx} dashboard={dashboard} onDone={() => setEditing(false)} />
      </Stack>
    );

  return (
    <Stack gap="md" ref={box} className={classes.box}>
      <DashboardHeader
        dashboard={dashboard}
        actions={
          <>
            <RefreshPicker
              value={refresh}
              onChange={(v) => onSearch({ ...search, refresh: v === 'off' ? undefined : v })}
            />
            <RefreshButton
              scope={appScope(ctx)}
              dashboardId={dashboard.dashboard_id}
              maxAgeSeconds={dashboard.max_result_age_seconds}
            />
            <FullscreenButton target={box} />
            <ToolButton variant="default" icon={IconShare} onClick={share.open}>
              Share
            </ToolButton>
            {owned && ownerActions?.(dashboard)}
            {owned && (
              <Tooltip label="Dashboard settings">
                <ActionIcon
                  variant="default"
                  size="md"
                  aria-label="Dashboard settings"
                  onClick={configure.open}
                >
                  <IconSettings size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {owned && (
              <ToolButton icon={IconPencil} onClick={() => setEditing(true)}>
                Edit
              </ToolButton>
            )}
          </>
        }
      />
      <OwnerContextNotice
        owner={dashboard.owner_handle}
        noun="dashboard"
        elsewhere={`This dashboard belongs to ${dashboard.owner_handle}; only its owner can change it.`}
      />
      {empty && owned && <EmptyDashboard onEdit={() => setEditing(true)} />}
      <DashboardView
        scope={appScope(ctx)}
        dashboard={dashboard}
        signedIn
        search={search}
        onValue={(name: ValueParam, value) => onSearch({ ...search, [name]: value || undefined })}
        refreshMs={REFRESH_INTERVALS[refresh]}
      />
      <DashboardSettingsModal
        ctx={ctx}
        dashboard={configuring ? dashboard : null}
        onClose={configure.close}
      />
      <ShareDialog
        ctx={ctx}
        dashboard={dashboard}
        search={search}
        opened={sharing}
        onClose={share.close}
      />
    </Stack>
  );
}
