import { Accounts } from './auth/accounts.js';
import { ApiKeys } from './auth/keys.js';
import { KnownDevices } from './auth/devices.js';
import { Sessions } from './auth/sessions.js';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { markPostgresDataDir } from './data-dir.js';
import { createLogger, defaultLogFormat, type Logger } from './log.js';
import type { Deps } from './deps.js';
import { TrustedDuck } from './engine/duck.js';
import { ExecutionsService, type DrainLeft } from './executions/executions-service.js';
import { Lake } from './lake/lake.js';
import { RetiredSnapshots } from './lake/retired-snapshots.js';
import { upgradeLake } from './lake/lake-upgrade.js';
import { openStore } from './store/open.js';
import { ClusterNode, withStartupLock } from './cluster/cluster-node.js';
import { ClusterSignals } from './cluster/signals.js';
import { ClusterClaims } from './executions/cluster-claims.js';
import { QueriesService } from './queries/queries-service.js';
import { VisualizationsRepo } from './visualizations/visualizations-repo.js';
import { VisualizationsService } from './visualizations/visualizations-service.js';
import { DashboardsRepo } from './dashboards/dashboards-repo.js';
import { DashboardsService } from './dashboards/dashboards-service.js';
import { UploadsService } from './uploads/uploads-service.js';
import { DatasetCatalog } from './catalog/datasets.js';
import { PipelinesService } from './pipelines/pipelines-service.js';
import { seedDemo } from './demo/demo-seed.js';
import { SandboxPool } from './engine/sandbox-pool.js';
import { MatviewsService } from './matviews/matviews-service.js';
import { MatviewScheduler } from './matviews/scheduler.js';
import { DatasetsAdmin } from './catalog/datasets-admin.js';
import { DatasetSyncScheduler } from './catalog/dataset-sync-scheduler.js';
import { DatasetSyncsRepo } from './catalog/dataset-syncs-repo.js';
import { DatasetsSync } from './catalog/datasets-sync.js';
import { planStorageOf } from './usage/storage.js';
import { UsageService } from './usage/usage-service.js';
import { FirstPaintService } from './previews/first-paint.js';
import { PreviewsService } from './previews/previews-service.js';
import { RenderPool } from './render/render-pool.js';
import { AlertsService } from './alerts/alerts-service.js';
import { AlertScheduler } from './alerts/alert-scheduler.js';
import { SchedulesService } from './schedules/schedules-service.js';
import { RefreshScheduler } from './schedules/scheduler.js';

/** The logger the config asks for (LOG_LEVEL, LOG_FORMAT), writing to stdout. */
export function configuredLogger(config: Config, port?: () => number): Logger {
  return createLogger({
    level: config.logLevel,
    format: config.logFormat ?? defaultLogFormat(),
    port: port ?? (() => config.port),
  });
}

/**
 * Opens the stores and builds every service; `close` releases them, and `drain` (before `close`,
 * when the server stops) stops the schedulers and lets running executions finish. Runs happen on
 * `sandboxes` when given (tests share one per process), else on a sandbox thread of their own
 * that `close` ends. Logs go to `log`, else to the logger the config asks for.
 */
export async function buildDeps(
  config: Config,
  opts: { sandboxes?: SandboxPool; log?: Logger } = {},
): Promise<
  Deps & {
    drain: (graceMs: number) => Promise<DrainLeft>;
    close: () => Promise<void>;
  }
