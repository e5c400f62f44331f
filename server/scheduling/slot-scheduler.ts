import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { nextSlot } from './cron-rules.js';
import { Ticker } from './ticker.js';

/** Where a kind of scheduled row keeps its next slot: the table, its key and the slot column. */
export type SlotColumn = { table: keyof Database; key: string; column: string };

/**
 * Compare-and-set of a row's next slot: moves it from `due` to `next` only if it still is `due`,
 * in one statement, so of two schedulers (two nodes, a process before and after a restart, a
 * scheduler and an edit of the row) only one wins a slot.
 */
export async function claimSlot(
  db: Kysely<Database>,
  at: SlotColumn,
  id: number,
  due: string,
  next: string | null,
): Promise<boolean> {
  const r = await sql`UPDATE ${sql.table(at.table)} SET ${sql.ref(at.column)} = ${next}
    WHERE ${sql.ref(at.key)} = ${id} AND ${sql.ref(at.column)} = ${due}`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** A due row's slot: its key, the slot that came, its cron and when its schedule ends. */
export type DueSlot = { id: number; due: string; cron: string | null; expiresAt?: string | null };

/** The rows a scheduler runs: those due at `now`, and the compare-and-set of one's slot. */
export type SlotSource<T> = {
  due(now: Date): Promise<T[]>;
  claimSlot(id: number, due: string, next: string | null): Promise<boolean>;
};

/**
 * The scheduling every kind of scheduled work shares (view refreshes, dataset syncs, alerts,
 * query and dashboard schedules). A tick takes each row whose slot is due and moves it to the
 * first slot strictly after `now` (none without a cron or past its end) with `claimSlot`; only
 * the tick that won that statement fires the row. The next slot is stored before the work
 * starts, so a restart or a second node never runs a slot again, and slots missed while no node
 * ran are caught up by one run (the stored slot is past, the next one is counted from now).
 * Ticks run on a timer, never two at once (ticker.ts).
 */
export abstract class SlotScheduler<T, Outcome> {
  private readonly ticker: Ticker;

  constructor(
    private readonly source: SlotSource<T>,
    protected readonly log: (message: string) => void,
    what: string,
  ) {
    this.ticker = new Ticker(() => this.tick(new Date()), log, what);
  }

  /** The slot of a row `source.due` returned. */
  protected abstract slotOf(row: T): DueSlot;

  /** Runs the due rows this tick claims; says what it did. */
  abstract tick(now: Date): Promise<Outcome>;

  /** Each due row whose slot this call claimed, claimed just before it is yielded. */
  protected async *claimed(now: Date): AsyncGenerator<T> {
    for (const row of await this.source.due(now)) {
      const s = this.slotOf(row);
      const next = s.cron ? nextSlot(s.cron, now, s.expiresAt ?? null) : null;
      if (await this.source.claimSlot(s.id, s.due, next)) yield row;
    }
  }

  /** Ticks now and then every `everyMs` (nothing when 0), never two at once. */
  run(everyMs: number): void {
    this.ticker.run(everyMs);
  }

  /** Stops the timer; resolves once a tick still running has ended. */
  stop(): Promise<void> {
    return this.ticker.stop();
  }
}
