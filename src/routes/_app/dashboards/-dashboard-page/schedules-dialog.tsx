import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../../contract/dashboards';
import { CenteredLoader } from '../../../../components/page-loader';
import { appScope, dashboardVisualizationsOptions } from '../../../../features/dashboards/api';
import { dashboardInputs } from '../../../../features/dashboards/params';
import { describeCron } from '../../../../features/matviews/schedule';
import { valueInputs } from '../../../../features/parameters/value-inputs';
import { SchedulesPanel } from '../../../../features/schedules/schedules-panel';

/**
 * The dashboard page's schedules: the schedules feature's panel for the dashboard, with the
 * parameters feature's form over the dashboard's parameter widgets (one input per query and key,
 * typed by its query's definition) and the matviews feature's cron words.
 */
export function SchedulesDialog(props: {
  ctx: string;
  dashboard: DashboardResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { dashboard } = props;
  const meta = useQuery({
    ...dashboardVisualizationsOptions(appScope(props.ctx), dashboard.dashboard_id),
    enabled: props.opened,
  });
  // Without its queries' definitions (an error) the inputs are plain text; the service checks.
  const inputs = dashboardInputs(dashboard, meta.data?.visualizations);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Schedules of ${dashboard.name}`}
      size="xl"
    >
      {props.opened &&
        (meta.isPending ? (
          <CenteredLoader h={120} label="Loading the dashboard's parameters" />
        ) : (
          <SchedulesPanel
            ctx={props.ctx}
            target={{
              kind: 'dashboard',
              id: dashboard.dashboard_id,
              archived: dashboard.is_archived,
              fields: inputs.map(({ name, query_id, key }) => ({ name, query_id, key })),
            }}
            describeCron={describeCron}
            {...valueInputs(
              props.ctx,
              inputs.map((i) => i.parameter),
            )}
          />
        ))}
    </Modal>
  );
}
