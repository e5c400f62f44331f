/**
 * Whether an error means the metadata store's PostgreSQL server cannot be reached or is not
 * serving now (stopped, restarting, starting up, the network down), as opposed to a statement it
 * refused. Such a failure is temporary: `app.onError` answers it 503 with Retry-After, and the
 * pool (store.ts) opens new connections by itself once the server is back. The one place this
 * classification is made.
 */
export function isStoreUnavailable(err: unknown): boolean {
  // Followed through `cause` (a wrapped error) and AggregateError (a connect that tried IPv6
  // and IPv4), a few levels at most.
  const seen: unknown[] = [err];
  for (let i = 0; i < seen.length && i < 8; i++) {
    const e = seen[i];
    if (!(e instanceof Error)) continue;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    if (CONNECTION_LOST.test(e.message)) return true;
    if (e instanceof AggregateError) seen.push(...(e.errors as unknown[]));
    if (e.cause !== undefined) seen.push(e.cause);
  }
  return false;
}

export const STORE_UNAVAILABLE_MESSAGE =
  'the metadata store (PostgreSQL) is unavailable; retry shortly';

/** Seconds a client is told to wait before it retries (the Retry-After header). */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * Node's errors of a socket that could not connect or was cut. The server makes no other
 * outgoing connections than the store's, so these cannot come from elsewhere.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not serving: class 08 (connection exception), 57P01
 * admin_shutdown ("terminating connection due to administrator command"), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now ("the database system is starting up / shutting down"), 53300
 * too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * The `pg` client's and pool's own messages, which carry no code: a connection lost in the middle
 * of a statement, a connect that timed out (connectionTimeoutMillis), a client left unusable.
 */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to (administrator command|unexpected postmaster exit)/i;
