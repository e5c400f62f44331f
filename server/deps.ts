import type { Accounts } from './auth/accounts.js';
import type { ApiKeys } from './auth/keys.js';
import type { KnownDevices } from './auth/devices.js';
import type { Sessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { TrustedDuck } from './engine/duck.js';
import type { Lake } from './lake/lake.js';
import type { Logger } from './log.js';
import type { ExecutionsService } from './executions/executions-service.js';
import type { Store } from './store/store.js';
import type { QueriesService } from './queries/queries-service.js';
import type { VisualizationsService } from './visualizations/visualizations-service.js';
import type { DashboardsService } from './dashboards/dashboards-service.js';
import type { UploadsService } from './uploads/uploads-service.js';
import type { DatasetCatalog } from './catalog/datasets.js';
import type { MatviewsService } from './matviews/matviews-service.js';
import type { PipelinesService } from './pipelines/pipelines-service.js';
import type { UsageService } from './usage/usage-service.js';
import type { FirstPaintService } from './previews/first-paint.js';
import type { PreviewsService } from './previews/previews-service.js';
import type { AlertsService } from './alerts/alerts-service.js';
import type { SchedulesService } from './schedules/schedules-service.js';

/** Everything a route module may use; built once in wire.ts (or by a test) and injected. */
export type Deps = {
  config: Config;
  /** The server's log (log.ts): events and errors; the app writes one line per request. */
  log: Logger;
  /** The metadata store (SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL). */
  store: Store;
  accounts: Accounts;
  keys: ApiKeys;
  sessions: Sessions;
  devices: KnownDevices;
  duck: TrustedDuck;
  lake: Lake;
  // services added by later modules go below, one line each
  executions: ExecutionsService;
  queries: QueriesService;
  visualizations: VisualizationsService;
  dashboards: DashboardsService;
  uploads: UploadsService;
  catalog: DatasetCatalog;
  matviews: MatviewsService;
  pipelines: PipelinesService;
  usage: UsageService;
  previews: PreviewsService;
  /** First paints of public dashboards' pages (charts drawn on the server). */
  firstPaint: FirstPaintService;
  alerts: AlertsService;
  schedules: SchedulesService;
};
