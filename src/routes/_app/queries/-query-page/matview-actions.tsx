import { IconRefresh, IconTopologyStar3 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { useCtx } from '../../../../lib/session';
import { DialogAction } from '../../../../components/dialog-action';
import { ToolButton } from '../../../../components/tool-button';

// The dialog (with the cron libraries) loads when it is first opened.
const MatviewDialog = lazy(() =>
  import('../../../../features/matviews/matview-dialog').then((m) => ({
    default: m.MatviewDialog,
  })),
);

/** "Materialize" (a view of this saved query) and "Run pipeline" (its lineage, on /pipelines). */
export function MatviewActions(props: { query: GetQueryResponse; owned: boolean; dirty: boolean }) {
  const ctx = useCtx();
  const why = !props.owned
    ? `Only ${props.query.owner} can materialize this query`
    : props.dirty
      ? 'Save the query first: a view stores the saved version'
      : null;
  return (
    <>
      <DialogAction
        label="Materialize"
        icon={IconRefresh}
        disabledReason={why}
        dialog={(opened, onClose) => (
          <MatviewDialog
            ctx={ctx}
            opened={opened}
            onClose={onClose}
            query={{ id: props.query.query_id, name: props.query.name }}
            linkToList
          />
        )}
      />
      <ToolButton
        variant="default"
        icon={IconTopologyStar3}
        renderRoot={(rootProps) => (
          <Link to="/pipelines" search={{ query: props.query.query_id }} {...rootProps} />
        )}
      >
        Run pipeline
      </ToolButton>
    </>
  );
}
