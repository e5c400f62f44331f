import type { Store } from '../store/store.js';

/** The advisory lock spaces of each kind of lock (PostgreSQL; one constant each). */
export const LOCK_SPACES = {
  uploads: 0x55504c44,
  matviewContexts: 0x4d56434f,
  matviewRefresh: 0x4d565246,
  scheduleContexts: 0x53434843,
  scheduleRuns: 0x53435255,
};

/**
 * Runs the changes of one owner's lake tables one at a time, in the order they came, and those
 * of different owners side by side: appends do not lose each other's rows and storage quotas
 * stay exact. Within a process in order; across the nodes of a cluster, each also holds the
 * store's lock of (`space`, owner) while it runs (Store.exclusive).
 */
export class OwnerLocks {
  private readonly tails = new Map<number, Promise<unknown>>();

  constructor(
    private readonly store?: Store,
    private readonly space = 0,
  ) {}

  run<T>(ownerId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(ownerId) ?? Promise.resolve();
    const store = this.store;
    const locked = store ? () => store.exclusive(this.space, ownerId, fn) : fn;
    const next = previous.catch(() => undefined).then(locked);
    const tail = next.catch(() => undefined);
    this.tails.set(ownerId, tail);
    void tail.then(() => {
      if (this.tails.get(ownerId) === tail) this.tails.delete(ownerId);
    });
    return next;
  }
}
