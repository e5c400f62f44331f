import fs from 'node:fs';
import type { Page, PageParams } from '../engine/results.js';

/** Pages written ahead and not yet asked for, at most; the oldest goes first. */
const MAX_AHEAD = 8;
/** A page written ahead that nobody asks for within this time is deleted. */
const KEEP_MS = 30_000;
/** Pages at least this large are read in bulk: the next one is written while this one is sent. */
const BULK_ROWS = 10_000;

type Ahead = { page: Promise<Page | undefined>; at: number };

/**
 * The next page of a client reading a result page after page (a `next_uri` walk), written while
 * the client receives and parses the one it has: when it asks, the page is ready. Only bulk
 * reads are followed (a page of BULK_ROWS rows or more, or any page past the first), so a first
 * page shown on screen costs nothing more. The caller checks access before each page as
 * always; pages ahead are keyed by execution and every paging parameter.
 */
export class PageReadAhead {
  private readonly ahead = new Map<string, Ahead>();

  /** The page written ahead for these parameters, taken (the caller streams and deletes it). */
  take(executionId: string, p: PageParams): Promise<Page | undefined> | undefined {
    const key = keyOf(executionId, p);
    const found = this.ahead.get(key);
    this.ahead.delete(key);
    return found?.page;
  }

  /** After `page` was read with `p`, writes the next page with `write` if a bulk reader will ask. */
  follow(
    executionId: string,
    p: PageParams,
    page: Page,
    write: (next: PageParams) => Promise<Page>,
  ): void {
    if (page.nextOffset === undefined || (page.rowCount < BULK_ROWS && !p.offset)) return;
    const next = { ...p, offset: page.nextOffset, limit: page.limit };
    const key = keyOf(executionId, next);
    if (this.ahead.has(key)) return;
    this.sweep();
    // A failure here is the next request's to report: it writes the page itself.
    const written = write(next).catch(() => undefined);
    this.ahead.set(key, { page: written, at: Date.now() });
  }

  /** Deletes every page written ahead (at shutdown). */
  clear(): void {
    for (const key of [...this.ahead.keys()]) this.drop(key);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, a] of this.ahead) if (now - a.at > KEEP_MS) this.drop(key);
    while (this.ahead.size >= MAX_AHEAD) this.drop(this.ahead.keys().next().value!);
  }

  private drop(key: string): void {
    const a = this.ahead.get(key);
    this.ahead.delete(key);
    void a?.page.then((page) => {
      if (page && 'file' in page.rows) fs.rm(page.rows.file, { force: true }, () => {});
    });
  }
}

const keyOf = (executionId: string, p: PageParams) =>
  JSON.stringify([
    executionId,
    p.offset ?? 0,
    p.limit ?? null,
    p.columns ?? null,
    p.sortBy ?? null,
    p.filters ?? null,
    p.sampleCount ?? null,
    p.ignoreMaxDatapoints ?? false,
  ]);
