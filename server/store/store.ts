import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import { sqliteErrorWithRoomChecked } from '../disk-full.js';
import type { Db } from './db.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
type Open = { tx: Transaction<Database>; open: boolean };

/**
 * The metadata store behind one async query layer (Kysely). Repositories run their statements
 * on `store.db`: inside `store.transaction(fn)` that is the transaction, so everything `fn`
 * calls joins it without passing it along, and outside it is the store itself. SQLite
 * (better-sqlite3) is the embedded default; PostgreSQL speaks through the same layer.
 * Statements that need one dialect check `store.dialect` and are listed in docs/decisions.md.
 */
export class Store {
  private readonly current = new AsyncLocalStorage<Open>();

  constructor(
    private readonly root: Kysely<Database>,
    readonly dialect: Dialect,
    /** PostgreSQL: connections that hold advisory locks (`exclusive`), apart from statements'. */
    private readonly lockPool?: pg.Pool,
  ) {}

  /**
   * Runs `fn` while no other process sharing this store runs `fn` under the same (`space`, `key`),
   * both 32-bit integers: on PostgreSQL a session advisory lock held on a connection of its own
   * (so waiting for a lock never takes a connection statements need); one process (SQLite) has
   * nothing to wait for. Callers order their own process's work first (lake/owner-locks.ts).
   */
  async exclusive<T>(space: number, key: number, fn: () => Promise<T>): Promise<T> {
    if (!this.lockPool) return fn();
    const client = await this.lockPool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', [space, key]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [space, key]).catch(() => {});
      }
    } finally {
      client.release();
    }
  }

  /** Where statements run: the open transaction this code is part of, else the store. */
  get db(): Kysely<Database> {
    const t = this.current.getStore();
    return t?.open ? t.tx : this.root;
  }

  /**
   * Runs `fn` in one transaction: all its statements commit together, or none (it throws).
   * Called inside another transaction, it joins it. Keep `fn` to store work: while it runs,
   * other statements wait (SQLite has one writer).
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current.getStore()?.open) return fn();
    return this.root.transaction().execute(async (tx) => {
      const t: Open = { tx, open: true };
      try {
        return await this.current.run(t, fn);
      } finally {
        // Work started inside and still running afterwards (a queued execution) uses the store.
        t.open = false;
      }
    });
  }

  async close(): Promise<void> {
    await this.lockPool?.end();
    await this.root.destroy();
  }
}

/**
 * SQLite ends a transaction itself on some errors (a full disk: SQLITE_FULL); the rollback that
 * follows then fails and would hide the error that matters. It is skipped when none is open.
 * A write SQLite reports as a bare I/O error is told apart when the disk refused it for want of
 * room (a quota, a file-size limit): it then reads as a full disk (disk-full.ts).
 */
class SqliteStoreDriver extends SqliteDriver {
  private connection?: DatabaseConnection;

  constructor(private readonly sqlite: Db) {
    super({ database: withStatementCache(sqlite) });
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    // SQLite has one connection, so one wrapper serves every acquisition.
    return (this.connection ??= {
      executeQuery: async (query) => {
        try {
          return await inner.executeQuery(query);
        } catch (err) {
          throw sqliteErrorWithRoomChecked(err, this.sqlite.name);
        }
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** Statements kept prepared, by their SQL; past this many the cache starts over. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's driver uses it (`prepare`, `close`), with each statement prepared
 * once: Kysely asks for a new one on every query, and preparing was the server's largest cost
 * per execution (~0.3 ms a statement, a dozen statements a run). A cached statement is safe to
 * reuse because the driver runs each one to its end at once (`all` or `run`, never `iterate`);
 * SQLite prepares one again by itself when the schema changes.
 */
function withStatementCache(sqlite: Db): Pick<Db, 'prepare' | 'close'> {
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  return {
    prepare: ((source: string) => {
      let statement = cache.get(source);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(source);
        cache.set(source, statement);
      }
      return statement;
    }) as Db['prepare'],
    close: () => sqlite.close(),
  };
}

class SqliteStoreDialect extends SqliteDialect {
  constructor(private readonly sqlite: Db) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new SqliteStoreDriver(this.sqlite);
  }
}

/** The store over an open SQLite database (better-sqlite3). */
export function sqliteStore(sqlite: Db): Store {
  return new Store(new Kysely<Database>({ dialect: new SqliteStoreDialect(sqlite) }), 'sqlite');
}

/**
 * Integers as JavaScript numbers, as SQLite gives them: PostgreSQL's count(*) is bigint (int8)
 * and sum() of integers is bigint or numeric, which `pg` returns as strings. Every value the store
 * keeps is far below 2^53 (ids, row counts, bytes), so numbers lose nothing.
 */
const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** A pool of connections to PostgreSQL, with the store's type rules. */
export function postgresPool(url: string, opts: { max?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // An unreachable server fails start-up (and each statement) within seconds, not minutes.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: PG_TYPES,
  });
  // A connection dropped while idle (server restart) must not end the process; the pool opens
  // a new one for the next statement.
  pool.on('error', () => {});
  // One dropped while checked out (a statement in flight) fails that statement, and `pg` also
  // emits 'error' on the client, where the pool listens only while it is idle: unheard, that
  // would end the process. The pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** The store over a PostgreSQL pool at `url` (closing the store ends the pool). */
export function postgresStore(pool: pg.Pool, url: string): Store {
  return new Store(
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: withoutNulText(pool) }) }),
    'postgres',
    postgresPool(url, { max: 20 }),
  );
}

/**
 * PostgreSQL's text cannot hold U+0000 (SQLite's can): a NUL in a value the store is given (SQL
 * refused by the sandbox for it, a name) is kept as U+FFFD instead of failing the statement.
 */
function withoutNulText(pool: pg.Pool): PostgresPool {
  const clean = (v: unknown) =>
    typeof v === 'string' && v.includes('\0') ? v.replaceAll('\0', '\uFFFD') : v;
  return {
    connect: async () => {
      const client = await pool.connect();
      return {
        query: ((text: string, parameters: readonly unknown[]) =>
          client.query(text, parameters.map(clean))) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/** 1/0 for a flag column, and back. */
export const flag = (b: boolean): number => (b ? 1 : 0);
export const isSet = (n: number): boolean => n === 1;
