import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
import type { Account } from '../auth/accounts.js';
import type { Config } from '../config.js';
import type { TrustedDuck } from '../engine/duck.js';
import type { Lake, LakeTable } from '../lake/lake.js';
import type { Logger } from '../log.js';
import { conflict, forbidden, notFound, overLimit } from '../errors.js';
import { checkName, checkSchema, sqlName, type UploadColumn } from './column-types.js';
import { csvToParquet } from './ingest.js';
import { inferCsvColumns } from './csv-inference.js';
import { receiveRows } from './receive.js';
import { RetiredSnapshots } from '../lake/retired-snapshots.js';
import { LOCK_SPACES, OwnerLocks } from '../lake/owner-locks.js';
import { carryOver, newPartFile, partsOf, sizeOf, writeEmpty } from './snapshots.js';
import { listUploads, type ListPage } from './uploads-list.js';
import type { Store } from '../store/store.js';
import { planStorageOf } from '../usage/storage.js';

/** Uploaded tables live in this catalog: `dune.<namespace>.<table>`. */
export const CATALOG = 'dune';
/** Legacy CSV uploads (`/uploads/csv`) name their table `dataset_<table_name>`. */
export const CSV_PREFIX = 'dataset_';

export type Format = 'csv' | 'ndjson';
type Ctx = Pick<Account, 'id' | 'handle' | 'type'>;
/** `store` is for the storage figures (usage/storage.ts). */
type UploadsDeps = { config: Config; store: Store; duck: TrustedDuck; lake: Lake; log: Logger };

const fullName = (ns: string, table: string) => `${CATALOG}.${ns}.${table}`;
const exampleQuery = (ns: string, table: string) =>
  `select * from ${CATALOG}.${sqlName(ns)}.${sqlName(table)} limit 10`;

/**
 * Uploaded tables: create from a schema, insert CSV or NDJSON, upload a whole CSV as a table,
 * clear, delete, list. Every change writes a new Parquet snapshot, then switches the table to it
 * in one statement (Lake.publish); the previous snapshot is deleted once no running execution
 * may read it. Changes of one context's tables run one at a time (OwnerLocks), which keeps
 * appends from losing each other's rows and the storage quota exact.
 */
export class UploadsService {
  readonly tmpDir: string;
  readonly retired: RetiredSnapshots;
  private readonly locks: OwnerLocks;

  private constructor(private readonly deps: UploadsDeps) {
    this.locks = new OwnerLocks(deps.store, LOCK_SPACES.uploads);
    this.tmpDir = path.join(deps.config.scratchDir, 'uploads');
    fs.rmSync(this.tmpDir, { recursive: true, force: true });
    fs.mkdirSync(this.tmpDir, { recursive: true });
    this.retired = new RetiredSnapshots(deps.lake.repo, deps.lake.root, undefined, deps.log);
  }

  static open(deps: UploadsDeps): UploadsService {
    return new UploadsService(deps);
  }

  /**
   * At start-up: snapshot folders a previous process left behind are deleted. Not while other
   * nodes of a cluster run (`recover` false): a folder being written there is not registered yet.
   */
  async start(opts: { recover: boolean }): Promise<void> {
    if (opts.recover) await this.retired.sweepOrphans(CATALOG, 'upload');
  }

  close(): void {
    this.retired.close();
  }

  /** A fresh temporary file path for an upload body (the caller removes it). */
  tempFile(ext: string): string {
    return path.join(this.tmpDir, `${ulid()}.${ext}`);
  }

  /** POST /uploads: an empty table with the declared columns; 409 if the name is taken. */
  async create(
    ctx: Ctx,
    req: {
      namespace: string;
      table_name: string;
      schema: Parameters<typeof checkSchema>[0];
      description?: string;
      is_private?: boolean;
    },
  ) {
    const ns = this.ownNamespace(ctx, req.namespace);
    const table = checkName('table', req.table_name);
    const columns = checkSchema(req.schema);
    await this.checkQuotaLeft(ctx);
    return this.locked(ctx, async () => {
      const existing = await this.deps.lake.get(CATALOG, ns, table);
      if (existing) throw conflict(`the table ${fullName(ns, table)} already exists`);
      await this.publish(ctx, { ns, table, columns, existing: undefined }, req, (conn, dir) =>
        writeEmpty(conn, columns, newPartFile(dir)),
      );
      return {
        namespace: ns,
        table_name: table,
        full_name: fullName(ns, table),
        example_query: exampleQuery(ns, table),
        message: 'Table created successfully',
        already_existed: false,
      };
    });
  }

