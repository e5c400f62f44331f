import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './store-unavailable.js';

const errno = (code: string, message = `connect ${code} 127.0.0.1:5432`) =>
  Object.assign(new Error(message), { code });

function pgError(code: string, message: string): pg.DatabaseError {
  const err = new pg.DatabaseError(message, 0, 'error');
  err.code = code;
  return err;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('isStoreUnavailable', () => {
  it('is true for a server that cannot be reached or is not serving', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'])
      expect(isStoreUnavailable(errno(code)), code).toBe(true);
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection because of crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['57P03', 'the database system is shutting down'],
      ['08006', 'connection failure'],
      ['08001', 'could not connect'],
      ['53300', 'sorry, too many clients already'],
    ])
      expect(isStoreUnavailable(pgError(code!, message!)), code).toBe(true);
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ])
      expect(isStoreUnavailable(new Error(message)), message).toBe(true);
  });

  it('looks through a wrapping error and an AggregateError', () => {
    expect(isStoreUnavailable(new Error('opening the store', { cause: errno('ECONNRESET') }))).toBe(
      true,
    );
    expect(
      isStoreUnavailable(new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], '')),
    ).toBe(true);
  });

  it('is true for what pg gives on a closed port', async () => {
    const port = await closedPort();
    const client = new pg.Client({ host: 'localhost', port, connectionTimeoutMillis: 2000 });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(isStoreUnavailable(err)).toBe(true);
  });

  it('is false for a statement the server refused, and for other failures', () => {
    expect(isStoreUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isStoreUnavailable(pgError('42601', 'syntax error at or near "x"'))).toBe(false);
    expect(isStoreUnavailable(pgError('57014', 'canceling statement due to user request'))).toBe(
      false,
    );
    expect(isStoreUnavailable(pgError('28P01', 'password authentication failed'))).toBe(false);
    expect(isStoreUnavailable(errno('ENOSPC', 'no space left on device'))).toBe(false);
    expect(isStoreUnavailable(new Error('SQLITE_BUSY: database is locked'))).toBe(false);
    expect(isStoreUnavailable(new Error('Connection refused by policy'))).toBe(false);
    expect(isStoreUnavailable('ECONNREFUSED')).toBe(false);
    expect(isStoreUnavailable(undefined)).toBe(false);
  });
});
