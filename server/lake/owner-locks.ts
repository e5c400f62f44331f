/**
 * Runs the changes of one owner's lake tables one at a time, in the order they came, and those
 * of different owners side by side: appends do not lose each other's rows and storage quotas
 * stay exact.
 */
export class OwnerLocks {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(ownerId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(ownerId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(fn);
    const tail = next.catch(() => undefined);
    this.tails.set(ownerId, tail);
    void tail.then(() => {
      if (this.tails.get(ownerId) === tail) this.tails.delete(ownerId);
    });
    return next;
  }
}
