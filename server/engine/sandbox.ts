import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Dialect } from '../../contract/rules/enums.js';
import { dialectDefinitions, parserSettings } from './dialects.js';
import { firstColumn, quoteIdent, quoteLiteral, UTC_TIME_ZONE } from './duck.js';
import type { LakeTable, SnapshotLayout } from '../lake/lake-table.js';
import { hasNul, SQL_NUL_RULE } from '../../contract/rules/sql-text.js';
import { lex } from '../../shared/sql/lexer.js';
import { parquetTotals } from './parquet-footer.js';
import { refuseHexTextAsBytes } from './hex-text-check.js';
import { snapshotRead, tableSelect } from './snapshot-read.js';
import { guard, SqlError } from './sql-errors.js';
import {
  checkExplain,
  checkStatement,
  explainedStatement,
  serializeSql,
} from './statement-check.js';
import {
  leaseOf,
  spillSettings,
  type Lease,
  type SandboxInstances,
  type Spill,
} from './sandbox-instances.js';
import type { Tier } from './tiers.js';
import { PARQUET_WRITE } from '../lake/parquet-write.js';

/** What a sandbox needs of a lake table to show it as a view (no layout: flat Parquet files). */
export type ExposedTable = Pick<
  LakeTable,
  'catalog' | 'schema_name' | 'table_name' | 'snapshot'
> & {
  layout?: SnapshotLayout;
  /** Columns kept as decimal digits, read as BIGNUM (snapshot-read.ts digitColumns). */
  digits?: string[];
};

/**
 * A saved query's result a run reads by name (`query_12`, `"query_12(chain='base')"`):
 * its Parquet file and the columns as the query produced them (types the result stores as text,
 * storedType, are read back as what they were).
 */
export type ReferencedResult = {
  name: string;
  file: string;
  columns: { name: string; type: string }[];
};

export type SandboxRun = {
  /** Column names and DuckDB types as the query produced them. */
  columns: { name: string; type: string }[];
  /** Column names as the query produced them, before they were made unique. */
  declaredNames: string[];
  rowCount: number;
  /** Raw bytes of the values (Parquet's uncompressed size), for result_set_bytes. */
  resultBytes: number;
};

/** Types that Parquet cannot hold exactly (DuckDB would write HUGEINT as DOUBLE): kept as text. */
const TEXT_STORED = /\b(HUGEINT|UHUGEINT|VARINT|BIGNUM|BIT|UNION|TIME WITH TIME ZONE)\b/;

/**
 * Rows per Parquet row group of a result: small enough that a page reads little beyond its own
 * rows (pages find their rows by file_row_number), large enough to keep writing fast.
 */
const RESULT_ROW_GROUP = 32_768;

/** The type a result column has in its Parquet file. */
export const storedType = (type: string) => (TEXT_STORED.test(type) ? 'VARCHAR' : type);

/** One run's SQL (parameters rendered), what it may read, and where its result goes. */
export type SandboxRequest = {
  /** What DuckDB runs: DuneSQL already rewritten (engine/dialects.ts, engineSql). */
  sql: string;
  /** The dialect it was written in: the instance is set up for it (parserSettings, macros). */
  dialect: Dialect;
  /** The context it runs for: an instance serves runs of one context only. */
  contextId: number;
  /** The tables the SQL names, of those the context may read (SandboxPool.run keeps only those). */
  tables: ExposedTable[];
  /** The saved queries' results it reads as `query_<id>` (executions/reference-runs.ts). */
  references?: ReferencedResult[];
  lakeRoot: string;
  resultFile: string;
  tier: Tier;
  /** Where instances spill (each in a folder of its own, removed with it), and how much a run may. */
  spill: Spill;
};

/**
 * A set-up instance serves the next run with the same key (context, tier's options, the tables
 * it shows and their snapshots) only after a run that ended this soon, cleanly and without
 * spilling: a long run gains nothing from reuse, and its memory goes back with its instance.
 */
const REUSE_UNDER_MS = 1000;

/**
 * The instances a run may reuse: of the same server's folders (its lake and spill root: test
 * servers share one sandbox thread), the same context and tier options, the same dialect (a
 * DuneSQL instance divides integers and has macros a DuckDB one must not), the same views of the
 * same snapshots.
 */
