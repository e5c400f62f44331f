import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ListEmpty } from '../../components/list-states';
import { OffsetList } from '../../components/offset-list';
import { PageHeader } from '../../components/page-header';
import { useCtx } from '../../lib/session';
import { fullNameOf, matviewListOptions, MATVIEWS_PAGE_SIZE, type Matview } from './api';
import { DeleteMatviewModal } from './delete-modal';
import { RefreshHistoryDrawer } from './history-drawer';
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
      <PageHeader
        title="Materialized views"
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('new')}>
            New materialized view
          </Button>
        }
      >
        Results of {ctx}&apos;s queries stored as tables (dune.{ctx}.result_…), refreshed on a
        schedule or on demand. Schedules run in UTC.
      </PageHeader>
      <OffsetList
        query={list}
        page={(data) => ({ items: data.materialized_views, next: data.next_offset })}
        paging={{ offset: props.offset, pageSize: MATVIEWS_PAGE_SIZE }}
        names={{ list: 'materialized views', page: 'views' }}
        onOffset={props.onOffset}
        empty={
          <ListEmpty
            title="No materialized views yet."
            description="A materialized view stores a saved query's result as a table that other queries read quickly, refreshed on a schedule. Open a query and choose Materialize, or pick one of your saved queries here."
          >
            <Button variant="light" onClick={() => setDialog('new')}>
              Materialize a saved query
            </Button>
            <Button component={Link} to="/queries" variant="default">
              Open your queries
            </Button>
          </ListEmpty>
        }
      >
        {(views) => (
          <MatviewTable
            ctx={ctx}
            views={views}
            refreshing={refresh.isPending ? (refresh.variables?.fullName ?? null) : null}
            onAction={onAction}
          />
        )}
      </OffsetList>
      <MatviewDialog
        ctx={ctx}
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        view={dialog === 'new' ? null : dialog}
      />
      <DeleteMatviewModal ctx={ctx} view={deleting} onClose={() => setDeleting(null)} />
      <RefreshHistoryDrawer
        ctx={ctx}
        fullName={props.history}
        onClose={() => props.onHistory(null)}
      />
    </Stack>
  );
}
