import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ListEmpty } from '../../components/list-states';
import { OffsetList } from '../../components/offset-list';
import { PageHeader } from '../../components/page-header';
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
      <PageHeader
        title="Uploads"
        action={
          <Button component={Link} to="/uploads/new" leftSection={<IconPlus size={16} />}>
            Upload a CSV
          </Button>
        }
      >
        Tables of {ctx} from your CSV files, queryable as {fullNameSql(`dune.${ctx.toLowerCase()}`)}
        .&lt;table&gt;. Tables that are not private can be read by everyone.
      </PageHeader>
      <OffsetList
        query={list}
        page={(data) => ({ items: data.tables, next: data.next_offset })}
        paging={{ offset: props.offset, pageSize: UPLOADS_PAGE_SIZE }}
        names={{ list: 'uploads', page: 'tables' }}
        onOffset={props.onOffset}
        empty={
          <ListEmpty
            title="No uploaded tables yet."
            description="Turn a CSV file into a table: check the columns and their types, then query it with SQL like any other table."
          >
            <Button component={Link} to="/uploads/new" variant="light">
              Upload a CSV
            </Button>
          </ListEmpty>
        }
      >
        {(tables) => <UploadsTable tables={tables} onAction={onAction} />}
      </OffsetList>
      <ClearModal ctx={ctx} table={clearing} onClose={() => setClearing(null)} />
      <DeleteModal ctx={ctx} table={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
