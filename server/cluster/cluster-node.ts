import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { ulid } from 'ulid';
import type { Logger } from '../log.js';
import { nowIso } from '../store/db.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import type { Store } from '../store/store.js';

/** The database's clock in ms since the epoch (leases are compared on one clock: PostgreSQL's). */
export const DB_NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** The ids of the nodes whose lease has not run out (a subquery for `in`; PostgreSQL). */
export const LIVE_NODE_IDS = sql<string>`(SELECT id FROM cluster_nodes WHERE lease_until >= ${DB_NOW_MS})`;

/** Key of the session advisory lock start-up work (migrations aside) runs under: "stup". */
const STARTUP_LOCK = 0x73747570;

/**
 * This process as one node of a cluster sharing a PostgreSQL store (docs/deploy.md). It holds a
 * lease in `cluster_nodes` that it renews every third of NODE_LEASE_SECONDS; a node whose lease
 * ran out is taken for dead, and the runs it claimed are failed by whichever node sees it first
 * (executions-repo and pipelines-repo failInterrupted, `dead nodes`). A node that stops cleanly
 * leaves at once. The beat is also where the node tells its log of a PostgreSQL outage and its
 * end, of a node taken for dead, and of its own lease lost.
 */
export class ClusterNode {
  private timer: NodeJS.Timeout | undefined;
  private readonly beats = new Set<() => Promise<void>>();
  private registered = false;
  /** When the current PostgreSQL outage was first seen by a beat. */
  private outageSince: number | undefined;
  /** Nodes already logged as taken for dead (logged once each). */
  private readonly dead = new Set<string>();

  private constructor(
    private readonly store: Store,
    readonly id: string,
    readonly name: string,
    readonly leaseMs: number,
    private readonly log: Logger,
  ) {}

  /** Registers this process as a live node. */
  static async join(
    store: Store,
    opts: { port: number; leaseMs: number; log: Logger },
  ): Promise<ClusterNode> {
    const name = `${os.hostname()}:${opts.port} pid ${process.pid}`;
    const node = new ClusterNode(store, ulid(), name, opts.leaseMs, opts.log);
    await node.renew();
    return node;
  }

  /** How often the node renews its lease and runs its periodic work. */
  get beatMs(): number {
    return Math.max(200, Math.floor(this.leaseMs / 3));
  }

  /**
   * Starts renewing the lease; each beat also runs `work` (reaping the dead, claiming runs a
   * lost notification left waiting). A failed beat (PostgreSQL away) is tried again next beat.
   */
  start(...work: (() => Promise<void>)[]): void {
    for (const w of work) this.beats.add(w);
    const beat = async () => {
      try {
        await this.renew();
        this.storeBack();
        await this.lookForDead();
        for (const w of this.beats) await w();
      } catch (err) {
        this.beatFailed(err);
      }
      if (this.timer) this.timer = setTimeout(() => void beat(), this.beatMs).unref();
    };
    this.timer = setTimeout(() => void beat(), this.beatMs).unref();
  }

  /** Renews the lease (and registers again a node that was taken for dead while it stalled). */
  async renew(): Promise<void> {
    if (this.registered) {
      const kept = await this.store.db
        .updateTable('cluster_nodes')
        .set({ lease_until: sql<number>`${DB_NOW_MS} + ${this.leaseMs}` })
        .where('id', '=', this.id)
        .where('lease_until', '>=', DB_NOW_MS)
        .executeTakeFirst();
      if (kept.numUpdatedRows > 0n) return;
      this.log.error(
        { event: 'lease_lost', node: this.name },
        `this node's lease ran out (no renewal for ${this.leaseMs / 1000} s, NODE_LEASE_SECONDS): ` +
          'other nodes took it for dead and failed the runs it had; it registers again',
      );
    }
    await this.store.db
      .insertInto('cluster_nodes')
      .values({
        id: this.id,
        name: this.name,
        started_at: nowIso(),
        lease_until: sql<number>`${DB_NOW_MS} + ${this.leaseMs}`,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ lease_until: sql<number>`${DB_NOW_MS} + ${this.leaseMs}` }),
      )
      .execute();
    this.registered = true;
  }

  /** Logs, once each, the nodes whose lease ran out (their runs are failed by the beat's work). */
  private async lookForDead(): Promise<void> {
    const rows = await this.store.db
      .selectFrom('cluster_nodes')
      .select(['id', 'name'])
      .where('id', '!=', this.id)
      .where('lease_until', '<', DB_NOW_MS)
      .execute();
    const now = new Set(rows.map((r) => r.id));
    for (const id of this.dead) if (!now.has(id)) this.dead.delete(id);
    for (const r of rows) {
      if (this.dead.has(r.id)) continue;
      this.dead.add(r.id);
      this.log.warn(
        { event: 'node_dead', dead_node: r.name },
        `node ${r.name} taken for dead: no lease renewal for ${this.leaseMs / 1000} s`,
      );
    }
  }

  private beatFailed(err: unknown): void {
    if (!isStoreUnavailable(err)) {
      this.log.warn({ err }, 'cluster beat failed');
      return;
    }
    if (this.outageSince !== undefined) return;
    this.outageSince = Date.now();
    this.log.error(
      { event: 'store_outage', err },
      'the metadata store (PostgreSQL) is unavailable: requests that need it answer 503 until it is back',
    );
  }

  private storeBack(): void {
    if (this.outageSince === undefined) return;
    const ms = Date.now() - this.outageSince;
    this.outageSince = undefined;
    this.log.warn(
      { event: 'store_outage_end', outage_ms: ms },
      `the metadata store (PostgreSQL) is back (unavailable for about ${Math.round(ms / 1000)} s)`,
    );
  }

  /** Other nodes whose lease has not run out. */
  async othersAlive(): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom('cluster_nodes')
      .select('name')
      .where('id', '!=', this.id)
      .where('lease_until', '>=', DB_NOW_MS)
      .execute();
    return rows.map((r) => r.name);
  }

  /** Forgets nodes dead for longer than an hour (their runs were failed long before). */
  async forgetLongDead(): Promise<void> {
    await this.store.db
      .deleteFrom('cluster_nodes')
      .where('lease_until', '<', sql<number>`${DB_NOW_MS} - 3600000`)
      .execute();
  }

  /** Stops renewing and leaves: other nodes fail what it still had at their next beat. */
  async leave(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.store.db.deleteFrom('cluster_nodes').where('id', '=', this.id).execute();
  }
}

/**
 * Runs `fn` while holding the cluster's start-up lock (a session advisory lock on a connection
 * of its own), so start-up work (demo data, recovery) runs on one node at a time and the next
 * finds it done.
 */
export async function withStartupLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}
