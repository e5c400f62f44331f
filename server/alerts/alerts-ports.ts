import type { Config } from '../config.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { QueryCore, QueryRecord } from '../queries/queries-repo.js';
import type { Store } from '../store/store.js';
import type { ResultHead } from './alert-condition.js';
import type { LookupAll } from './webhook-address.js';

/**
 * What the alerts service uses of other areas, declared here so it runs no other service's code:
 * wire.ts passes the real ones. The shapes are views of those areas' types (type imports only).
 */

type Maybe<T> = T | Promise<T>;

/** What an alert needs of its query: to check who reads it, and to run it. */
export type AlertQuery = QueryCore & Pick<QueryRecord, 'owner_id'>;

export type QueriesPort = {
  /** Any query by id, whoever may read it (the alert checks canReadQuery itself). */
  get(id: number): Maybe<AlertQuery | undefined>;
};

/** What an evaluation reads of its run. */
export type AlertRun = Pick<ExecutionRecord, 'id' | 'state' | 'error'>;

export type ExecutionsPort = {
  /** Runs the saved query (refused as any run is; values invalid; over_limit). */
  runSaved: ExecutionsService['runSaved'];
  /** Resolves when the run has ended (or this node stops). */
  settled(id: string): Promise<void>;
  get(id: string): Maybe<AlertRun | undefined>;
  /** over_limit once the context has used the credits of its billing period. */
  checkCredits(contextId: number): Maybe<void>;
  /** The columns of the latest result of the query that `contextId` may see; none: undefined. */
  latestColumns(queryId: number, contextId: number): Promise<string[] | undefined>;
  /** The columns, row count and first row of a completed run's result. */
  head(id: string): Promise<ResultHead>;
};

export type AlertsDeps = {
  store: Store;
  config: Pick<Config, 'alerts' | 'smtp' | 'publicUrl' | 'host' | 'port'>;
  queries: QueriesPort;
  executions: ExecutionsPort;
  /** The handle of a context (named in messages). */
  handleOf(contextId: number): Promise<string | undefined>;
  /** DNS resolution of webhook hosts (tests give their own). */
  lookup?: LookupAll;
  log?: (message: string) => void;
};
