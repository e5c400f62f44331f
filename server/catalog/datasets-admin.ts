import fs from 'node:fs';
import path from 'node:path';
import type { TrustedDuck } from '../engine/duck.js';
import { conflict, invalid, notFound } from '../errors.js';
import { fullName, type Lake, type LakeTable } from '../lake/lake.js';
import { layoutOf, type LakeTableKind } from '../lake/lake-table.js';
import type { RetiredSnapshots } from '../lake/retired-snapshots.js';
import { nowIso } from '../store/db.js';
import { DEMO_TABLES } from '../demo/demo-data.js';
import { lockTable, strayFolders } from './dataset-lock.js';
import { parseDatasetName, type DatasetName } from './dataset-names.js';
import {
  checkTrailingKeys,
  linkablePaths,
  sharedHiveKeys,
  sourceFiles,
  type DatasetFormat,
  type SourceFiles,
} from './dataset-sources.js';
import { headerDescription } from '../../contract/rules/names.js';
import { columnNamed, storageType, type GivenTypes } from './dataset-columns.js';
import { readSourceRecord, type SourceFileEntry } from './dataset-source-record.js';
import { writeSnapshot } from './dataset-write.js';

export type DatasetsAdminDeps = {
  lake: Lake;
  duck: TrustedDuck;
  dataDir: string;
  retired: RetiredSnapshots;
};

export type ImportRequest = {
  name: string;
  source: string;
  format?: DatasetFormat;
  hive?: boolean;
  link?: boolean;
  replace?: boolean;
  description?: string;
  blockchains?: string[];
  /**
   * Docs of columns by name (Markdown), as the table or the file names them (columnNamed); a
   * name the data has not is refused. A doc wins over the header a cleaned name keeps.
   */
  columns?: Record<string, string>;
  /** Import files of the same content (with rows) though they add the same rows twice. */
  allowDuplicate?: boolean;
  /**
   * Types of some columns, by name as the table or the file names them (dataset-columns.ts);
   * the others' are read from the data.
   */
  types?: GivenTypes;
};

const KIND_LABEL: Record<LakeTableKind, string> = {
  demo: 'a demo table',
  upload: 'an uploaded table',
  matview: 'a materialized view',
  dataset: 'an imported dataset',
};

/** Imported datasets are the service's own public tables of the default catalog. */
const CATALOG = '';

/**
 * Datasets an operator brings in (npm run admin -- import-dataset ...): public tables of the
 * default catalog (owner none, kind `dataset`), never writable by users. Every change writes a
 * new snapshot folder first (copies or a list of linked files), then switches the table to it
 * in one transaction that also checks nobody changed the table meanwhile (Lake.publish); a
 * failure removes the folder and leaves the table as it was. The previous snapshot is deleted
 * once no running execution may read it. Commands on one table run one at a time, across
 * processes (dataset-lock.ts).
 */
export class DatasetsAdmin {
  constructor(private readonly deps: DatasetsAdminDeps) {}

  /** A new table from `source`, or (with `replace`) an imported table's data swapped. */
  async import(req: ImportRequest): Promise<LakeTable> {
    const name = await this.nameOf(req.name);
    const existing = await this.find(name);
    if (existing && (existing.kind !== 'dataset' || !req.replace))
      throw conflict(
        existing.kind === 'dataset'
          ? `${fullName(existing)} already exists; --replace swaps its data, append-dataset adds rows`
          : `${req.name} clashes with ${KIND_LABEL[existing.kind]}, ${fullName(existing)}`,
      );
    const src = await sourceFiles(this.deps.duck, req.source, req.format);
    const keys = req.hive ? sharedHiveKeys(src.root, src.files) : [];
    const linked = req.link ? linkablePaths(this.deps.dataDir, src) : undefined;
    if (linked && Object.keys(req.types ?? {}).length > 0)
      throw invalid('--types cannot be given with --link: linked files are read as they are');
    const target = existing ? { schema: existing.schema_name, table: existing.table_name } : name;
    return this.change(
      target,
      existing,
      { src, linked, keys, types: req.types, allowDuplicate: req.allowDuplicate },
      {
        description: req.description ?? existing?.description ?? '',
        blockchains: req.blockchains?.length ? req.blockchains : (existing?.blockchains ?? []),
        layout: { hive: keys.length > 0, linked: linked !== undefined, keys },
        columnDocs: req.columns,
        source: path.resolve(req.source),
      },
    );
  }