export const reuseKey = (req: SandboxRequest) =>
  JSON.stringify([
    req.lakeRoot,
    req.spill.root,
    req.contextId,
    req.dialect,
    req.tier.threads,
    req.tier.memoryLimit,
    req.tables.map((t) => [
      t.catalog,
      t.schema_name,
      t.table_name,
      t.snapshot,
      t.layout ?? null,
      t.digits ?? [],
    ]),
    (req.references ?? []).map((r) => [r.name, r.file]),
  ]);

/** Statements an instance remembers as checked, at most (the oldest goes first). */
const CHECKED_KEPT = 64;

function remember<V>(checked: Map<string, V>, sql: string, columns: V): void {
  checked.delete(sql);
  checked.set(sql, columns);
  if (checked.size > CHECKED_KEPT) checked.delete(checked.keys().next().value!);
}

/** Moves the result the instance wrote to the run's own file (copied when on another disk). */
function moveResult(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    fs.copyFileSync(from, to);
    fs.rmSync(from, { force: true });
  }
}

/**
 * Runs one read-only statement of user SQL in an in-memory DuckDB that sees only `tables` (the
 * ones it names, as views over their Parquet snapshots), with external access off and
 * configuration locked, and writes its whole result to `resultFile` as Parquet. The instance is
 * set up for the run's context, tier and tables, and serves their next run too when this one
 * ended soon and cleanly (REUSE_UNDER_MS). See docs/architecture.md, section 6.
 */
export async function runInSandbox(
  opts: SandboxRequest & {
    instances: SandboxInstances;
    /**
     * Called once the query starts, with its interrupt and the file the instance writes the
     * result to (moved to `resultFile` after), whose size may be watched.
     */
    onStart?: (interrupt: () => void, writing: string) => void;
  },
): Promise<SandboxRun> {
  if (hasNul(opts.sql)) throw new SqlError('syntax_error', SQL_NUL_RULE);
  // Waits, once per thread, for the dialect's library to be made: not the run's own time.
  const definitions = await dialectDefinitions(opts.dialect);
  const started = Date.now();
  const key = reuseKey(opts);
  const kept = opts.instances.takeKept(key);
  const lease: Lease = kept ?? leaseOf(key, await opts.instances.take(opts.tier), opts.spill.root);
  lease.runs++;
  // One connection per instance, kept with it: its runs are one context's, one at a time.
  const conn = (lease.conn ??= await lease.instance.connect().catch((err: unknown) => {
    opts.instances.retireLease(lease);
    throw err;
  }));
  // An interrupt only stops the statement running at that moment; one that lands between two
  // statements (or before DuckDB has started the next) would be lost, so it repeats until the end.
  let interrupted = false;
  /** Set once the run is over: an interrupt then must not reach the instance's next run. */
  let over = false;
  let repeat: NodeJS.Timeout | undefined;
  /** The instance may serve the next run of its key (set once this one ended cleanly). */
  let reusable = false;
  const cancelled = () => {
    if (interrupted) throw new SqlError('FAILED_TYPE_CANCELLED', 'the execution was interrupted');
  };
  try {
    // A kept instance was set up by its first run; the parser's check runs on its own below.
    const parsed = kept
      ? undefined
      : await exposeTables(conn, opts.tables, opts.references ?? [], {
          dialect: opts.dialect,
          definitions,
          lakeRoot: opts.lakeRoot,
          paths: [lease.out],
          settings: spillSettings(lease.spillDir, opts.spill.maxBytes),
          sql: opts.sql,
        });
    opts.onStart?.(() => {
      if (interrupted || over) return;
      interrupted = true;
      conn.interrupt();
      repeat = setInterval(() => conn.interrupt(), 50);
    }, lease.out);
    cancelled();
    // An EXPLAIN of a SELECT is a read too: its plan is the result (writePlan).
    const explained = explainedStatement(opts.sql);
    // The same SQL checked before on this instance (same views) checks the same.
    const columns =
      lease.checked.get(opts.sql) ??
      (explained === null
        ? await checkRead(conn, opts.sql, parsed, opts.dialect)
        : await checkExplain(conn, opts.sql, explained));
    remember(lease.checked, opts.sql, columns);
    cancelled();
    const body =
      explained === null ? stripTrailingSemicolon(opts.sql) : await planSql(conn, opts.sql);
    const names = uniqueNames(columns);
    // Columns are renamed by position (t(c0, c1, ...)), so duplicate names stay unambiguous.
    const select =
      columns.some((c) => TEXT_STORED.test(c.type)) || names.some((n, i) => n !== columns[i]!.name)
        ? `SELECT ${columns
            .map((c, i) => {
              const ref = `t.c${i}`;
              return `${TEXT_STORED.test(c.type) ? `CAST(${ref} AS VARCHAR)` : ref} AS ${quoteIdent(names[i]!)}`;
            })
            .join(', ')} FROM (${body}\n) AS t(${columns.map((_, i) => `c${i}`).join(', ')})`
        : body;
    // The result; its rows and raw size from its footer (parquetTotals).
    await run(
      conn,
      `COPY (${select}\n) TO ${quoteLiteral(lease.out)} (${PARQUET_WRITE}, ROW_GROUP_SIZE ${RESULT_ROW_GROUP})`,
    );
    const totals = parquetTotals(lease.out);
    moveResult(lease.out, opts.resultFile);
    reusable = true;
    return {
      columns: columns.map((c, i) => ({ name: names[i]!, type: c.type })),
      declaredNames: columns.map((c) => c.name),
      rowCount: totals.rows,
      resultBytes: totals.bytes,
    };
  } catch (err) {
    // A statement refused before it ran leaves its instance as it was.
    reusable =
      err instanceof SqlError &&
      (err.type === 'syntax_error' || err.type === 'FAILED_TYPE_NOT_ALLOWED');
    throw err;
  } finally {
    over = true;
    clearInterval(repeat);
    fs.rmSync(lease.out, { force: true });
    const clean =
      reusable &&
      !interrupted &&
      Date.now() - started < REUSE_UNDER_MS &&
      !fs.existsSync(lease.spillDir);
    if (clean) opts.instances.keep(lease);
    else opts.instances.retireLease(lease);
  }
}

