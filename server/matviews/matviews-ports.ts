import type { Config } from '../config.js';
import type { ResultHandoff as RunResult } from '../executions/execution-queue.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { QueryCore, QueryRecord } from '../queries/queries-repo.js';
import type { Store } from '../store/store.js';

/**
 * What the materialized views service uses of other areas, declared here so it runs no other
 * service's code: wire.ts passes the real ones. The shapes are views of those areas' types (type
 * imports only). Results may come now or as a promise.
 */

type Maybe<T> = T | Promise<T>;

/** What a view needs of its source query. */
export type SourceQuery = QueryCore & Pick<QueryRecord, 'owner_handle' | 'engine'>;

export type QueriesPort = {
  /** Any query by id, whoever may read it. */
  get(id: number): Maybe<SourceQuery | undefined>;
  /** A query the context may change; not_found or forbidden otherwise. */
  writable(id: number, contextId: number): Maybe<SourceQuery>;
};

/** The result file of a finished run, handed to the view before the execution completes. */
export type ResultHandoff = Pick<RunResult, 'file' | 'declaredNames'>;

export type ExecutionsPort = {
  /** Runs the source query (refused as any run is; over_limit); `onResult` stores the view. */
  runSaved: ExecutionsService['runSaved'];
  /** Cancels a pending or running execution. */
  cancel(id: string): Maybe<boolean>;
  /** Throws over_limit when the context has used the credits of its billing period. */
  checkCredits(contextId: number): Maybe<void>;
};

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
  accounts: { byId(id: number): Promise<{ type: 'user' | 'team' } | undefined> };
  queries: QueriesPort;
  executions: ExecutionsPort;
  lake: LakePort;
  retired: RetiredPort;
  /** Bytes of the context that count against the storage plan (tables and query versions). */
  storageUsed(contextId: number): Maybe<number>;
};
