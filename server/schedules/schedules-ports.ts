import type { Config } from '../config.js';
import type { DashboardsService } from '../dashboards/dashboards-service.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';

/**
 * What the schedules service uses of other areas: the parts of their services it calls (type
 * imports only), given by wire.ts.
 */

export type SchedulesDeps = {
  store: Store;
  config: Pick<Config, 'matviewMinIntervalMinutes'>;
  /** Any query by id, whoever may read it (a schedule's target must be owned). */
  queries: Pick<QueriesService, 'get'>;
  /** A dashboard as its viewer may see it, and its visualizations with the queries it may read. */
  dashboards: Pick<DashboardsService, 'find' | 'visualizationsOf'>;
  /** Running saved queries (refused as any run is; values checked; over_limit), their states. */
  executions: Pick<ExecutionsService, 'runSaved' | 'states' | 'get'>;
};
