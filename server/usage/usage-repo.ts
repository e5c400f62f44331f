import { sql } from 'kysely';
import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';

/** Runs and the credits they used. */
export type RunCount = { executions: number; credits: number };

/** The counts the usage answer shows, from the metadata store: SQL only (usage-service.ts). */
export class UsageRepo {
  constructor(private readonly store: Store) {}

  /** Saved (not temporary), non-archived private queries the context owns. */
  async privateQueries(contextId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('queries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', contextId)
      .where('is_private', '=', 1)
      .where('is_archived', '=', 0)
      .where('is_temp', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Private dashboards the context owns (archived ones too). */
  async privateDashboards(contextId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('dashboards')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', contextId)
      .where('is_private', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The context's runs submitted in [from, to), apart: those started by a schedule (source
   * `schedule`: scheduled refreshes of queries and dashboards, scheduled materialized view
   * refreshes) and every other (the app, the API, pipelines).
   */
  async runsBySource(
    contextId: number,
    from: Date,
    to: Date,
  ): Promise<{ scheduled: RunCount; interactive: RunCount }> {
    const rows = await this.store.db
      .selectFrom('executions')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('cost_credits'), sql<number>`0`).as('credits'),
        eb.fn.max(eb.case().when('source', '=', 'schedule').then(1).else(0).end()).as('scheduled'),
      ])
      .where('context_id', '=', contextId)
      .where('submitted_at', '>=', nowIso(from))
      .where('submitted_at', '<', nowIso(to))
      .groupBy((eb) => eb.case().when('source', '=', 'schedule').then(1).else(0).end())
      .execute();
    const count = (scheduled: boolean): RunCount => {
      const r = rows.find((row) => Number(row.scheduled) === (scheduled ? 1 : 0));
      return { executions: Number(r?.n ?? 0), credits: Number(r?.credits ?? 0) };
    };
    return { scheduled: count(true), interactive: count(false) };
  }
}
