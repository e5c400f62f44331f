import { Tooltip } from '@mantine/core';
import { IconRefresh, IconTopologyStar3 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { useCtx } from '../../../../lib/session';
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
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const why = !props.owned
    ? `Only ${props.query.owner} can materialize this query`
    : props.dirty
      ? 'Save the query first: a view stores the saved version'
      : null;
  return (
    <>
      <Tooltip label={why} disabled={!why} withArrow>
        {/* A disabled button gets no pointer events: the wrapper keeps the tooltip working. */}
        <span>
          <ToolButton
            variant="default"
            icon={IconRefresh}
            disabled={why !== null}
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            Materialize
          </ToolButton>
        </span>
      </Tooltip>
      <ToolButton
        variant="default"
        icon={IconTopologyStar3}
        renderRoot={(rootProps) => (
          <Link to="/pipelines" search={{ query: props.query.query_id }} {...rootProps} />
        )}
      >
        Run pipeline
      </ToolButton>
      {loaded && (
        <Suspense fallback={null}>
          <MatviewDialog
            ctx={ctx}
            opened={opened}
            onClose={() => setOpened(false)}
            query={{ id: props.query.query_id, name: props.query.name }}
            linkToList
          />
        </Suspense>
      )}
    </>
  );
}
