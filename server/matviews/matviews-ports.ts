import type { Accounts } from '../auth/accounts.js';
import type { Config } from '../config.js';
import type { ResultHandoff as RunResult } from '../executions/execution-queue.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { QueryCore, QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';

/**
 * What the materialized views service uses of other areas: the parts of their services it calls,
 * and views of the lake's (type imports only), given by wire.ts. Results may come now or as a
 * promise.
 */

type Maybe<T> = T | Promise<T>;

/** What a view needs of its source query. */
export type SourceQuery = QueryCore & Pick<QueryRecord, 'owner_handle' | 'engine'>;

/** The result file of a finished run, handed to the view before the execution completes. */
export type ResultHandoff = Pick<RunResult, 'file' | 'declaredNames' | 'columns'>;

/** The lake table serving a view. */
export type ViewTable = {
  id: number;
  kind: string;
  snapshot: string | null;
  row_count: number;
  size_bytes: number;
  metadata: Record<string, unknown>;
};

/** What a view's new snapshot is published as. */
export type ViewTableSpec = {
  catalog: string;
  schema: string;
  table: string;
  ownerId: number;
  kind: 'matview';
  datasetType: string;
  category: string;
  isPrivate: boolean;
  description: string;
  /** Catalog types of columns stored as another type (a BIGNUM as decimal digits). */
  columnTypes: Record<string, string>;
  metadata: Record<string, unknown>;
};

export type LakePort = {
  readonly root: string;
  get(catalog: string, schema: string, table: string): Maybe<ViewTable | undefined>;
  /** Writes a snapshot with `write(dir)` and switches the table to it in one step. */
  publish(spec: ViewTableSpec, write: (dir: string) => Promise<void>): Promise<unknown>;
  /** Drops a table from the registry (the caller retires its snapshot). */
  remove(table: { id: number }): Maybe<void>;
};

/** Snapshot folders switched away from, deleted once nothing reads them. */
export type RetiredPort = {
  retire(snapshot: string | null): Maybe<void>;
  /** At start-up: folders of the catalog no table points to (left by a crash). */
  sweepOrphans(catalog: string, kind: string): Maybe<void>;
  close(): void;
};

export type MatviewsDeps = {
  store: Store;
  config: Pick<Config, 'matviewMinIntervalMinutes' | 'plan'>;
  /** Whether a team owns a view (GET shows it). */
  accounts: Pick<Accounts, 'byId'>;
  /** Any query by id (a view's source), and one the context may change (an upsert's). */
  queries: Pick<QueriesService, 'get' | 'writable'>;
  /** Refreshes (runSaved, refused as any run is; the result goes to the view), cancels, credits. */
  executions: Pick<ExecutionsService, 'runSaved' | 'checkSaved' | 'cancel' | 'checkCredits'>;
  lake: LakePort;
  retired: RetiredPort;
  /** Bytes of the context that count against the storage plan (tables and query versions). */
  storageUsed(contextId: number): Maybe<number>;
};
