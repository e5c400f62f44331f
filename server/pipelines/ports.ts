import type { ExecutionsService } from '../executions/executions-service.js';
import type { Lake } from '../lake/lake.js';
import type { MatviewRecord } from '../matviews/matviews-repo.js';
import type { MatviewsService } from '../matviews/matviews-service.js';
import type { QueryCore, QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';

/**
 * What pipelines use of other areas: the parts of their services it calls (type imports only),
 * given by wire.ts.
 */

/** What pipelines need of a materialized view (server/matviews). */
export type MatviewInfo = Pick<MatviewRecord, 'ownerId' | 'fullName' | 'queryId' | 'performance'>;

/** What a node needs of a saved query. */
export type PipelineQuery = QueryCore & Pick<QueryRecord, 'owner_id'>;

export type PipelinesDeps = {
  store: Store;
  /** The lake as lineage binds a query against it: the tables a context may read. */
  lake: Pick<Lake, 'root' | 'visibleTo'>;
  /** Queries by id, the readable ones (lineage) and the one runnable check (a node's query). */
  queries: Pick<QueriesService, 'get' | 'readable' | 'runnable'>;
  /**
   * Running a node's query (runSaved, refused as any run is), waiting for and cancelling it, and
   * the credits check before a pipeline starts.
   */
  executions: Pick<ExecutionsService, 'runSaved' | 'cancel' | 'settled' | 'get' | 'checkCredits'>;
  /**
   * Views by name (if the context may read them) and by lake table, and their refreshes. Absent
   * when materialized views are not available: view nodes are refused.
   */
  matviews?: Pick<MatviewsService, 'find' | 'byFullName' | 'refresh'>;
  /** The cluster node this process is (absent: one process). */
  nodeId?: string;
};
