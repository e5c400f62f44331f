import type { Accounts } from '../auth/accounts.js';
import type { Config } from '../config.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { LatestRuns } from '../executions/latest-runs.js';
import type { QueryCore, QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';
import type { LookupAll } from './webhook-address.js';

/**
 * What the alerts service uses of other areas: the parts of their services it calls (type
 * imports only), given by wire.ts.
 */

/** What an alert needs of its query: to check who reads it, and to run it. */
export type AlertQuery = QueryCore & Pick<QueryRecord, 'owner_id'>;

/** What an evaluation reads of its run. */
export type AlertRun = Pick<ExecutionRecord, 'id' | 'state' | 'error'>;

export type AlertsDeps = {
  store: Store;
  config: Pick<Config, 'alerts' | 'smtp' | 'publicUrl' | 'host' | 'port'>;
  /** Queries by id (the alert checks who may run them) and the one runnable check. */
  queries: Pick<QueriesService, 'get' | 'runnable'>;
  /**
   * Runs (runSaved, refused as any run is), their ends and results, the latest result of a query
   * (the columns a condition may name) and the credits check of a manual run.
   */
  executions: Pick<
    ExecutionsService,
    'runSaved' | 'settled' | 'get' | 'checkCredits' | 'results'
  > & {
    latest: Pick<LatestRuns, 'findLatest'>;
  };
  /** The context named in messages, by its handle. */
  accounts: Pick<Accounts, 'byId'>;
  /** DNS resolution of webhook hosts (tests give their own). */
  lookup?: LookupAll;
  log?: (message: string) => void;
};
