import '@mantine/core/styles/Code.css';
import { Code } from '@mantine/core';
import { MutationConfirm } from '../../components/mutation-confirm';
import { fullNameOf, type Matview } from './api';
import { useDeleteMatview } from './mutations';

/** Asks before deleting a view; the user types its name to confirm. */
export function DeleteMatviewModal(props: {
  ctx: string;
  view: Matview | null;
  onClose: () => void;
}) {
  const v = props.view;
  return (
    <MutationConfirm
      item={v}
      mutation={useDeleteMatview(props.ctx)}
      variables={fullNameOf}
      done={(view) => `Deleted ${fullNameOf(view)}`}
      title="Delete materialized view?"
      confirmLabel="Delete view"
      typeToConfirm={v?.name ?? ''}
      typeToConfirmLabel="Name to confirm"
      errorTitle="Not deleted"
      onClose={props.onClose}
    >
      <Code>{v && fullNameOf(v)}</Code> and its stored data go away, with its schedule. Queries that
      read it will fail. The source query stays.
    </MutationConfirm>
  );
}
