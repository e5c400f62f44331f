import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../../contract/dashboards';
import { appScope, dashboardVisualizationsOptions } from '../../../../features/dashboards/api';
import { dashboardInputs } from '../../../../features/dashboards/params';
import { valueInputs } from '../../../../features/parameters/value-inputs';
import { SchedulesDialog as Dialog } from '../../../../features/schedules/schedules-dialog';

/**
 * The dashboard page's schedules: the schedules feature's dialog for the dashboard, with the
 * parameters feature's form over the dashboard's parameter widgets (one input per query and key,
 * typed by its query's definition); the cron presets and words are shared/cron's.
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
    <Dialog
      name={dashboard.name}
      opened={props.opened}
      onClose={props.onClose}
      loading={meta.isPending ? "Loading the dashboard's parameters" : null}
      ctx={props.ctx}
      target={{
        kind: 'dashboard',
        id: dashboard.dashboard_id,
        archived: dashboard.is_archived,
        fields: inputs.map(({ name, query_id, key }) => ({ name, query_id, key })),
      }}
      {...valueInputs(
        props.ctx,
        inputs.map((i) => i.parameter),
        { defaultsAsPlaceholders: true },
      )}
    />
  );
}
