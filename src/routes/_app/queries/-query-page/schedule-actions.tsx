import { IconClockPlay } from '@tabler/icons-react';
import { lazy } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { DialogAction } from '../../../../components/dialog-action';
import { useCtx } from '../../../../lib/session';

// The dialog (with the cron words and the parameter inputs) loads when it is first opened.
const SchedulesDialog = lazy(() =>
  import('./schedules-dialog').then((m) => ({ default: m.SchedulesDialog })),
);

/** "Schedules": refreshes of this saved query with parameter values, in its owner context. */
export function ScheduleActions(props: { query: GetQueryResponse; owned: boolean }) {
  const ctx = useCtx();
  return (
    <DialogAction
      label="Schedules"
      icon={IconClockPlay}
      disabledReason={props.owned ? null : `Only ${props.query.owner} can schedule this query`}
      dialog={(opened, onClose) => (
        <SchedulesDialog ctx={ctx} query={props.query} opened={opened} onClose={onClose} />
      )}
    />
  );
}
