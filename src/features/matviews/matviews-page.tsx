import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCtx } from '../../lib/session';
import { fullNameOf, matviewListOptions, MATVIEWS_PAGE_SIZE, type Matview } from './api';
import { DeleteMatviewModal } from './delete-modal';
import { HistoryDrawer } from './history-drawer';
import { MatviewDialog } from './matview-dialog';
import { MatviewTable, type RowAction } from './matview-table';
import { useRefreshMatview } from './mutations';

/** The context's materialized views: state, freshness, refresh now, edit, history, delete. */
export function MatviewsPage(props: {
  offset: number;
  onOffset: (offset: number) => void;
  /** The full name whose refresh history is open. */
  history: string | null;
  onHistory: (fullName: string | null) => void;
}) {
  const ctx = useCtx();
  const list = useQuery(matviewListOptions(ctx, props.offset));
  const refresh = useRefreshMatview(ctx);
  // The dialog: null closed, 'new' for a new view, else the view to edit.
  const [dialog, setDialog] = useState<Matview | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Matview | null>(null);
  const views = list.data?.materialized_views ?? [];
  const next = list.data?.next_offset;

  const onAction = (action: RowAction, v: Matview) => {
    if (action === 'refresh')
      refresh.mutate(
        { fullName: fullNameOf(v) },
        {
          onError: (err) =>
            notifications.show({
              color: 'red',
              title: `${fullNameOf(v)} was not refreshed`,
              message: err.message,
            }),
        },
      );
    if (action === 'edit') setDialog(v);
    if (action === 'history') props.onHistory(fullNameOf(v));
    if (action === 'delete') setDeleting(v);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={2}>Materialized views</Title>
          <Text size="sm" c="dimmed">
            Results of {ctx}&apos;s queries stored as tables (dune.{ctx}.result_…), refreshed on a
            schedule or on demand. Schedules run in UTC.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('new')}>
          New materialized view
        </Button>
      </Group>
      {list.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Could not list the materialized views"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !list.data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading materialized views">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : views.length === 0 && props.offset === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={500}>No materialized views yet.</Text>
            <Text size="sm" c="dimmed" ta="center" maw={560}>
              A materialized view stores a saved query&apos;s result as a table that other queries
              read quickly, refreshed on a schedule. Open a query and choose Materialize, or pick
              one of your saved queries here.
            </Text>
            <Group gap="xs" mt="xs">
              <Button variant="light" onClick={() => setDialog('new')}>
                Materialize a saved query
              </Button>
              <Button component={Link} to="/queries" variant="default">
                Open your queries
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <MatviewTable
              ctx={ctx}
              views={views}
              refreshing={refresh.isPending ? (refresh.variables?.fullName ?? null) : null}
              onAction={onAction}
            />
          </Paper>
          {(props.offset > 0 || next !== undefined) && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {views.length
                  ? `Views ${props.offset + 1}–${props.offset + views.length}`
                  : 'No more views'}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} />}
                  disabled={props.offset === 0}
                  onClick={() => props.onOffset(Math.max(0, props.offset - MATVIEWS_PAGE_SIZE))}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} />}
                  disabled={next === undefined}
                  onClick={() => next !== undefined && props.onOffset(next)}
                >
                  Next
                </Button>
              </Group>
            </Group>
          )}
        </>
      )}
      <MatviewDialog
        ctx={ctx}
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        view={dialog === 'new' ? null : dialog}
      />
      <DeleteMatviewModal ctx={ctx} view={deleting} onClose={() => setDeleting(null)} />
      <HistoryDrawer ctx={ctx} fullName={props.history} onClose={() => props.onHistory(null)} />
    </Stack>
  );
}
