import pg from 'pg';
import { sql } from 'kysely';
import type { Store } from '../store/store.js';

const CHANNEL = 'strata_executions';

/** What one node tells the others of an execution. */
export type Signal = 'new' | 'done' | 'cancel';

const SIGNALS: ReadonlySet<string> = new Set<Signal>(['new', 'done', 'cancel']);

/**
 * Execution events between nodes over PostgreSQL's LISTEN/NOTIFY: a run was queued (a free node
 * claims it), ended (long polls on other nodes answer), or was cancelled (the node running it
 * interrupts it). A notification sent inside a transaction is delivered when it commits.
 * Notifications are a shortcut, not the truth: the listening connection reconnects by itself,
 * and every node also polls on its lease beat, so one lost while PostgreSQL restarted only delays.
 */
export class ClusterSignals {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;

  constructor(
    private readonly store: Store,
    private readonly databaseUrl: string,
    private readonly onSignal: (signal: Signal, id: string) => void,
    /** Called after a reconnect: whatever was sent meanwhile was missed. */
    private readonly onReconnect: () => void,
  ) {}

  /** Connects and listens; resolves once listening. */
  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => {});
      this.reconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      const [signal, id] = (n.payload ?? '').split(':');
      if (signal && id && SIGNALS.has(signal)) this.onSignal(signal as Signal, id);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.removeAllListeners();
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = 100;
  }

  private reconnect() {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.start().then(this.onReconnect, () => {
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        this.reconnect();
      });
    }, this.retryMs).unref();
  }

  /** Tells every node (this one too); inside a transaction, sent when it commits. */
  async send(signal: Signal, id: string): Promise<void> {
    await sql`SELECT pg_notify(${CHANNEL}, ${`${signal}:${id}`})`.execute(this.store.db);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
