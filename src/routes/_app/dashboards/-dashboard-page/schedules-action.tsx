import { IconClockPlay } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { DashboardResponse } from '../../../../../contract/dashboards';
import { ToolButton } from '../../../../components/tool-button';
import { useCtx } from '../../../../lib/session';

// The dialog (with the cron words and the parameter inputs) loads when it is first opened.
const SchedulesDialog = lazy(() =>
  import('./schedules-dialog').then((m) => ({ default: m.SchedulesDialog })),
);

/** "Schedules": refreshes of every chart of this dashboard, in its owner context. */
export function SchedulesAction(props: { dashboard: DashboardResponse }) {
  const ctx = useCtx();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <ToolButton
        variant="default"
        icon={IconClockPlay}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Schedules
      </ToolButton>
      {loaded && (
        <Suspense fallback={null}>
          <SchedulesDialog
            ctx={ctx}
            dashboard={props.dashboard}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
