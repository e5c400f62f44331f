import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../store/db.js';
import { nowIso } from '../store/db.js';

/**
 * Snapshot folders a table no longer points to, deleted once no execution that could still read
 * them is running. An execution picks its tables' snapshots in the same synchronous step that
 * marks it executing (executions.ts), so one that started after a switch sees the new snapshot:
 * a retired folder waits only for executions whose started_at is not after its retirement.
 */
export class RetiredSnapshots {
  private readonly waiting: { dir: string; at: string }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly lakeRoot: string,
    private readonly pollMs = 250,
  ) {}

  /** Retires a snapshot (a folder relative to the lake root) switched away from just now. */
  retire(snapshot: string | null): void {
    if (!snapshot) return;
    this.waiting.push({ dir: path.join(this.lakeRoot, snapshot), at: nowIso() });
    this.sweep();
  }

  /** Folders still waiting (for tests). */
  pending(): string[] {
    return this.waiting.map((w) => w.dir);
  }

  /** Deletes every waiting folder no running execution may read; polls while some remain. */
  sweep(): void {
    if (!this.db.open) return;
    const busy = this.db.prepare(
      `SELECT 1 FROM executions WHERE state = 'QUERY_STATE_EXECUTING' AND started_at <= ? LIMIT 1`,
    );
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      if (busy.get(w.at)) continue;
      fs.rmSync(w.dir, { recursive: true, force: true });
      this.waiting.splice(i, 1);
    }
    if (this.waiting.length && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.sweep();
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
  sweepOrphans(catalog: string, kind?: string): void {
    const base = path.join(this.lakeRoot, catalog);
    if (!fs.existsSync(base)) return;
    const rows = this.db
      .prepare('SELECT schema_name, table_name, kind, snapshot FROM lake_tables WHERE catalog = ?')
      .all(catalog) as {
      schema_name: string;
      table_name: string;
      kind: string;
      snapshot: string | null;
    }[];
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
