import type { Store } from '../store/store.js';

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
}
