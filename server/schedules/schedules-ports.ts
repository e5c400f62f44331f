import type { Config } from '../config.js';
import type { DashboardsService } from '../dashboards/dashboards-service.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { Store } from '../store/store.js';

/**
 * What the schedules service uses of other areas, declared here so it runs no other service's
 * code: wire.ts passes the real ones. The shapes are views of those areas' types (type imports
 * only).
 */

type Maybe<T> = T | Promise<T>;

/** What a schedule needs of a saved query: who owns it, its SQL, parameters and state. */
export type ScheduledQuery = Pick<
  QueryRecord,
  | 'id'
  | 'owner_id'
  | 'name'
  | 'query_sql'
  | 'parameters'
  | 'version'
  | 'engine'
  | 'is_private'
  | 'is_archived'
  | 'is_temp'
>;

export type QueriesPort = {
  /** Any query by id, whoever may read it. */
  get(id: number): Maybe<ScheduledQuery | undefined>;
};

/** A dashboard as its viewer may see it, and its visualizations with the queries it may read. */
export type DashboardsPort = Pick<DashboardsService, 'readable' | 'visualizationsOf'>;

/** Running saved queries (refused as any run is; values checked; over_limit) and their states. */
export type ExecutionsPort = Pick<ExecutionsService, 'runSaved' | 'states' | 'get'>;

export type SchedulesDeps = {
  store: Store;
  config: Pick<Config, 'matviewMinIntervalMinutes'>;
  queries: QueriesPort;
  dashboards: DashboardsPort;
  executions: ExecutionsPort;
};
