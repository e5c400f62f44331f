/**
 * A file read while it is written (a download sent as it is made): its writer says how many bytes
 * are in the file and when it ended, well or not; a reader waits for either.
 */
export class GrowingFile {
  /** Bytes written to the file so far (all of them once it ended well). */
  size = 0;
  ended = false;
  /** Why the writing failed, once it did: the file is then incomplete. */
  failure: unknown = undefined;
  private waiters: (() => void)[] = [];

  /** The writer wrote up to `size` bytes. */
  grew(size: number): void {
    this.size = Math.max(this.size, size);
    this.wake();
  }

  /** The writer is done: well (no `failure`), or not. */
  end(failure?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = failure;
    this.wake();
  }

  /** Resolves at the next change (more bytes, or the end); at once when ended. */
  changed(): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves once there are bytes to read or the writing ended (well or not). */
  async started(): Promise<void> {
    while (this.size === 0 && !this.ended) await this.changed();
  }

  private wake() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