  /**
   * Adds the rows of `source`'s files to an imported table, all of them or none; a file whose
   * content the table already holds is refused unless `allowDuplicate` (dataset-write.ts).
   */
  async append(
    text: string,
    source: string,
    format?: DatasetFormat,
    opts: { allowDuplicate?: boolean } = {},
  ): Promise<{ table: LakeTable; added: number }> {
    const t = await this.imported(text);
    return this.appendFiles(t, await sourceFiles(this.deps.duck, source, format), opts);
  }

  /** Adds the rows of some files to an imported table (append and sync), all of them or none. */
  async appendFiles(
    t: LakeTable,
    src: SourceFiles,
    opts: { allowDuplicate?: boolean } = {},
  ): Promise<{ table: LakeTable; added: number }> {
    const layout = layoutOf(t);
    const keys = (t.metadata.partition_columns as string[] | undefined) ?? [];
    if (layout.hive) checkTrailingKeys(src.files, keys);
    const linked = layout.linked ? linkablePaths(this.deps.dataDir, src) : undefined;
    const previousDir = this.deps.lake.snapshotDir(t.snapshot!);
    const table = await this.change(
      { schema: t.schema_name, table: t.table_name },
      t,
      {
        src,
        linked,
        keys,
        columns: t.columns.map((c) => ({ name: c.name, type: c.type })),
        previous: { dir: previousDir, linked: layout.linked },
        allowDuplicate: opts.allowDuplicate,
      },
      {
        description: t.description,
        blockchains: t.blockchains,
        layout: { ...layout, keys },
        append: true,
      },
    );
    return { table, added: table.row_count - t.row_count };
  }

  /** Sets the description and the docs of some columns (Markdown), keeping the data. */
  async describe(
    text: string,
    changes: { description?: string; columns?: Record<string, string>; blockchains?: string[] },
  ): Promise<LakeTable> {
    const t = await this.imported(text);
    if (
      changes.description === undefined &&
      changes.blockchains === undefined &&
      Object.keys(changes.columns ?? {}).length === 0
    )
      return t;
    const docs = docsByColumn(fullName(t), t.columns, changes.columns ?? {});
    const columns = t.columns.map((c) => ({
      ...c,
      description: docs[c.name] ?? c.description ?? '',
    }));
    await this.deps.lake.repo.describe(t.id, {
      description: changes.description ?? t.description,
      blockchains: changes.blockchains ?? t.blockchains,
      columns,
      at: nowIso(),
    });
    return (await this.find({ schema: t.schema_name, table: t.table_name }))!;
  }

  /** Removes an imported table; its files go once no execution may read them (linked ones stay). */
  async drop(text: string): Promise<LakeTable> {
    const t = await this.imported(text);
    const release = lockTable(this.tableDir(t.schema_name, t.table_name), fullName(t));
    try {
      await this.deps.lake.remove(t);
      await this.deps.retired.retire(t.snapshot);
      await this.deps.retired.drain();
      return t;
    } finally {
      release();
      removeIfEmpty(this.tableDir(t.schema_name, t.table_name));
    }
  }

  /** The imported table of that name, if there is one (another kind of table is a conflict). */
  async get(text: string): Promise<LakeTable | undefined> {
    const t = await this.find(parseDatasetName(text));
    if (t && (t.kind !== 'dataset' || !t.snapshot))
      throw conflict(`${fullName(t)} is ${KIND_LABEL[t.kind]}, not an imported dataset`);
    return t;
  }

  /** The source files an imported table's rows came from (dataset-source-record.ts). */
  recordedSources(t: LakeTable): SourceFileEntry[] {
    return t.snapshot ? readSourceRecord(this.deps.lake.snapshotDir(t.snapshot)) : [];
  }

  /** The imported tables, by name. */
  async list(): Promise<LakeTable[]> {
    return (await this.deps.lake.all()).filter((t) => t.kind === 'dataset');
  }

