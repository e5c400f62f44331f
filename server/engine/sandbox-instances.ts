import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from './duck.js';
import type { Tier } from './tiers.js';

/** The options a sandbox instance of `tier` is made with. */
export const instanceOptions = (tier: Tier) => ({
  threads: String(tier.threads),
  memory_limit: tier.memoryLimit,
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
});

/** Where sandboxes spill what does not fit in their tier's memory: one folder per execution. */
export const spillRoot = (scratchDir: string) => path.join(scratchDir, 'spill');

/** Empties the spill root of what a previous process left (at start). */
export function resetSpillRoot(scratchDir: string): void {
  fs.rmSync(spillRoot(scratchDir), { recursive: true, force: true });
  fs.mkdirSync(spillRoot(scratchDir), { recursive: true });
}

/** Where one execution spills, and how much it may. */
export type Spill = { dir: string; maxBytes: number };

/**
 * The settings that make a run spill to its own folder, within its limit. They are set on the
 * taken instance before external access is turned off and the configuration locked: DuckDB then
 * lets that instance use the folder, and nothing outside it (`max_temp_directory_size` given
 * when the instance is created is shown but not enforced, DuckDB 1.5; set like this it is).
 * DuckDB makes the folder at the first spill.
 */
export const spillSettings = (spill: Spill) => [
  `SET temp_directory = ${quoteLiteral(spill.dir)}`,
  `SET max_temp_directory_size = '${spill.maxBytes}B'`,
];

/** Spares are kept per set of instance options (a tier's, as configured). */
const sparesKey = (tier: Tier) => JSON.stringify(instanceOptions(tier));

/** Spare instances kept per tier, so back-to-back runs do not wait for one being made... */
const SPARES_PER_TIER = 3;
/** ...made while the engine is idle, or at once when this few are left. */
const LOW_SPARES = 1;

/**
 * Used instances are closed, and spares topped up, once no run has ended for this long: both
 * take CPU (5-20 ms an instance) that the reads of the result just made would otherwise wait for.
 */
const IDLE_MS = 100;
/** ...or at once when this many used instances wait, so a busy engine never piles them up. */
const MAX_RETIRED = 4;

/**
 * Fresh, never-used instances, kept ready per tier so that starting DuckDB (~10-30 ms) is not
 * on an execution's critical path. Each instance serves exactly one execution and is configured
 * (views, then the lock) only when taken; it is retired after its run and closed while the
 * engine is idle, when spares are topped up too (or at once when they run low).
 */
export class SandboxInstances {
  private readonly spares = new Map<string, Promise<DuckDBInstance>[]>();
  private readonly retired: (() => void)[] = [];
  /** The tiers whose spares are to be topped up at the next tidy. */
  private readonly wanted = new Map<string, Tier>();
  private idle: NodeJS.Timeout | undefined;
  private closed = false;

  take(tier: Tier): Promise<DuckDBInstance> {
    const ready = this.spares.get(sparesKey(tier)) ?? [];
    const spare = ready.shift();
    if (ready.length <= LOW_SPARES) setImmediate(() => this.refill(tier));
    else this.wanted.set(sparesKey(tier), tier);
    return spare ?? DuckDBInstance.create(':memory:', instanceOptions(tier));
  }

  /** An instance has served its run; `close` closes it (and its connection). */
  retire(close: () => void): void {
    this.retired.push(close);
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.tidy(), this.retired.length >= MAX_RETIRED ? 0 : IDLE_MS);
  }

  /** Closes the spares and what was retired, once each has been made (the thread ends after). */
  async close(): Promise<void> {
    this.closed = true;
    this.tidy();
    const spares = [...this.spares.values()].flat();
    this.spares.clear();
    await Promise.all(spares.map((s) => s.then((i) => i.closeSync()).catch(() => undefined)));
  }

  private tidy(): void {
    clearTimeout(this.idle);
    for (const close of this.retired.splice(0)) close();
    for (const tier of this.wanted.values()) this.refill(tier);
    this.wanted.clear();
  }

  /** Prepares instances of `tier` until SPARES_PER_TIER are ready or being made. */
  private refill(tier: Tier): void {
    if (this.closed) return;
    const ready = this.spares.get(sparesKey(tier)) ?? [];
    this.spares.set(sparesKey(tier), ready);
    while (ready.length < SPARES_PER_TIER) {
      const next = DuckDBInstance.create(':memory:', instanceOptions(tier));
      next.catch(() => {
        const at = ready.indexOf(next);
        if (at !== -1) ready.splice(at, 1);
      });
      ready.push(next);
    }
  }
}
