import { IconClockPlay } from '@tabler/icons-react';
import { lazy } from 'react';
import type { DashboardResponse } from '../../../../../contract/dashboards';
import { DialogAction } from '../../../../components/dialog-action';
import { useCtx } from '../../../../lib/session';

// The dialog (with the cron words and the parameter inputs) loads when it is first opened.
const SchedulesDialog = lazy(() =>
  import('./schedules-dialog').then((m) => ({ default: m.SchedulesDialog })),
);

/** "Schedules": refreshes of every chart of this dashboard, in its owner context. */
export function SchedulesAction(props: { dashboard: DashboardResponse }) {
  const ctx = useCtx();
  return (
    <DialogAction
      label="Schedules"
      icon={IconClockPlay}
      dialog={(opened, onClose) => (
        <SchedulesDialog ctx={ctx} dashboard={props.dashboard} opened={opened} onClose={onClose} />
      )}
    />
  );
}
