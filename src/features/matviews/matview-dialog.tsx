import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { matviewOfQueryOptions, type Matview } from './api';
import { MatviewForm, type Saved } from './matview-form';
import { StateBadge, useRefreshStatus } from './refresh-state';
import { CenteredLoader } from '../../components/page-loader';
import { ErrorAlert } from '../../components/error-alert';

export type MatviewDialogProps = {
  ctx: string;
  opened: boolean;
  onClose: () => void;
  /** The source query, fixed, when opened from it; its view (if any) is edited. */
  query?: { id: number; name: string };
  /** The view to edit (from the list). Neither: a new view of a query picked in the dialog. */
  view?: Matview | null;
  /** Offer a link to the list once saved (not on the list itself). */
  linkToList?: boolean;
};

/** Create or edit a materialized view; once saved, the refresh it started, live. */
export function MatviewDialog(props: MatviewDialogProps) {
  const [saved, setSaved] = useState<Saved | null>(null);
  const close = () => {
    setSaved(null);
    props.onClose();
  };
  const editing = props.view ?? null;
  const title = saved
    ? 'Materialized view saved'
    : editing
      ? 'Edit materialized view'
      : props.query
        ? 'Materialize query'
        : 'New materialized view';
  return (
    <Modal opened={props.opened} onClose={close} title={title} size="lg">
      {props.opened &&
        (saved ? (
          <SavedPanel ctx={props.ctx} saved={saved} onClose={close} linkToList={props.linkToList} />
        ) : editing || !props.query ? (
          <MatviewForm
            ctx={props.ctx}
            query={editing ? { id: editing.query_id, name: editing.query_name } : null}
            view={editing}
            onCancel={close}
            onSaved={setSaved}
          />
        ) : (
          <FormForQuery ctx={props.ctx} query={props.query} onCancel={close} onSaved={setSaved} />
        ))}
    </Modal>
  );
}

/** From a query: edits the query's view when it has one, else creates one. */
function FormForQuery(props: {
  ctx: string;
  query: { id: number; name: string };
  onCancel: () => void;
  onSaved: (saved: Saved) => void;
}) {
  const existing = useQuery(matviewOfQueryOptions(props.ctx, props.query.id));
  if (existing.isPending) return <CenteredLoader h={120} label="Loading" />;
  if (existing.isError)
    return <ErrorAlert title="Could not read the views">{existing.error.message}</ErrorAlert>;
  return (
    <Stack gap="sm">
      {existing.data && (
        <Text size="sm" c="dimmed">
          This query is materialized as <Code>{existing.data.sql_id}</Code>: saving updates it.
        </Text>
      )}
      <MatviewForm
        ctx={props.ctx}
        query={props.query}
        view={existing.data}
        onCancel={props.onCancel}
        onSaved={props.onSaved}
      />
    </Stack>
  );
}

function SavedPanel(props: {
  ctx: string;
  saved: Saved;
  onClose: () => void;
  linkToList?: boolean;
}) {
  const status = useRefreshStatus(props.ctx, props.saved.executionId);
  const state = status.data?.state ?? 'QUERY_STATE_PENDING';
  const error = status.data?.error?.message;
  return (
    <Stack>
      <Text size="sm">
        Saved <Code>{props.saved.fullName}</Code>. Its first refresh:
      </Text>
      <Group gap="xs" role="status" aria-live="polite" data-testid="saved-refresh-state">
        <StateBadge state={state} size="md" />
        {status.isError && (
          <Text size="sm" c="red">
            {status.error.message}
          </Text>
        )}
      </Group>
      {error && (
        <Alert color="red" title="The refresh failed">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {props.linkToList && (
          <Button component={Link} to="/materialized-views" variant="default">
            Open materialized views
          </Button>
        )}
        <Button onClick={props.onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