> {
  const sandboxes = opts.sandboxes ?? new SandboxPool();
  const logger = opts.log ?? configuredLogger(config);
  const store = await openStore(config);
  // With PostgreSQL, this process is one node of a cluster that may have others (cluster/).
  const url = config.databaseUrl;
  if (url) {
    // So that a server or the admin CLI started here without DATABASE_URL refuses this folder.
    markPostgresDataDir(config.dataDir, url);
    if (fs.existsSync(path.join(config.dataDir, 'strata.db')))
      logger.warn(
        `DATA_DIR holds a SQLite store (strata.db) that this server does not read: its metadata ` +
          'is in PostgreSQL (DATABASE_URL). Accounts and keys made there (an admin CLI run ' +
          'without DATABASE_URL) are not in this service; make them again with DATABASE_URL set.',
      );
  }
  const node = url
    ? await ClusterNode.join(store, {
        port: config.port,
        leaseMs: config.nodeLeaseMs,
        log: logger,
      })
    : undefined;
  const signals = url
    ? new ClusterSignals(
        store,
        url,
        (signal, id) => executions.onSignal(signal, id),
        () => void executions.beat().catch(() => {}),
      )
    : undefined;
  const duck = await TrustedDuck.forDataDir(config.dataDir, config.scratchDir);
  const lake = new Lake(store, config.dataDir, duck);
  const accounts = new Accounts(store);
  const storageUsed = (contextId: number) => planStorageOf(store, contextId);
  const queries = new QueriesService({
    store,
    config,
    storageUsed,
    // A save with an execution_id adopts the run in the save's transaction (executions below).
    adoptRun: (q, executionId): Promise<void> => executions.adopt(q, executionId),
  });
  const executions = new ExecutionsService({
    config,
    store,
    lake,
    duck,
    queries,
    sandboxes,
    log: logger,
    cluster: node &&
      signals && {
        nodeId: node.id,
        claims: new ClusterClaims(store, node.id),
        send: (signal, id) => signals.send(signal, id),
      },
  });
  await signals?.start();
  const dashboardsRepo = new DashboardsRepo(store);
  const visualizations = new VisualizationsService({
    store,
    repo: new VisualizationsRepo(store),
    queries,
    dashboards: dashboardsRepo,
  });
  const log = (m: string) => logger.warn(m);
  const matviews = new MatviewsService({
    store,
    config,
    accounts,
    queries,
    lake,
    executions,
    retired: new RetiredSnapshots(lake.repo, lake.root, undefined, logger),
    storageUsed,
  });
  const pipelines = new PipelinesService(
    { store, lake, queries, executions, matviews, nodeId: node?.id },
    log,
  );
  // One render thread draws link previews and first paints of public pages.
  const renderPool = new RenderPool();
  const dashboards = new DashboardsService({
    store,
    repo: dashboardsRepo,
    queries,
    visualizations,
  });
  const deps: Deps = {
    config,
    log: logger,
    store,
    accounts,
    keys: new ApiKeys(store),
    sessions: new Sessions(store),
    devices: await KnownDevices.open(store),
    duck,
    lake,
    // services added by later modules go below, one line each
    executions,
    queries,
    visualizations,
    dashboards,
    uploads: UploadsService.open({ config, store, duck, lake, log: logger }),
    catalog: new DatasetCatalog(store, accounts),
    matviews,
    pipelines,
    usage: new UsageService({
      store,
      config,
      creditsUsed: (contextId, from, to) => executions.creditsUsed(contextId, from, to),
    }),
    previews: new PreviewsService({
      dataDir: config.dataDir,
      dashboards,
      visualizations,
      queries,
      executions,
      pool: renderPool,
    }),
    firstPaint: new FirstPaintService({
      dataDir: config.dataDir,
      executions,
      pool: renderPool,
    }),
    alerts: new AlertsService({ store, config, queries, executions, accounts, log }),
    schedules: new SchedulesService({ store, config, queries, dashboards, executions }),
  };
  // Start-up work (recovery, demo data) goes in here. In a cluster it runs on one node at a time,
  // and recovery only on a node that finds no other alive (theirs is theirs; a dead node's runs
  // fail by its lease, on the beat below).
  const startUp = async () => {
    const recover = !node || (await node.othersAlive()).length === 0;
    await upgradeLake({ lake, duck }, (m) => logger.info(m));
    await matviews.start({ recover });
    await deps.uploads.start({ recover });
    await executions.start({ recover });
    await pipelines.start({ recover });
    if (config.demoData) await seedDemo(deps, (m) => logger.info(m));
  };
  if (url) await withStartupLock(url, startUp);
  else await startUp();
  if (node) {
    const others = await node.othersAlive();
    logger.info(
      { event: 'node_joined', node: node.name, others },
      `joined the cluster as ${node.name}; ${others.length} other node(s) alive`,
    );
  }
  node?.start(
    () => executions.beat(),
    () => pipelines.beat(),
    () => node.forgetLongDead(),
  );
  const scheduler = new MatviewScheduler(matviews, log);
  scheduler.run(config.schedulerTickMs);
  const refreshes = new RefreshScheduler(deps.schedules, log);
  refreshes.run(config.schedulerTickMs);
  const datasetsRetired = new RetiredSnapshots(lake.repo, lake.root, undefined, logger);
  const datasetsAdmin = new DatasetsAdmin({
    lake,
    duck,
    dataDir: config.dataDir,
    retired: datasetsRetired,
  });
  const syncs = new DatasetSyncsRepo(store);
  const datasetSyncs = new DatasetSyncScheduler(
    syncs,
    new DatasetsSync({ admin: datasetsAdmin, duck, syncs }),
    log,
  );
  datasetSyncs.run(config.schedulerTickMs);
  const alertScheduler = new AlertScheduler(deps.alerts, log);
  alertScheduler.run(config.schedulerTickMs);
  const stopSchedulers = () =>
    Promise.all([scheduler.stop(), alertScheduler.stop(), refreshes.stop(), datasetSyncs.stop()]);
  return {
    ...deps,
    drain: async (graceMs) => {
      // Schedulers first: a slot claimed now would be a run this node will not start.
      await stopSchedulers();
      return executions.drain(graceMs);
    },
    close: async () => {
      await scheduler.stop();
      await alertScheduler.stop();
      await refreshes.stop();
      await datasetSyncs.stop();
      datasetsRetired.close();
      await pipelines.close();
      // Evaluations whose run the stop interrupts stay running, for the next start to finish.
      const alertsStopped = deps.alerts.runner.stop();
      await executions.stop();
      await alertsStopped;
      await signals?.close();
      await node?.leave().catch(() => {});
      if (!opts.sandboxes) await sandboxes.close();
      await deps.previews.close();
      matviews.close();
      deps.uploads.close();
      duck.close();
      await store.close();
    },
  };
}