/**
 * The dialect's parser settings first, each on its own (engine/dialects.ts), then in one round
 * trip: its `definitions` (dialectDefinitions: DuneSQL's macros), views `schema.table` (and
 * `dune.schema.table`) over snapshots, then the lock-down settings: the snapshot folders and
 * linked files, `paths` (the result file), `settings` (the spill folder), external access off,
 * the lock (docs/decisions.md, "The sandbox is set up in a fixed order"); last, `sql` as DuckDB's
 * parser serializes it (checkStatement).
 */
async function exposeTables(
  conn: DuckDBConnection,
  tables: ExposedTable[],
  references: ReferencedResult[],
  opts: {
    dialect: Dialect;
    definitions: string[];
    lakeRoot: string;
    paths: string[];
    settings: string[];
    sql: string;
  },
): Promise<string> {
  for (const setting of parserSettings(opts.dialect)) await conn.run(setting);
  const statements = [...opts.definitions];
  // `dune` always exists, so a name in it that the caller may not see (another context's private
  // upload) fails exactly like one that does not exist, instead of "catalog dune does not exist".
  const catalogs = new Set(['dune', ...tables.map((t) => t.catalog).filter(Boolean)]);
  for (const catalog of catalogs) statements.push(`ATTACH ':memory:' AS ${quoteIdent(catalog)}`);
  const schemas = new Set<string>();
  const dirs: string[] = [];
  const paths = [...opts.paths];
  for (const t of tables) {
    if (!t.snapshot) continue;
    const schema = [t.catalog, t.schema_name].filter(Boolean).map(quoteIdent).join('.');
    if (!schemas.has(schema)) {
      schemas.add(schema);
      statements.push(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    }
    const read = snapshotRead(opts.lakeRoot, t.snapshot, t.layout);
    dirs.push(...read.dirs);
    paths.push(...read.paths);
    statements.push(
      `CREATE VIEW ${schema}.${quoteIdent(t.table_name)} AS ${tableSelect(read, t.digits)}`,
    );
  }
  for (const r of references) {
    paths.push(r.file);
    statements.push(`CREATE VIEW main.${quoteIdent(r.name)} AS ${referencedSelect(r)}`);
  }
  statements.push(
    UTC_TIME_ZONE,
    `SET allowed_directories = [${dirs.map(quoteLiteral).join(', ')}]`,
    `SET allowed_paths = [${paths.map(quoteLiteral).join(', ')}]`,
    ...opts.settings,
    'SET enable_external_access = false',
    'SET lock_configuration = true',
    serializeSql(quoteLiteral(opts.sql)),
  );
  const [json] = await firstColumn(conn, statements.join(';\n'));
  return String(json ?? '{}');
}

/**
 * The types a referenced result's text column is read back as: scalar names only (the type text
 * is put in SQL set up before the sandbox is locked, so it must match this grammar); a list or
 * struct holding one of them stays text.
 */
const READ_BACK = /^(HUGEINT|UHUGEINT|BIGNUM|VARINT|BIT|TIME WITH TIME ZONE)$/;

/**
 * The columns a referenced result shows the SQL reading it, from the columns its query prepares
 * (before runInSandbox names them): its result's unique names, each of the type referencedSelect
 * reads it back as. Lineage binds a reference as an empty table of these (bound-tables.ts).
 */
export function referencedColumns(columns: { name: string; type: string }[]) {
  const names = uniqueNames(columns);
  return columns.map((c, i) => ({
    name: names[i]!,
    type: READ_BACK.test(c.type) ? c.type : storedType(c.type),
  }));
}

/** A referenced result as SQL reads it: columns stored as text (storedType) read back as they were. */
function referencedSelect(r: ReferencedResult): string {
  const from = `read_parquet(${quoteLiteral(r.file)})`;
  const casts = r.columns
    .filter((c) => READ_BACK.test(c.type))
    .map((c) => `CAST(${quoteIdent(c.name)} AS ${c.type}) AS ${quoteIdent(c.name)}`);
  return casts.length
    ? `SELECT * REPLACE (${casts.join(', ')}) FROM ${from}`
    : `SELECT * FROM ${from}`;
}

/** A statement's check (statement-check.ts), then the one a text `'0x…'` as bytes gets. */
async function checkRead(
  conn: DuckDBConnection,
  sql: string,
  parsed: string | undefined,
  dialect: Dialect,
) {
  const columns = await checkStatement(conn, sql, parsed);
  await refuseHexTextAsBytes(conn, sql, dialect);
  return columns;
}

/**
 * The plan an EXPLAIN gives (always a row or more), as a SELECT of its rows, so it is written as
 * any result: COPY takes no EXPLAIN. A plan is a few rows of text; EXPLAIN ANALYZE runs the
 * statement here, interruptible like any run.
 */
async function planSql(conn: DuckDBConnection, sql: string): Promise<string> {
  const reader = await guard(() => conn.runAndReadAll(sql), sql);
  const rows = reader
    .getRows()
    .map(
      (row) => `(${row.map((v) => (v === null ? 'NULL' : quoteLiteral(String(v)))).join(', ')})`,
    );
  return `SELECT * FROM (VALUES ${rows.join(', ')}) AS t(${reader.columnNames().map(quoteIdent).join(', ')})`;
}

/** Column names made unique as Parquet needs them: case-insensitively, `a, A` → `a, A_1`. */
function uniqueNames(columns: { name: string }[]): string[] {
  const seen = new Set<string>();
  return columns.map((c) => {
    let name = c.name;
    for (let i = 1; seen.has(name.toLowerCase()); i++) name = `${c.name}_${i}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** `sql` without the `;` that ends its last statement (and the blanks after it), if it has one. */
function stripTrailingSemicolon(sql: string): string {
  const tokens = lex(sql, { placeholders: false }).tokens;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.kind === 'comment' || t.kind === 'space') continue;
    if (t.kind !== 'punct' || t.text !== ';') return sql;
    const next = tokens[i + 1];
    const end = next?.kind === 'space' ? next.end : t.end;
    return sql.slice(0, t.start) + sql.slice(end);
  }
  return sql;
}

/** Runs a statement whose answer is not read (a COPY): no chunk is fetched back. */
async function run(conn: DuckDBConnection, sql: string) {
  await guard(() => conn.run(sql));
}
