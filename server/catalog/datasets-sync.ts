import type { TrustedDuck } from '../engine/duck.js';
import { invalid } from '../errors.js';
import { fullName, type LakeTable } from '../lake/lake.js';
import { layoutOf } from '../lake/lake-table.js';
import { nextSlot } from '../scheduling/cron-rules.js';
import { columnNamed } from './dataset-columns.js';
import type { DatasetDeclaration } from './dataset-manifest.js';
import { compareWithRecord } from './dataset-source-record.js';
import { sourceFiles, type DatasetFormat } from './dataset-sources.js';
import type { DatasetSync, DatasetSyncsRepo } from './dataset-syncs-repo.js';
import type { DatasetsAdmin } from './datasets-admin.js';

export type DatasetsSyncDeps = { admin: DatasetsAdmin; duck: TrustedDuck; syncs: DatasetSyncsRepo };

/** What a sync did to one dataset, line by line (empty: nothing to do). */
type Said = (line: string) => void;

/**
 * Brings datasets to what a manifest declares (sync-datasets), and runs the scheduled syncs:
 * a missing table is imported; a present one gets the source's files it does not hold yet
 * (by the record of source files in its snapshot), its docs and its schedule. Running a
 * manifest again changes nothing. A table whose partitioning, linking or source differs from
 * the manifest is refused, never rebuilt behind the operator's back.
 */
export class DatasetsSync {
  constructor(private readonly deps: DatasetsSyncDeps) {}

  /**
   * Syncs each declared dataset in turn; one that fails is reported and the others go on.
   * Returns the failures (name and message).
   */
  async sync(
    decls: DatasetDeclaration[],
    say: Said,
    now = new Date(),
  ): Promise<{ name: string; error: string }[]> {
    const failed: { name: string; error: string }[] = [];
    for (const decl of decls) {
      let changed = false;
      try {
        await this.syncOne(decl, now, (line) => {
          changed = true;
          say(line);
        });
        if (!changed) say(`${decl.name}: unchanged`);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        failed.push({ name: decl.name, error });
        say(`${decl.name}: failed: ${error}`);
      }
    }
    return failed;
  }

  /** One scheduled sync: appends the new files of the sync's source; says what it did. */
  async runScheduled(sync: DatasetSync): Promise<string> {
    const t = await this.deps.admin.get(sync.name);
    if (!t) throw invalid(`no dataset ${sync.name}`);
    const lines: string[] = [];
    await this.appendNew(t, sync.source, sync.format ?? undefined, (l) => lines.push(l));
    return lines.join('; ') || 'no new files';
  }

  private async syncOne(decl: DatasetDeclaration, now: Date, say: Said): Promise<void> {
    const { admin } = this.deps;
    let t = await admin.get(decl.name);
    if (!t) {
      t = await admin.import({ ...decl, columns: decl.columns });
      say(`imported ${fullName(t)}: ${t.row_count} rows`);
    } else {
      checkSameShape(t, decl);
      t = (await this.appendNew(t, decl.source, decl.format, say)) ?? t;
      if (docsDiffer(t, decl)) {
        t = await admin.describe(decl.name, decl);
        say(`documented ${fullName(t)}`);
      }
    }
    await this.schedule(t, decl, now, say);
  }

  /** Appends the files of `source` that `t` does not hold yet; the table after, if it changed. */
  private async appendNew(
    t: LakeTable,
    source: string,
    format: DatasetFormat | undefined,
    say: Said,
  ): Promise<LakeTable | undefined> {
    const src = await sourceFiles(this.deps.duck, source, format);
    const { fresh, changed } = compareWithRecord(src.files, this.deps.admin.recordedSources(t));
    for (const f of changed)
      say(`${fullName(t)}: ${f} changed after it was read; it is not read again`);
    if (fresh.length === 0) return undefined;
    const r = await this.deps.admin.appendFiles(t, { ...src, files: fresh });
    say(`appended ${r.added} rows from ${fresh.length} new file(s) to ${fullName(r.table)}`);
    return r.table;
  }

  /** Sets, changes or removes the table's schedule as the declaration says. */
  private async schedule(t: LakeTable, decl: DatasetDeclaration, now: Date, say: Said) {
    const { syncs } = this.deps;
    const current = await syncs.get(t.id);
    if (!decl.schedule) {
      if (current && (await syncs.remove(t.id))) say(`${fullName(t)}: schedule removed`);
      return;
    }
    const format = decl.format ?? null;
    if (
      current?.cronExpression === decl.schedule &&
      current.source === decl.source &&
      current.format === format
    )
      return;
    const nextSyncAt = nextSlot(decl.schedule, now, null);
    await syncs.put(t.id, {
      source: decl.source,
      format,
      cronExpression: decl.schedule,
      nextSyncAt,
    });
    say(`${fullName(t)}: new files appended on "${decl.schedule}" (UTC), next at ${nextSyncAt}`);
  }
}

/** Refuses a table whose partitioning, linking or source is not the declaration's. */
function checkSameShape(t: LakeTable, decl: DatasetDeclaration): void {
  const layout = layoutOf(t);
  const fix = 'change the manifest, or rebuild the table with import-dataset --replace';
  if (layout.hive !== decl.hive)
    throw invalid(
      `${fullName(t)} is ${layout.hive ? '' : 'not '}partitioned, but the manifest says hive: ${decl.hive}; ${fix}`,
    );
  if (layout.linked !== decl.link)
    throw invalid(
      `${fullName(t)} is ${layout.linked ? 'linked' : 'copied'}, but the manifest says link: ${decl.link}; ${fix}`,
    );
  const was = t.metadata.source;
  if (typeof was === 'string' && was !== decl.source)
    throw invalid(
      `${fullName(t)} was imported from ${was}, but the manifest says ${decl.source}; ${fix}`,
    );
}

/** Whether the declaration's docs (those it gives) differ from the table's. */
function docsDiffer(t: LakeTable, decl: DatasetDeclaration): boolean {
  if (decl.description !== undefined && decl.description !== t.description) return true;
  if (decl.blockchains !== undefined && decl.blockchains.join('\n') !== t.blockchains.join('\n'))
    return true;
  return Object.entries(decl.columns ?? {}).some(([name, doc]) => {
    const c = columnNamed(t.columns, name);
    return !c || (c.description ?? '') !== doc;
  });
}