  /** Before a body is read: 404/403 for a table the context may not change, 402 at its quota. */
  async preflight(ctx: Ctx, namespace: string, tableName: string): Promise<void> {
    await this.owned(ctx, namespace, tableName);
    await this.checkQuotaLeft(ctx);
  }

  /**
   * POST /uploads/{ns}/{table}/insert: appends the rows of a body, all or nothing. The body is
   * received and converted in a staging folder (outside the lock); the new snapshot is the
   * previous one's files plus the new parts, or only the new parts with `replace`.
   */
  async insert(
    ctx: Ctx,
    namespace: string,
    tableName: string,
    body: { source: AsyncIterable<Buffer>; format: Format; replace?: boolean },
  ) {
    const start = await this.owned(ctx, namespace, tableName);
    await this.checkQuotaLeft(ctx);
    const columns = declaredColumns(start);
    const staging = fs.mkdtempSync(path.join(this.tmpDir, 'insert-'));
    try {
      const got = await receiveRows({
        duck: this.deps.duck,
        source: body.source,
        format: body.format,
        columns,
        dir: staging,
        maxBytes: this.deps.config.maxUploadBytes,
        idleMs: this.deps.config.bodyTimeoutMs,
      });
      return await this.locked(ctx, async () => {
        const t = await this.owned(ctx, namespace, tableName);
        if (JSON.stringify(declaredColumns(t)) !== JSON.stringify(columns))
          throw conflict('the table was replaced while the rows were uploaded; send them again');
        const target = { ns: t.schema_name, table: t.table_name, columns, existing: t };
        await this.publish(ctx, target, t, async (conn, dir) => {
          const parts = got.rows > 0 ? got.parts : [];
          for (const p of parts) fs.renameSync(p, path.join(dir, path.basename(p)));
          const added = parts.map((p) => path.join(dir, path.basename(p)));
          if (!body.replace && t.row_count > 0 && t.snapshot)
            await carryOver(conn, {
              previousDir: this.deps.lake.snapshotDir(t.snapshot),
              dir,
              added,
            });
          if (partsOf(dir).length === 0) await writeEmpty(conn, columns, newPartFile(dir));
        });
        return {
          name: fullName(t.schema_name, t.table_name),
          rows_written: got.rows,
          bytes_written: got.bytes,
        };
      });
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }

  /** POST /uploads/csv: a table `dataset_<name>` from a CSV, schema inferred; replaces one of that name. */
  async uploadCsv(
    ctx: Ctx,
    req: { table_name: string; file: string; description?: string; is_private?: boolean },
  ) {
    const ns = ctx.handle.toLowerCase();
    const raw = req.table_name.toLowerCase();
    const table = checkName('table', raw.startsWith(CSV_PREFIX) ? raw : CSV_PREFIX + raw);
    await this.checkQuotaLeft(ctx);
    return this.locked(ctx, async () => {
      const existing = await this.deps.lake.get(CATALOG, ns, table);
      if (existing && existing.kind !== 'upload')
        throw conflict(`${fullName(ns, table)} exists and is not an uploaded table`);
      const columns = await this.deps.duck.withConnection((conn) =>
        inferCsvColumns(conn, req.file),
      );
      await this.publish(ctx, { ns, table, columns, existing }, req, async (conn, dir) => {
        await csvToParquet(conn, { file: req.file, columns, out: newPartFile(dir) });
      });
      return { success: true, table_name: table, full_name: fullName(ns, table) };
    });
  }

  /** POST /uploads/{ns}/{table}/clear: no rows, same columns. */
  async clear(ctx: Ctx, namespace: string, tableName: string) {
    return this.locked(ctx, async () => {
      const t = await this.owned(ctx, namespace, tableName);
      const columns = declaredColumns(t);
      await this.publish(
        ctx,
        { ns: t.schema_name, table: t.table_name, columns, existing: t },
        t,
        (conn, dir) => writeEmpty(conn, columns, newPartFile(dir)),
      );
      return { message: `Table ${t.schema_name}.${t.table_name} successfully cleared` };
    });
  }

  /** DELETE /uploads/{ns}/{table}. */
  async remove(ctx: Ctx, namespace: string, tableName: string) {
    return this.locked(ctx, async () => {
      const t = await this.owned(ctx, namespace, tableName);
      await this.deps.lake.remove(t);
      await this.retired.retire(t.snapshot);
      return { message: `Table ${t.schema_name}.${t.table_name} successfully deleted` };
    });
  }

  /** GET /uploads: the context's uploaded tables by name. */
  list(ctx: Ctx, limit: number, offset: number): Promise<ListPage> {
    return listUploads(this.deps.lake, ctx, limit, offset);
  }

  /** Bytes the plan counts for the context: its tables and saved query versions. */
  storageUsed(ownerId: number): Promise<number> {
    return planStorageOf(this.deps.store, ownerId);
  }

  private ownNamespace(ctx: Ctx, namespace: string): string {
    if (namespace.toLowerCase() !== ctx.handle.toLowerCase())
      throw forbidden(
        `namespace "${namespace}" is not yours: tables are created in the namespace of the key's context ("${ctx.handle.toLowerCase()}")`,
      );
    return ctx.handle.toLowerCase();
  }

  /** The context's uploaded table; 404 unknown or another's private, 403 another's public. */
  private async owned(ctx: Ctx, namespace: string, tableName: string): Promise<LakeTable> {
    const ns = namespace.toLowerCase();
    const table = tableName.toLowerCase();
    const t = await this.deps.lake.get(CATALOG, ns, table);
    if (!t || t.kind !== 'upload' || (t.is_private && t.owner_id !== ctx.id))
      throw notFound(`table not found: ${fullName(ns, table)}`);
    if (t.owner_id !== ctx.id)
      throw forbidden(`only the owner context can change ${fullName(ns, table)}`);
    return t;
  }

  private async checkQuotaLeft(ctx: Ctx) {
    const used = await this.storageUsed(ctx.id);
    const allowed = this.deps.config.plan.storageBytes;
    if (used >= allowed)
      throw overLimit(
        `storage quota reached: ${used} bytes used of ${allowed} allowed by the plan; delete or clear tables to upload more`,
      );
  }

  /**
   * Writes a new snapshot with `write` and switches the table to it; 402, with nothing written,
   * when the new snapshot would take the context past its storage quota.
   */
  private async publish(
    ctx: Ctx,
    target: { ns: string; table: string; columns: UploadColumn[]; existing: LakeTable | undefined },
    meta: { description?: string; is_private?: boolean },
    write: (conn: DuckDBConnection, dir: string) => Promise<void>,
  ) {
    await this.deps.lake.publish(
      {
        catalog: CATALOG,
        schema: target.ns,
        table: target.table,
        ownerId: ctx.id,
        kind: 'upload',
        datasetType: 'uploaded_table',
        category: 'community',
        isPrivate: meta.is_private ?? false,
        description: meta.description ?? '',
        columns: target.columns.map((c) => ({ ...c, description: c.description ?? '' })),
      },
      async (dir) => {
        await this.deps.duck.withConnection((conn) => write(conn, dir));
        const size = sizeOf(dir);
        const used = (await this.storageUsed(ctx.id)) - (target.existing?.size_bytes ?? 0);
        const allowed = this.deps.config.plan.storageBytes;
        if (used + size > allowed)
          throw overLimit(
            `this upload would exceed the storage allowed by the plan: the table would take ${size} bytes, ${used} bytes are used by other tables and saved queries, ${allowed} are allowed`,
          );
      },
    );
    await this.retired.retire(target.existing?.snapshot ?? null);
  }

  private locked<T>(ctx: Ctx, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(ctx.id, fn);
  }
}

/** The declared columns of an uploaded table, as kept in the lake registry (descriptions too). */
function declaredColumns(t: LakeTable): UploadColumn[] {
  return t.columns.map((c) => ({
    name: c.name,
    type: c.type as UploadColumn['type'],
    nullable: c.nullable,
    description: c.description ?? '',
  }));
}
