import { Button, Group, Stack, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { ListEmpty, ListPanel, ListStates } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { SearchInput, useSearchDraft } from '../../components/search-input';
import { useCtx } from '../../lib/session';
import { dashboardListOptions, type DashboardListParams } from './api';
import { useArchiveDashboard } from './mutations';
import { CreateDashboardModal } from './create-dashboard-modal';
import { DashboardSettingsModal } from './dashboard-settings-modal';
import { DashboardTable } from './dashboard-table';
import { listParams, nextListSearch, type DashboardListSearch } from './list-search';
import { NumberPager } from '../../components/prev-next-pager';
import TagFilter from '../../components/tag-filter';

type Props = {
  search: DashboardListSearch;
  onSearch: (next: DashboardListSearch) => void;
  onOpen: (id: number) => void;
};

/** The context's dashboards: search, tag filter, archived toggle, create, settings, archive. */
export function DashboardListPage({ search, onSearch, onOpen }: Props) {
  const ctx = useCtx();
  const params = listParams(search);
  const list = useQuery(dashboardListOptions(ctx, params));
  const archive = useArchiveDashboard(ctx);
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<DashboardResponse | null>(null);
  const change = (patch: Partial<DashboardListParams>) => onSearch(nextListSearch(search, patch));
  const draft = useSearchDraft(params.q, (q) => change({ q }));
  const rows = list.data?.dashboards ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.size));
  const knownTags = [...new Set([...params.tags, ...rows.flatMap((d) => d.tags)])];
  const onArchive = (d: DashboardResponse, yes: boolean) =>
    archive.mutate(
      { id: d.dashboard_id, archive: yes },
      {
        onSuccess: () =>
          notifications.show({ message: `${d.name} ${yes ? 'archived' : 'unarchived'}` }),
        onError: (err) => notifications.show({ color: 'red', message: err.message }),
      },
    );

  return (
    <Stack gap="md">
      <PageHeader
        title="Dashboards"
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            New dashboard
          </Button>
        }
      >
        Dashboards of {ctx}. Anyone with the link can open a dashboard that is not private.
      </PageHeader>
      <Group gap="sm" align="flex-end">
        <SearchInput
          aria-label="Search dashboards"
          placeholder="Search by name"
          draft={draft}
          w={{ base: '100%', sm: 280 }}
        />
        <TagFilter tags={params.tags} knownTags={knownTags} onChange={(tags) => change({ tags })} />
        <Switch
          label="Show archived"
          checked={params.archived}
          onChange={(e) => change({ archived: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <ListStates
        query={list}
        errorTitle="Could not list dashboards"
        loadingLabel="Loading dashboards"
        empty={(data) =>
          data.dashboards.length === 0 && (
            <ListEmpty
              title={
                params.q || params.tags.length ? 'No dashboard matches.' : 'No dashboards yet.'
              }
              description="A dashboard puts charts of your saved queries, notes and parameter inputs on one page."
            >
              <Button variant="light" onClick={create.open}>
                Create a dashboard
              </Button>
            </ListEmpty>
          )
        }
      >
        {(data, stale) => (
          <ListPanel
            stale={stale}
            pager={
              <NumberPager
                label={`${total} dashboard${total === 1 ? '' : 's'}`}
                page={params.page}
                pages={pages}
                onPage={(page) => change({ page })}
              />
            }
          >
            <DashboardTable
              dashboards={data.dashboards}
              activeTags={params.tags}
              onTag={(t) => !params.tags.includes(t) && change({ tags: [...params.tags, t] })}
              onSettings={setEditing}
              onArchive={onArchive}
            />
          </ListPanel>
        )}
      </ListStates>
      <CreateDashboardModal ctx={ctx} opened={creating} onClose={create.close} onCreated={onOpen} />
      <DashboardSettingsModal ctx={ctx} dashboard={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
