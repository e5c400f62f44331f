import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { ExecutionRecord } from './execution-record.js';
import type { TrustedDuck } from '../engine/duck.js';
import type { ResultSource } from '../engine/results.js';
import { readSmallRows } from '../engine/small-result.js';
import type { ExecutionsRepo } from './executions-repo.js';
import { SmallResults } from './small-results.js';

/**
 * The Parquet results of executions under DATA_DIR/results: a cache with an expiry per result
 * and a budget per context (RESULT_STORAGE_BYTES, README "Storage").
 */
export class ResultFiles {
  readonly dir: string;
  /** Small results' rows as JSON text, read when their run completes (small-results.ts). */
  readonly small = new SmallResults();

  constructor(private readonly deps: { config: Config; repo: ExecutionsRepo; duck: TrustedDuck }) {
    this.dir = path.join(deps.config.dataDir, 'results');
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** Where the run of execution `id` writes its result. */
  fileOf(id: string): string {
    return path.join(this.dir, `${id}.parquet`);
  }

  /**
   * A run of `id` has written `src`: its rows are read now if it is small, while the run is
   * recorded and its client told, so that its first page is ready when asked for.
   */
  written(id: string, src: ResultSource): void {
    this.small.put(id, readSmallRows(this.deps.duck, src));
  }

  /** Deletes what a run left, whether it finished writing or not. */
  discard(id: string): void {
    this.small.drop(id);
    fs.rmSync(this.fileOf(id), { force: true });
  }

  /** Before a new result is kept, the context's oldest results expire early until it fits. */
  async makeRoom(contextId: number, bytes: number): Promise<void> {
    const budget = this.deps.config.resultStorageBytes;
    let used = await this.deps.repo.resultBytes(contextId);
    if (used + bytes <= budget) return;
    for (const old of await this.deps.repo.resultsOldestFirst(contextId)) {
      if (used + bytes <= budget) return;
      await this.expire(old);
      used -= old.result_bytes ?? 0;
    }
  }

  /** Deletes results past their expiry; their executions become QUERY_STATE_EXPIRED. */
  async sweepExpired(now = new Date()): Promise<number> {
    const due = await this.deps.repo.dueForExpiry(now);
    for (const e of due) await this.expire(e);
    return due.length;
  }

  private async expire(e: ExecutionRecord): Promise<void> {
    this.small.drop(e.id);
    if (e.result_file) fs.rmSync(path.join(this.dir, e.result_file), { force: true });
    await this.deps.repo.markExpired(e.id);
  }
}
