import type { Store } from '../store/store.js';
import { FixedWindowLimiter, MemoryLimiter, type Clock, type Limiter } from './limiter.js';
import { StoreLimiter } from './store-limiter.js';

/** Makes the limiter of one named limit (`api:low`, `signin:handle`...). */
export type LimiterFactory = (name: string, limit: number, windowMs: number) => Limiter;

/**
 * Where limits count, chosen from the store's dialect (the one place that does): in PostgreSQL,
 * which every node shares, so a limit holds across nodes; with SQLite (one process) in memory.
 */
export function limiterFactory(
  store: Pick<Store, 'db' | 'dialect'>,
  clock?: Clock,
): LimiterFactory {
  if (store.dialect === 'postgres')
    return (name, limit, windowMs) => new StoreLimiter(store, name, limit, windowMs, clock);
  return (_name, limit, windowMs) =>
    new MemoryLimiter(new FixedWindowLimiter(limit, windowMs, clock));
}