  /**
   * Writes a new snapshot (writeSnapshot with `snapshot`, into a new folder) and switches the
   * table to it, if it is still as `before` (absent, or at the same snapshot); then retires the
   * previous snapshot and what a killed command left in the table's folder.
   */
  private async change(
    name: DatasetName,
    before: LakeTable | undefined,
    snapshot: Omit<Parameters<typeof writeSnapshot>[1], 'dir'>,
    meta: {
      description: string;
      blockchains: string[];
      layout: { hive: boolean; linked: boolean; keys: string[] };
      columnDocs?: Record<string, string>;
      /** Where the table's data comes from (an import's source; appends keep it). */
      source?: string;
      /** Rows added to the table's data (append, sync) rather than a new import. */
      append?: boolean;
    },
  ): Promise<LakeTable> {
    const label = `${name.schema}.${name.table}`;
    const tableDir = this.tableDir(name.schema, name.table);
    const release = lockTable(tableDir, label);
    try {
      const current = before?.snapshot ? this.deps.lake.snapshotDir(before.snapshot) : null;
      const strays = strayFolders(tableDir, current);
      const metadata: Record<string, unknown> = {
        ...(meta.layout.hive ? { hive: true, partition_columns: meta.layout.keys } : {}),
        ...(meta.layout.linked ? { linked: true } : {}),
        source: meta.source ?? before?.metadata.source,
        // A first import (or --replace) is no append: the page says "Imported", and "Last
        // append" only once rows were added. A table imported before imported_at existed
        // keeps its last change time as its import time.
        ...(meta.append
          ? {
              imported_at: before?.metadata.imported_at ?? before?.metadata.appended_at,
              appended_at: nowIso(),
            }
          : { imported_at: nowIso() }),
      };
      const columnDescriptions = Object.fromEntries(
        (before?.columns ?? []).map((c) => [c.name, c.description ?? '']),
      );
      // wide integers are VARCHAR in Parquet; the catalog shows their own type
      const columnTypes: Record<string, string> = {};
      const published = await this.deps.lake.publish(
        {
          catalog: CATALOG,
          schema: name.schema,
          table: name.table,
          ownerId: null,
          kind: 'dataset',
          datasetType: 'dune_table',
          category: 'canonical',
          isPrivate: false,
          description: meta.description,
          blockchains: meta.blockchains,
          columnDescriptions,
          columnTypes,
          // read once the files are written: the partition count is known then
          metadata,
        },
        async (dir) => {
          const { partitions, columns } = await this.deps.duck.withConnection((conn) =>
            writeSnapshot(conn, { dir, ...snapshot }),
          );
          if (meta.layout.hive) metadata.partitions = partitions;
          for (const c of columns) {
            if (storageType(c.type) !== c.type) columnTypes[c.name] = c.type;
            // a cleaned name says where it came from, unless the column is documented already
            if (c.source && !columnDescriptions[c.name])
              columnDescriptions[c.name] = headerDescription(c.source, c.name);
          }
          Object.assign(columnDescriptions, docsByColumn(label, columns, meta.columnDocs ?? {}));
        },
        (now) => {
          if (now?.snapshot !== before?.snapshot || (now && now.kind !== 'dataset'))
            throw conflict(`${label} was changed by someone else meanwhile; nothing was changed`);
        },
      );
      for (const dir of [current, ...strays]) {
        if (dir) await this.deps.retired.retire(path.relative(this.deps.lake.root, dir));
      }
      await this.deps.retired.drain();
      return published;
    } finally {
      release();
    }
  }

  /** The name a command gives, parsed; a `dune.<namespace>.<table>` name says what it is. */
  private async nameOf(text: string): Promise<DatasetName> {
    const parts = text.split('.');
    if (parts.length === 3 && parts[0]!.toLowerCase() === 'dune') {
      const t = (await this.deps.lake.all()).find(
        (x) => x.catalog === 'dune' && fullName(x).toLowerCase() === text.toLowerCase(),
      );
      if (t)
        throw conflict(
          `${text} clashes with ${KIND_LABEL[t.kind]}, ${fullName(t)}; datasets are <schema>.<table>`,
        );
    }
    const name = parseDatasetName(text);
    const demo = DEMO_TABLES.find(
      (d) => `${d.schema}.${d.table}`.toLowerCase() === text.toLowerCase(),
    );
    if (demo) throw conflict(`${text} clashes with a demo table, ${demo.schema}.${demo.table}`);
    return name;
  }

  /** The table of the default catalog with that name, whatever the case of its parts. */
  private async find(name: DatasetName): Promise<LakeTable | undefined> {
    const want = `${name.schema}.${name.table}`.toLowerCase();
    return (await this.deps.lake.all()).find(
      (t) => t.catalog === CATALOG && fullName(t).toLowerCase() === want,
    );
  }

  /** An imported table; not found, or conflict when the name is a table of another kind. */
  private async imported(text: string): Promise<LakeTable> {
    const t = await this.get(text);
    if (!t) throw notFound(`no dataset ${text}`);
    return t;
  }

  private tableDir(schema: string, table: string): string {
    return path.join(this.deps.lake.root, '_', schema, table);
  }
}

/**
 * Column docs keyed by the columns' own names (a doc may name a column as its file did:
 * columnNamed); `invalid` for a name the table has not.
 */
export function docsByColumn(
  label: string,
  columns: { name: string; source?: string }[],
  docs: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, doc] of Object.entries(docs)) {
    const c = columnNamed(columns, name);
    if (!c) throw invalid(`${label} has no column "${name}"`);
    out[c.name] = doc;
  }
  return out;
}

function removeIfEmpty(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}
