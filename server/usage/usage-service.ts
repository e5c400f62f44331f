import type { Config } from '../config.js';
import { invalid } from '../errors.js';
import { billingPeriod } from '../executions/billing-period.js';
import type { Store } from '../store/store.js';
import { planStorage, storageOf, type StorageUse } from './storage.js';
import { UsageRepo, type RunCount } from './usage-repo.js';

/** One monthly billing period, [start, end), and the credits the context used in it. */
export type BillingPeriodUse = {
  start: Date;
  end: Date;
  creditsIncluded: number;
  creditsUsed: number;
  /** Runs started by schedules, and every other, with their credits. */
  runs: { scheduled: RunCount; interactive: RunCount };
};

/** What a context uses: credits per billing period, storage and private objects. */
export type Usage = {
  periods: BillingPeriodUse[];
  storage: StorageUse;
  /** What the plan counts (tables and saved query versions), and what it allows. */
  planBytesUsed: number;
  planBytesAllowed: number;
  resultBytesAllowed: number;
  privateQueries: number;
  privateDashboards: number;
};

export type UsageDeps = {
  store: Store;
  config: Pick<Config, 'plan' | 'resultStorageBytes'>;
  /** Credits the context's executions used in [from, to) (the executions service). */
  creditsUsed(contextId: number, from: Date, to: Date): number | Promise<number>;
};

const round = (credits: number) => Math.round(credits * 1000) / 1000;

/** The most billing periods one usage answer covers. */
export const MAX_PERIODS = 120;

/** Usage of a context (GET and POST /usage). */
export class UsageService {
  private readonly repo: UsageRepo;

  constructor(private readonly deps: UsageDeps) {
    this.repo = new UsageRepo(deps.store);
  }

  /**
   * The billing periods from the one holding `from` to the one holding `to` (default: the one
   * of today), with storage and private objects as they are now. An end before the start, or
   * more than MAX_PERIODS periods, is invalid.
   */
  async of(contextId: number, from: Date = new Date(), to: Date = from): Promise<Usage> {
    if (to < from) throw invalid('end_date is before start_date');
    const { plan } = this.deps.config;
    const periods: BillingPeriodUse[] = [];
    for (let p = billingPeriod(from); p.start <= to; p = billingPeriod(p.end)) {
      if (periods.length >= MAX_PERIODS)
        throw invalid(`at most ${MAX_PERIODS} billing periods at once`);
      const used = await this.deps.creditsUsed(contextId, p.start, p.end);
      const runs = await this.repo.runsBySource(contextId, p.start, p.end);
      const rounded = (r: RunCount) => ({ ...r, credits: round(r.credits) });
      periods.push({
        start: p.start,
        end: p.end,
        creditsIncluded: plan.creditsIncluded,
        creditsUsed: round(used),
        runs: { scheduled: rounded(runs.scheduled), interactive: rounded(runs.interactive) },
      });
    }
    const storage = await storageOf(this.deps.store, contextId);
    return {
      periods,
      storage,
      planBytesUsed: planStorage(storage),
      planBytesAllowed: plan.storageBytes,
      resultBytesAllowed: this.deps.config.resultStorageBytes,
      privateQueries: await this.repo.privateQueries(contextId),
      privateDashboards: await this.repo.privateDashboards(contextId),
    };
  }
}
