import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ListEmpty } from '../../components/list-states';
import { MutationConfirm } from '../../components/mutation-confirm';
import { OffsetList } from '../../components/offset-list';
import { PageHeader } from '../../components/page-header';
import { useCtx } from '../../lib/session';
import {
  alertListOptions,
  ALERTS_PAGE_SIZE,
  useDeleteAlert,
  useRunAlert,
  useUpdateAlert,
  type Alert,
} from './api';
import { AlertDialog } from './alert-dialog';
import type { InputsFor } from './alert-values';
import { AlertsTable, type AlertAction } from './alerts-table';
import { AlertHistoryDrawer } from './history-drawer';

const STATE_WORD: Record<string, string> = { ok: 'OK', triggered: 'triggered', failed: 'failed' };

/** The context's alerts: state, last value, schedule; run now, pause, edit, history, delete. */
export function AlertsPage(props: {
  offset: number;
  onOffset: (offset: number) => void;
  /** The alert whose history is open. */
  history: number | null;
  onHistory: (id: number | null) => void;
  /** The inputs of an alert's parameter values (the parameters feature's, from the route). */
  inputsFor?: InputsFor;
}) {
  const ctx = useCtx();
  const list = useQuery(alertListOptions(ctx, props.offset));
  const run = useRunAlert(ctx);
  const update = useUpdateAlert(ctx);
  const [editing, setEditing] = useState<Alert | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const failed = (title: string) => (err: Error) =>
    notifications.show({ color: 'red', title, message: err.message });

  const onAction = (action: AlertAction, a: Alert) => {
    if (action === 'run')
      run.mutate(a.id, {
        onSuccess: (ev) =>
          notifications.show({
            color: ev?.state === 'ok' ? 'green' : ev?.state === 'triggered' ? 'red' : 'orange',
            title: `${a.name}: ${ev ? (STATE_WORD[ev.state] ?? ev.state) : 'still running'}`,
            message: ev?.error ?? 'See its history for the value and the deliveries.',
          }),
        onError: failed(`${a.name} did not run`),
      });
    if (action === 'pause' || action === 'resume')
      update.mutate(
        { id: a.id, body: { is_paused: action === 'pause' } },
        { onError: failed(`${a.name} was not ${action}d`) },
      );
    if (action === 'edit') setEditing(a);
    if (action === 'history') props.onHistory(a.id);
    if (action === 'delete') setDeleting(a);
  };

  return (
    <Stack gap="md">
      <PageHeader title="Alerts">
        Conditions on the results of {ctx}&apos;s saved queries, checked on a schedule (UTC);
        webhooks and email are told when a state changes. Set one from a query page.
      </PageHeader>
      <OffsetList
        query={list}
        page={(data) => ({ items: data.alerts, next: data.next_offset })}
        paging={{ offset: props.offset, pageSize: ALERTS_PAGE_SIZE }}
        names={{ list: 'alerts' }}
        onOffset={props.onOffset}
        empty={
          <ListEmpty
            title="No alerts yet."
            description="An alert runs a saved query on a schedule and tells a webhook or an email address when a value crosses a line. Open a query and choose Set alert."
          >
            <Button component={Link} to="/queries" variant="default">
              Open your queries
            </Button>
          </ListEmpty>
        }
      >
        {(alerts) => (
          <AlertsTable
            alerts={alerts}
            running={run.isPending ? (run.variables ?? null) : null}
            onAction={onAction}
          />
        )}
      </OffsetList>
      {editing && (
        <AlertDialog
          ctx={ctx}
          opened
          onClose={() => setEditing(null)}
          query={{ id: editing.query_id, name: editing.query_name || `Query #${editing.query_id}` }}
          alert={editing}
          inputsFor={props.inputsFor}
        />
      )}
      <MutationConfirm
        item={deleting}
        mutation={useDeleteAlert(ctx)}
        variables={(a: Alert) => a.id}
        done={(a) => `Deleted alert ${a.name}`}
        title="Delete alert?"
        confirmLabel="Delete alert"
        errorTitle="Not deleted"
        onClose={() => setDeleting(null)}
      >
        {deleting?.name} and its history go away; its destinations are told nothing more.
      </MutationConfirm>
      <AlertHistoryDrawer ctx={ctx} alertId={props.history} onClose={() => props.onHistory(null)} />
    </Stack>
  );
}
