import fs from 'node:fs';
import path from 'node:path';
import { silentLogger, type Logger } from '../log.js';
import { nowIso } from '../store/db.js';
import type { LakeRepo } from './lake-repo.js';

/**
 * Snapshot folders a table no longer points to, deleted once no execution that could still read
 * them is running. An execution is marked executing before it reads which snapshots its tables
 * have (executions.ts), so one that read them after a switch sees the new snapshot: a retired
 * folder waits only for executions whose started_at is not after its retirement.
 */
export class RetiredSnapshots {
  private readonly waiting: { dir: string; at: string }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly repo: LakeRepo,
    private readonly lakeRoot: string,
    private readonly pollMs = 250,
    private readonly log: Logger = silentLogger,
  ) {}

  /** Retires a snapshot (a folder relative to the lake root) switched away from just now. */
  async retire(snapshot: string | null): Promise<void> {
    if (!snapshot) return;
    this.waiting.push({ dir: path.join(this.lakeRoot, snapshot), at: nowIso() });
    await this.sweep();
  }

  /**
   * Resolves once every waiting folder is deleted, each as soon as no execution may read it
   * (for a process that ends after its change, like the admin CLI).
   */
  async drain(): Promise<void> {
    while (this.waiting.length && !this.closed) {
      await this.sweep();
      if (this.waiting.length) await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  /** Folders still waiting (for tests). */
  pending(): string[] {
    return this.waiting.map((w) => w.dir);
  }

  /** Deletes every waiting folder no running execution may read; polls while some remain. */
  async sweep(): Promise<void> {
    for (const w of [...this.waiting]) {
      if (this.closed) return;
      if (await this.repo.readerSince(w.at)) continue;
      fs.rmSync(w.dir, { recursive: true, force: true });
      const i = this.waiting.indexOf(w);
      if (i !== -1) this.waiting.splice(i, 1);
    }
    if (this.waiting.length && !this.timer && !this.closed) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.sweep().catch((err: unknown) => {
          if (!this.closed) this.log.error({ err }, 'retired snapshots: the sweep failed');
        });
      }, this.pollMs);
      this.timer.unref();
    }
  }

  /**
   * At start-up (nothing runs yet): deletes snapshot folders under lake/<catalog>/ that no table
   * points to, left by a previous process (retired, or written by a publish that crashed). With
   * `kind`, the folders of tables of other kinds are left to their own service; folders of no
   * table at all (a first publish that crashed) are always swept.
   */
  async sweepOrphans(catalog: string, kind?: string): Promise<void> {
    const base = path.join(this.lakeRoot, catalog);
    if (!fs.existsSync(base)) return;
    const rows = await this.repo.snapshotsIn(catalog);
    const live = new Set(rows.map((r) => r.snapshot && path.join(this.lakeRoot, r.snapshot)));
    const foreign = new Set(
      rows
        .filter((r) => kind !== undefined && r.kind !== kind)
        .map((r) => `${r.schema_name}/${r.table_name}`),
    );
    for (const schema of fs.readdirSync(base)) {
      for (const table of fs.readdirSync(path.join(base, schema))) {
        if (foreign.has(`${schema}/${table}`)) continue;
        const tableDir = path.join(base, schema, table);
        for (const snap of fs.readdirSync(tableDir)) {
          const dir = path.join(tableDir, snap);
          if (!live.has(dir)) fs.rmSync(dir, { recursive: true, force: true });
        }
        if (fs.readdirSync(tableDir).length === 0) fs.rmSync(tableDir, { recursive: true });
      }
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
