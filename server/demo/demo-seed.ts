import {
  ensureDemoDashboard,
  runDemoDashboardQueries,
  type DemoDashboardDeps,
  type DemoRunsDeps,
} from './demo-dashboard.js';
import { ensureDemoData, type DemoDataDeps } from './demo-data.js';
import { ensureDemoQueries, type DemoQueriesDeps } from './demo-queries.js';

/** What seeding the demo uses: the parts of the services each step calls (type imports only). */
export type DemoSeedDeps = DemoDataDeps & DemoQueriesDeps & DemoDashboardDeps & DemoRunsDeps;

/**
 * The demo a start with DEMO_DATA gets, each step doing nothing once done: the demo datasets,
 * the `demo` team's example queries, its example dashboard and the first runs of that
 * dashboard's queries (queued, not awaited).
 */
export async function seedDemo(deps: DemoSeedDeps, log: (message: string) => void): Promise<void> {
  await ensureDemoData(deps, log);
  await ensureDemoQueries(deps);
  await ensureDemoDashboard(deps);
  await runDemoDashboardQueries(deps);
}
