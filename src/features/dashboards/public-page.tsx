import '@mantine/core/styles/Container.css';
import { Anchor, Box, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { ApiError } from '../../lib/api';
import { meQueryOptions } from '../../lib/session';
import { publicScope } from './api';
import { DashboardHeader } from './dashboard-header';
import { DashboardView } from './dashboard-view';
import { dashboardBundleOptions } from './public-bundle';
import classes from './dashboard-view.module.css';
import { REFRESH_INTERVALS, type DashboardSearch, type ValueParam } from './params';
import { FullscreenButton, RefreshButton, RefreshPicker } from './view-toolbar';

type Props = {
  owner: string;
  slug: string;
  search: DashboardSearch;
  onSearch: (next: DashboardSearch) => void;
};

/** The page anyone can open at /owner/slug: the dashboard in view mode, no account needed. */
export function PublicDashboardPage({ owner, slug, search, onSearch }: Props) {
  const dashboard = useQuery({
    ...dashboardBundleOptions(owner, slug),
    select: (b) => b.dashboard,
  });
  const me = useQuery(meQueryOptions);
  const signedIn = !!me.data?.user;
  const box = useRef<HTMLDivElement>(null);
  const refresh = search.refresh ?? 'off';
  const missing = dashboard.error instanceof ApiError && dashboard.error.status === 404;

  return (
    <Box mih="100vh">
      <Group
        h={52}
        px="md"
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Group gap={6} wrap="nowrap">
            <IconChartBar size={20} color="var(--mantine-primary-color-filled)" />
            <Text fw={700}>Strata</Text>
          </Group>
        </Anchor>
        {signedIn ? (
          <Anchor component={Link} to="/dashboards" size="sm">
            Back to the app
          </Anchor>
        ) : (
          <Anchor component={Link} to="/sign-in" size="sm">
            Sign in
          </Anchor>
        )}
      </Group>
      <Container size="xl" py="md">
        {missing ? (
          <Stack align="center" py="xl" gap="xs">
            <Title order={2}>Dashboard not found</Title>
            <Text c="dimmed">This dashboard does not exist or is private.</Text>
          </Stack>
        ) : dashboard.isError ? (
          <Stack align="center" py="xl" gap="xs" role="alert">
            <Title order={2}>Could not load this dashboard</Title>
            <Text c="dimmed">{dashboard.error.message}</Text>
          </Stack>
        ) : !dashboard.data ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading dashboard">
            <Skeleton h={32} w={280} />
            <Skeleton h={320} />
          </Stack>
        ) : (
          <Stack gap="md" ref={box} className={classes.box}>
            <DashboardHeader
              dashboard={dashboard.data}
              actions={
                <>
                  <RefreshPicker
                    value={refresh}
                    onChange={(v) => onSearch({ ...search, refresh: v === 'off' ? undefined : v })}
                  />
                  <RefreshButton
                    scope={publicScope(owner, slug)}
                    dashboardId={dashboard.data.dashboard_id}
                    maxAgeSeconds={signedIn ? dashboard.data.max_result_age_seconds : null}
                  />
                  <FullscreenButton target={box} />
                </>
              }
            />
            <DashboardView
              scope={publicScope(owner, slug)}
              dashboard={dashboard.data}
              signedIn={signedIn}
              search={search}
              onValue={(name: ValueParam, value) =>
                onSearch({ ...search, [name]: value || undefined })
              }
              refreshMs={REFRESH_INTERVALS[refresh]}
            />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
