import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
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

/** Where sandboxes spill (the root: each instance has a folder of its own in it), and how much a run may. */
export type Spill = { root: string; maxBytes: number };

/**
 * The settings that make a run spill to its own folder, within its limit. They are set on the
 * taken instance before external access is turned off and the configuration locked: DuckDB then
 * lets that instance use the folder, and nothing outside it (`max_temp_directory_size` given
 * when the instance is created is shown but not enforced, DuckDB 1.5; set like this it is).
 * DuckDB makes the folder at the first spill.
 */
export const spillSettings = (dir: string, maxBytes: number) => [
  `SET temp_directory = ${quoteLiteral(dir)}`,
  `SET max_temp_directory_size = '${maxBytes}B'`,
];

/**
 * A sandbox instance made for one context, tier and set of tables (its `key`), set up and locked
 * for them: `out` is the one file it may write (each run's result, moved to the run's own file
 * after), `spillDir` its spill folder. Both are in `dir`, removed with the instance.
 */
export type Lease = {
  key: string;
  instance: DuckDBInstance;
  /** Its connection, made by its first run. */
  conn?: DuckDBConnection;
  dir: string;
  out: string;
  spillDir: string;
  /** Runs it has served. */
  runs: number;
  /** Statements already checked on it (sandbox.ts, checkStatement), with their columns. */
  checked: Map<string, { name: string; type: string }[]>;
};

/** A new lease of `instance` for `key`, its folder under `root` (made, empty). */
export function leaseOf(key: string, instance: DuckDBInstance, root: string): Lease {
  const dir = path.join(root, ulid());
  fs.mkdirSync(dir, { recursive: true });
  return {
    key,
    instance,
    dir,
    out: path.join(dir, 'result.parquet'),
    spillDir: path.join(dir, 'spill'),
    runs: 0,
    checked: new Map(),
  };
}

const closeLease = (lease: Lease) => {
  lease.conn?.closeSync();
  lease.instance.closeSync();
  fs.rmSync(lease.dir, { recursive: true, force: true });
};

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

/** Set-up instances kept for their key's next run, at most (the least recently used goes)... */
const MAX_KEPT = 8;
/** ...each for at most this long unused. */
const KEEP_MS = 60_000;
/** An instance serves at most this many runs, then a fresh one is made. */
export const MAX_RUNS_PER_INSTANCE = 500;

/**
 * The sandbox instances of this thread. Spares: fresh, never-used instances kept ready per tier,
 * so that starting DuckDB (~10-30 ms) is not on an execution's critical path; one is set up
 * (views, then the lock) for a key when taken (sandbox.ts, reuseKey). Kept: set-up instances
 * that may serve their key's next run (keep). Retired: closed while the engine is idle, when
 * spares are topped up too (or at once when they run low).
 */
export class SandboxInstances {
  private readonly spares = new Map<string, Promise<DuckDBInstance>[]>();
  private readonly retired: (() => void)[] = [];
  /** Set-up instances not in use, by key, least recently used first (a Map keeps that order). */
  private readonly kept = new Map<string, { lease: Lease; at: number }[]>();
  private keptCount = 0;
  private expiry: NodeJS.Timeout | undefined;
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

  /**
   * An instance kept for `key` by an earlier run of it, taken (undefined when none is). One whose
   * folder is gone (its server's spill root emptied at a start) is retired instead.
   */
  takeKept(key: string): Lease | undefined {
    const list = this.kept.get(key);
    const found = list?.pop();
    if (!found) return undefined;
    this.keptCount--;
    this.kept.delete(key);
    if (list!.length) this.kept.set(key, list!); // most recently used last
    if (fs.existsSync(found.lease.dir)) return found.lease;
    this.retireLease(found.lease);
    return this.takeKept(key);
  }

  /** Keeps `lease` for its key's next run (see MAX_KEPT, KEEP_MS, MAX_RUNS_PER_INSTANCE). */
  keep(lease: Lease): void {
    if (this.closed || lease.runs >= MAX_RUNS_PER_INSTANCE) return this.retireLease(lease);
    const list = this.kept.get(lease.key) ?? [];
    this.kept.delete(lease.key);
    list.push({ lease, at: Date.now() });
    this.kept.set(lease.key, list);
    this.keptCount++;
    while (this.keptCount > MAX_KEPT) this.evictOldest();
    if (!this.expiry) {
      this.expiry = setInterval(() => this.expire(), KEEP_MS / 4);
      this.expiry.unref();
    }
  }

  /** `lease` has served its last run: it is closed, and its folder removed, while the engine is idle. */
  retireLease(lease: Lease): void {
    this.retire(() => closeLease(lease));
  }

  /** An instance has served its run; `close` closes it (and its connection). */
  retire(close: () => void): void {
    this.retired.push(close);
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.tidy(), this.retired.length >= MAX_RETIRED ? 0 : IDLE_MS);
  }

  /** Closes the spares, the kept instances and what was retired, once each has been made (the thread ends after). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.expiry);
    while (this.keptCount > 0) this.evictOldest();
    this.tidy();
    const spares = [...this.spares.values()].flat();
    this.spares.clear();
    await Promise.all(spares.map((s) => s.then((i) => i.closeSync()).catch(() => undefined)));
  }

  /** Retires the least recently used kept instance. */
  private evictOldest(): void {
    const [key, list] = this.kept.entries().next().value!;
    const oldest = list.shift()!;
    if (!list.length) this.kept.delete(key);
    this.keptCount--;
    this.retireLease(oldest.lease);
  }

  /** Retires the kept instances unused for KEEP_MS. */
  private expire(): void {
    const before = Date.now() - KEEP_MS;
    for (const [key, list] of [...this.kept]) {
      const stale = list.filter((k) => k.at < before);
      if (!stale.length) continue;
      const fresh = list.filter((k) => k.at >= before);
      if (fresh.length) this.kept.set(key, fresh);
      else this.kept.delete(key);
      this.keptCount -= stale.length;
      for (const k of stale) this.retireLease(k.lease);
    }
    if (this.keptCount === 0) {
      clearInterval(this.expiry);
      this.expiry = undefined;
    }
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
        if (at !== -1) void ready.splice(at, 1); // the removed one's failure is handled here
      });
      ready.push(next);
    }
  }
}
