import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCtx } from '../../lib/session';
import { uploadListOptions, UPLOADS_PAGE_SIZE, type UploadedTable } from './api';
import { ClearModal, DeleteModal } from './confirm-modals';
import { UploadsTable, type RowAction } from './uploads-table';
import { exampleSql, fullNameSql, splitFullName } from './full-name';

/** The context's uploaded tables: numbers, open in the editor, append, clear, delete. */
export function UploadsPage(props: { offset: number; onOffset: (offset: number) => void }) {
  const ctx = useCtx();
  const navigate = useNavigate();
  const list = useQuery(uploadListOptions(ctx, props.offset));
  const [clearing, setClearing] = useState<UploadedTable | null>(null);
  const [deleting, setDeleting] = useState<UploadedTable | null>(null);
  const tables = list.data?.tables ?? [];
  const next = list.data?.next_offset;

  const onAction = (action: RowAction, t: UploadedTable) => {
    if (action === 'open')
      void navigate({ to: '/queries/new', search: { sql: exampleSql(t.full_name) } });
    if (action === 'append')
      void navigate({
        to: '/uploads/new',
        search: { mode: 'append', table: splitFullName(t.full_name).table },
      });
    if (action === 'clear') setClearing(t);
    if (action === 'delete') setDeleting(t);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={2}>Uploads</Title>
          <Text size="sm" c="dimmed">
            Tables of {ctx} from your CSV files, queryable as{' '}
            {fullNameSql(`dune.${ctx.toLowerCase()}`)}.&lt;table&gt;. Tables that are not private
            can be read by everyone.
          </Text>
        </div>
        <Button component={Link} to="/uploads/new" leftSection={<IconPlus size={16} />}>
          Upload a CSV
        </Button>
      </Group>
      {list.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Could not list the uploads"
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
        <Stack gap="xs" aria-busy="true" aria-label="Loading uploads">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : tables.length === 0 && props.offset === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={500}>No uploaded tables yet.</Text>
            <Text size="sm" c="dimmed" ta="center">
              Turn a CSV file into a table: check the columns and their types, then query it with
              SQL like any other table.
            </Text>
            <Button component={Link} to="/uploads/new" variant="light" mt="xs">
              Upload a CSV
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <UploadsTable tables={tables} onAction={onAction} />
          </Paper>
          {(props.offset > 0 || next !== undefined) && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {tables.length
                  ? `Tables ${props.offset + 1}–${props.offset + tables.length}`
                  : 'No more tables'}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} />}
                  disabled={props.offset === 0}
                  onClick={() => props.onOffset(Math.max(0, props.offset - UPLOADS_PAGE_SIZE))}
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
      <ClearModal ctx={ctx} table={clearing} onClose={() => setClearing(null)} />
      <DeleteModal ctx={ctx} table={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
