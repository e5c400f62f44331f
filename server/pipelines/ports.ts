import type { TierName } from '../engine/tiers.js';

/** Who runs a pipeline: the context it runs as, and the user and key that asked. */
export type Caller = { contextId: number; userId: number | null; apiKeyId: string | null };

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
  find(contextId: number, name: string): MatviewInfo | undefined;
  /** The view stored as the lake table of this full name. */
  byFullName(fullName: string): MatviewInfo | undefined;
  /** Starts a refresh; 404 unknown, 403 not the owner, 402 billing. */
  refresh(opts: {
    contextId: number;
    userId: number | null;
    apiKeyId: string | null;
    name: string;
    performance?: TierName;
    trigger: 'pipeline';
  }): { executionId: string } | Promise<{ executionId: string }>;
};
