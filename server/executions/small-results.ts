/** How much JSON text the small results kept in memory may hold in all (UTF-16 code units). */
const BUDGET = 16 * 1024 * 1024;

type Kept = { rows: Promise<readonly string[] | undefined>; size: number };

/**
 * The rows of small results as JSON text (engine/small-result.ts), read by the trusted DuckDB as
 * soon as their run completes, while the client is told so: its first page, asked for next, is
 * then cut from memory. In this node's memory only, the least recently used going first past
 * BUDGET; the Parquet file stays the result, and every read of it is checked as always.
 */
export class SmallResults {
  private readonly kept = new Map<string, Kept>();
  private size = 0;

  /** Keeps what `read` resolves to (undefined: not small) for `executionId`. */
  put(executionId: string, read: Promise<readonly string[] | undefined>): void {
    this.drop(executionId);
    const entry: Kept = { rows: read, size: 0 };
    this.kept.set(executionId, entry);
    void read.then((rows) => {
      if (this.kept.get(executionId) !== entry) return;
      if (!rows) return void this.drop(executionId);
      entry.size = rows.reduce((n, r) => n + r.length, 0);
      this.size += entry.size;
      while (this.size > BUDGET && this.kept.size) this.drop(this.kept.keys().next().value!);
    });
  }

  /** The rows kept for `executionId` (now the most recently used), or undefined. */
  get(executionId: string): Promise<readonly string[] | undefined> | undefined {
    const entry = this.kept.get(executionId);
    if (!entry) return undefined;
    this.kept.delete(executionId);
    this.kept.set(executionId, entry);
    return entry.rows;
  }

  drop(executionId: string): void {
    const entry = this.kept.get(executionId);
    if (!entry) return;
    this.kept.delete(executionId);
    this.size -= entry.size;
  }
}
