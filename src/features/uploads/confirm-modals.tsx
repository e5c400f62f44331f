import '@mantine/core/styles/Code.css';
import { Code } from '@mantine/core';
import { MutationConfirm } from '../../components/mutation-confirm';
import { formatCount } from '../../lib/format';
import type { UploadedTable } from './api';
import { splitFullName } from './full-name';
import { useClearUpload, useDeleteUpload } from './mutations';

type Props = { ctx: string; table: UploadedTable | null; onClose: () => void };

const fullName = (t: UploadedTable) => t.full_name;

/** Asks before removing every row of a table (its columns stay). */
export function ClearModal({ ctx, table, onClose }: Props) {
  return (
    <MutationConfirm
      item={table}
      mutation={useClearUpload(ctx)}
      variables={fullName}
      done={(t) => `Cleared ${t.full_name}`}
      title="Clear table?"
      confirmLabel="Clear rows"
      errorTitle="The table was not cleared"
      onClose={onClose}
    >
      Remove all {formatCount(table?.row_count ?? 0)} rows of <Code>{table?.full_name}</Code>? Its
      columns stay, so you can append new rows. Queries already running still see the old rows.
    </MutationConfirm>
  );
}

/** Asks before deleting a table; the user types its name to confirm. */
export function DeleteModal({ ctx, table, onClose }: Props) {
  return (
    <MutationConfirm
      item={table}
      mutation={useDeleteUpload(ctx)}
      variables={fullName}
      done={(t) => `Deleted ${t.full_name}`}
      title="Delete table?"
      confirmLabel="Delete table"
      typeToConfirm={table ? splitFullName(table.full_name).table : ''}
      errorTitle="The table was not deleted"
      onClose={onClose}
    >
      Delete <Code>{table?.full_name}</Code> with its {formatCount(table?.row_count ?? 0)} rows?
      Queries that read it will fail from now on. This cannot be undone.
    </MutationConfirm>
  );
}
