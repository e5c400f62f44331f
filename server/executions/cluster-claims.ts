import { sql, type Selectable } from 'kysely';
import { nowIso } from '../store/db.js';
import type { ExecutionsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { STATES } from './execution-record.js';
import { pickNext, type SlotRules } from './fair-slots.js';

/** Key of the transaction advisory lock every claim takes: "clam". */
const CLAIM_LOCK = 0x636c616d;

/** Pending executions one claim looks at, oldest first. */
const CLAIM_WINDOW = 1000;

export type ClaimedRow = Selectable<ExecutionsTable>;

/**
 * The executions queue as a table, for nodes sharing a PostgreSQL store: pending rows wait, and a
 * node with free engine slots claims the ones the fairness rules (fair-slots.ts) pick with the
 * running executions of the whole cluster counted. Claims are serialized by a transaction
 * advisory lock, so two nodes never see the same counts and both start a context's last
 * allowed run; each claim is also guarded by the state it leaves, so a run cancelled meanwhile is
 * not started. A run pinned to a node (its result is stored by a callback there) is claimed by
 * that node only.
 */
export class ClusterClaims {
  constructor(
    private readonly store: Store,
    private readonly nodeId: string,
  ) {}

  /** Claims up to `free` pending executions for this node; they are EXECUTING when returned. */
  async claim(free: number, rules: SlotRules): Promise<ClaimedRow[]> {
    if (free <= 0) return [];
    // Most wake-ups (a run ended somewhere) find nothing waiting: say so without the cluster-wide
    // lock. A row submitted after this look is announced after its commit, which claims again.
    const waiting = await this.claimable().select('id').limit(1).executeTakeFirst();
    if (!waiting) return [];
    return this.store.transaction(async () => {
      const db = this.store.db;
      await sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(db);
      const pending = await this.claimable()
        .select(['id', 'context_id as contextId', 'submitted_at'])
        .orderBy('submitted_at')
        .orderBy('id')
        .limit(CLAIM_WINDOW)
        .execute();
      if (!pending.length) return [];
      const counts = await db
        .selectFrom('executions')
        .select(['context_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', '=', STATES.executing)
        .groupBy('context_id')
        .execute();
      const running = new Map(counts.map((c) => [c.context_id, Number(c.n)]));
      const claimed: ClaimedRow[] = [];
      for (let left = free; left > 0; left--) {
        const at = pickNext(pending, running, rules, left);
        if (at === -1) break;
        const p = pending.splice(at, 1)[0]!;
        const started = new Date();
        const row = await db
          .updateTable('executions')
          .set({
            state: STATES.executing,
            runner_node: this.nodeId,
            started_at: nowIso(started),
            pending_time_ms: Math.max(0, started.getTime() - Date.parse(p.submitted_at)),
          })
          .where('id', '=', p.id)
          .where('state', '=', STATES.pending)
          .returningAll()
          .executeTakeFirst();
        if (!row) continue;
        running.set(p.contextId, (running.get(p.contextId) ?? 0) + 1);
        claimed.push(row);
      }
      return claimed;
    });
  }
  /** Pending executions this node may claim: not pinned, or pinned to it. */
  private claimable() {
    return this.store.db
      .selectFrom('executions')
      .where('state', '=', STATES.pending)
      .where((eb) => eb.or([eb('runner_node', 'is', null), eb('runner_node', '=', this.nodeId)]));
  }

  /**
   * Puts a run this node claimed but will not start (it is stopping) back in the queue; a
   * pinned one stays pinned, and fails once this node has left.
   */
  async release(id: string, pinned: boolean): Promise<void> {
    await this.store.db
      .updateTable('executions')
      .set({
        state: STATES.pending,
        started_at: null,
        pending_time_ms: null,
        runner_node: pinned ? this.nodeId : null,
      })
      .where('id', '=', id)
      .where('state', '=', STATES.executing)
      .where('runner_node', '=', this.nodeId)
      .execute();
  }

  /** 1-based place among the context's pending executions, cluster-wide; undefined if not pending. */
  async queuePosition(id: string): Promise<number | undefined> {
    const row = await this.store.db
      .selectFrom('executions as e')
      .innerJoin('executions as p', (j) =>
        j
          .onRef('p.context_id', '=', 'e.context_id')
          .on('p.state', '=', STATES.pending)
          .on((eb) =>
            eb.or([
              eb('p.submitted_at', '<', eb.ref('e.submitted_at')),
              eb.and([
                eb('p.submitted_at', '=', eb.ref('e.submitted_at')),
                eb('p.id', '<=', eb.ref('e.id')),
              ]),
            ]),
          ),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('e.id', '=', id)
      .where('e.state', '=', STATES.pending)
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    return n > 0 ? n : undefined;
  }

  /** Executions the context runs now on any node. */
  async runningOf(contextId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('executions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('context_id', '=', contextId)
      .where('state', '=', STATES.executing)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
