import type { Caller } from '../auth/caller.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { LakeTable } from '../lake/lake.js';
import type { TierName } from '../engine/tiers.js';
import type { QueryCore, QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';

/**
 * What pipelines use of other areas, declared here so the service runs no other service's code:
 * wire.ts passes the real ones. The shapes are views of those areas' types (type imports only).
 * Results may come now or as a promise.
 */

type Maybe<T> = T | Promise<T>;

/** What pipelines need of a materialized view (server/matviews). */
export type MatviewInfo = {
  ownerId: number;
  /** `dune.<handle>.result_x` */
  fullName: string;
  queryId: number;
  performance: TierName;
};

/** What pipelines use of the materialized views service. */
export type MatviewsPort = {
  /** The view by full or short name, if `contextId` may read it. */
  find(contextId: number, name: string): Maybe<MatviewInfo | undefined>;
  /** The view stored as the lake table of this full name. */
  byFullName(fullName: string): Maybe<MatviewInfo | undefined>;
  /** Starts a refresh; not_found unknown, forbidden not the owner, over_limit billing. */
  refresh(
    opts: Caller & { name: string; performance?: TierName; trigger: 'pipeline' },
  ): Maybe<{ executionId: string }>;
};

/** What a node needs of a saved query. */
export type PipelineQuery = QueryCore & Pick<QueryRecord, 'owner_id'>;

export type QueriesPort = {
  /** Any query by id, whoever may read it. */
  get(id: number): Maybe<PipelineQuery | undefined>;
  /** A query the context may read; not_found otherwise. */
  readable(id: number, contextId: number): Maybe<PipelineQuery>;
  /** The query if the context may run it, else the refusal (queries/runnable.ts). */
  runnable: QueriesService['runnable'];
};

export type ExecutionsPort = {
  /** Runs a saved query (refused as any run is; values invalid; over_limit). */
  runSaved: ExecutionsService['runSaved'];
  cancel(id: string): Maybe<boolean>;
  /** Resolves when the execution has ended (or the service stops). */
  settled(id: string): Promise<void>;
  /** The state of an execution, and its error when it failed. */
  get(id: string): Maybe<{ state: string; error: { message: string } | null } | undefined>;
  /** Throws over_limit when the context has used the credits of its billing period. */
  checkCredits(contextId: number): Maybe<void>;
};

/** The lake as lineage binds a query against it. */
export type LakePort = {
  readonly root: string;
  /** Tables the context may read. */
  visibleTo(contextId: number): Maybe<LakeTable[]>;
};

export type PipelinesDeps = {
  store: Store;
  lake: LakePort;
  queries: QueriesPort;
  executions: ExecutionsPort;
  /** Absent when materialized views are not available: view nodes are refused. */
  matviews?: MatviewsPort;
  /** The cluster node this process is (absent: one process). */
  nodeId?: string;
};
