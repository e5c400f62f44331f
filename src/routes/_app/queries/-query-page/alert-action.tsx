import { Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { ToolButton } from '../../../../components/tool-button';
import { valueInputs } from '../../../../features/parameters/value-inputs';
import { useCtx } from '../../../../lib/session';

// The dialog loads when it is first opened.
const AlertDialog = lazy(() =>
  import('../../../../features/alerts/alert-dialog').then((m) => ({ default: m.AlertDialog })),
);

/** "Set alert": an alert on this saved query (its own or a public one), run as the context. */
export function AlertAction(props: { query: GetQueryResponse; dirty: boolean }) {
  const ctx = useCtx();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const why = props.query.is_archived
    ? 'Archived queries cannot have alerts'
    : props.dirty
      ? 'Save the query first: an alert runs the saved version'
      : null;
  return (
    <>
      <Tooltip label={why} disabled={!why} withArrow>
        {/* A disabled button gets no pointer events: the wrapper keeps the tooltip working. */}
        <span>
          <ToolButton
            variant="default"
            icon={IconBell}
            disabled={why !== null}
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            Set alert
          </ToolButton>
        </span>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <AlertDialog
            ctx={ctx}
            opened={opened}
            onClose={() => setOpened(false)}
            query={{
              id: props.query.query_id,
              name: props.query.name,
              parameters: props.query.parameters,
            }}
            inputsFor={(parameters) => valueInputs(ctx, parameters)}
          />
        </Suspense>
      )}
    </>
  );
}
