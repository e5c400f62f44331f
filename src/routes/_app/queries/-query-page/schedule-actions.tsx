import { Tooltip } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { useCtx } from '../../../../lib/session';
import { ToolButton } from '../../../../components/tool-button';

// The dialog (with the cron words and the parameter inputs) loads when it is first opened.
const SchedulesDialog = lazy(() =>
  import('./schedules-dialog').then((m) => ({ default: m.SchedulesDialog })),
);

/** "Schedules": refreshes of this saved query with parameter values, in its owner context. */
export function ScheduleActions(props: { query: GetQueryResponse; owned: boolean }) {
  const ctx = useCtx();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const why = props.owned ? null : `Only ${props.query.owner} can schedule this query`;
  return (
    <>
      <Tooltip label={why} disabled={!why} withArrow>
        {/* A disabled button gets no pointer events: the wrapper keeps the tooltip working. */}
        <span>
          <ToolButton
            variant="default"
            icon={IconClockPlay}
            disabled={why !== null}
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            Schedules
          </ToolButton>
        </span>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <SchedulesDialog
            ctx={ctx}
            query={props.query}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
