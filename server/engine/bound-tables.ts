import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Dialect } from '../../contract/rules/enums.js';
import { dialectDefinitions, parserSettings } from './dialects.js';
import { quoteIdent } from './duck.js';
import { fullName, layoutOf, type LakeTable } from '../lake/lake-table.js';
import { SqlError } from './sql-errors.js';
import { checkExplain, checkStatement, explainedStatement } from './statement-check.js';
import { referencedColumns } from './sandbox.js';
import { instanceOptions } from './sandbox-instances.js';
import { tablesNamedIn } from './named-tables.js';
import { digitColumns, snapshotRead, tableSelect } from './snapshot-read.js';
import { TIERS } from './tiers.js';

/** The name DuckDB gives a lake table in a plan: tables of the default catalog are `memory.x.y`. */
const planName = (t: LakeTable) => [t.catalog || 'memory', t.schema_name, t.table_name].join('.');

/**
 * A saved query's result the SQL reads as `query_<id>` (executions/query-references.ts plans
 * them): the name the SQL reads it by (`query_12`, or the quoted form's text), the referenced
 * query's SQL as the engine runs it (engineSql) in its own dialect, and what that reads in turn.
 */
export type BindingReference = {
  name: string;
  sql: string;
  dialect: Dialect;
  references: BindingReference[];
};

type Column = { name: string; type: string };

/** A reference as the binding instance shows it: an empty table with its result's columns. */
type ReferenceTable = { name: string; columns: Column[] };

/**
 * The columns of referenced queries already bound, by dialect and SQL: bindings that see the same
 * tables (one context's, as one lineage binds a chain of queries) share one, so each query's
 * columns are found once, not again at every level that reads it.
 */
export type ReferenceColumns = Map<string, Promise<Column[]>>;

/**
 * The lake tables a query reads, as the engine binds them: CTEs, aliases, subqueries and string
 * literals are resolved by DuckDB itself, never by looking at the text.
 *
 * In a fresh in-memory DuckDB (never the trusted instance: binding user SQL could read files),
 * every table of `tables` the SQL could name becomes an EMPTY real table with its snapshot's
 * columns; the instance is then locked like an execution sandbox, the SQL is checked to be one
 * SELECT, and the physical plan of `EXPLAIN` (optimizer off, so nothing is pruned) lists every
 * table scan. `sql` is what the engine runs (parameters rendered, DuneSQL rewritten:
 * engineSql), and the instance is set up for its `dialect` as a sandbox is. A table the caller
 * cannot see does not exist there, so binding fails with DuckDB's own error (a SqlError).
 * Each of `references` is an empty table `main.<name>` with the columns its query's result has
 * (referenceTables; `known` shares them between bindings that see the same `tables`); the
 * tables a referenced query reads are not the SQL's own. The tables come back sorted by full name.
 */
export async function boundTables(opts: {
  sql: string;
  dialect: Dialect;
  tables: LakeTable[];
  lakeRoot: string;
  references?: BindingReference[];
  known?: ReferenceColumns;
}): Promise<LakeTable[]> {
  const references = await referenceTables(opts.references ?? [], {
    tables: opts.tables,
    lakeRoot: opts.lakeRoot,
    known: opts.known ?? new Map(),
  });
  return inBindingInstance({ ...opts, references }, async (conn, candidates) => {
    await checkStatement(conn, opts.sql);
    const names = await scannedTables(conn, opts.sql);
    const byName = new Map(candidates.map((t) => [planName(t), t]));
    const out: LakeTable[] = [];
    for (const name of names) {
      const t = byName.get(name);
      if (t && !out.includes(t)) out.push(t);
    }
    return out.sort((a, b) => fullName(a).localeCompare(fullName(b)));
  });
}

/**
 * Each reference as a table: the columns its query's result has as a run reads it
 * (referencedColumns), found by preparing its SQL in a binding instance of its own dialect that
 * sees the same `tables` and, recursively, its own references. A reference that cannot be bound
 * fails naming itself (`query_12: …`).
 */
async function referenceTables(
  refs: BindingReference[],
  sees: { tables: LakeTable[]; lakeRoot: string; known: ReferenceColumns },
): Promise<ReferenceTable[]> {
  const out: ReferenceTable[] = [];
  for (const ref of refs) {
    try {
      const key = JSON.stringify([ref.dialect, ref.sql]);
      let columns = sees.known.get(key);
      if (!columns) {
        columns = referenceColumns(ref, sees);
        sees.known.set(key, columns);
      }
      out.push({ name: ref.name, columns: await columns });
    } catch (err) {
      if (err instanceof SqlError) throw new SqlError(err.type, `${ref.name}: ${err.message}`);
      throw err;
    }
  }
  return out;
}

async function referenceColumns(
  ref: BindingReference,
  sees: { tables: LakeTable[]; lakeRoot: string; known: ReferenceColumns },
): Promise<Column[]> {
  const references = await referenceTables(ref.references, sees);
  const setup = { sql: ref.sql, dialect: ref.dialect, ...sees, references };
  const columns = await inBindingInstance(setup, (conn) => {
    const explained = explainedStatement(ref.sql);
    return explained === null
      ? checkStatement(conn, ref.sql)
      : checkExplain(conn, ref.sql, explained);
  });
  return referencedColumns(columns);
}

/**
 * A fresh in-memory instance set up for binding `sql` (see boundTables), given to `use` with the
 * tables of `tables` it shows; closed after.
 */
async function inBindingInstance<T>(
  opts: {
    sql: string;
    dialect: Dialect;
    tables: LakeTable[];
    lakeRoot: string;
    references: ReferenceTable[];
  },
  use: (conn: DuckDBConnection, candidates: LakeTable[]) => Promise<T>,
): Promise<T> {
  // Only the tables the text could name are created; this keeps binding fast.
  const candidates = tablesNamedIn(
    opts.sql,
    opts.tables.filter((t) => t.snapshot),
  );
  const instance = await DuckDBInstance.create(':memory:', instanceOptions(TIERS.small));
  const conn = await instance.connect();
  try {
    await createEmptyTables(conn, candidates, opts.lakeRoot, opts.dialect);
    await createReferenceTables(conn, opts.references);
    return await use(conn, candidates);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/**
 * The references' empty tables, made once the instance is locked: their column types are text
 * DuckDB wrote for user SQL's columns, so they are never run where files could be read.
 */
async function createReferenceTables(conn: DuckDBConnection, references: ReferenceTable[]) {
  for (const r of references) {
    const columns = r.columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ');
    try {
      await conn.run(`CREATE TABLE main.${quoteIdent(r.name)} (${columns})`);
    } catch (err) {
      throw new Error(`could not prepare the table ${r.name} for binding: ${String(err)}`);
    }
  }
}

async function createEmptyTables(
  conn: DuckDBConnection,
  tables: LakeTable[],
  lakeRoot: string,
  dialect: Dialect,
) {
  for (const setting of parserSettings(dialect)) await conn.run(setting);
  const statements = await dialectDefinitions(dialect);
  // `dune` always exists, so a table in it the caller may not see fails as "does not exist".
  const catalogs = new Set(['dune', ...tables.map((t) => t.catalog).filter(Boolean)]);
  for (const catalog of catalogs) statements.push(`ATTACH ':memory:' AS ${quoteIdent(catalog)}`);
  const schemas = new Set<string>();
  for (const t of tables) {
    const schema = [t.catalog, t.schema_name].filter(Boolean).map(quoteIdent).join('.');
    if (!schemas.has(schema)) {
      schemas.add(schema);
      statements.push(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    }
    const read = snapshotRead(lakeRoot, t.snapshot!, layoutOf(t));
    statements.push(
      `CREATE TABLE ${schema}.${quoteIdent(t.table_name)} AS ${tableSelect(read, digitColumns(t.columns))} LIMIT 0`,
    );
  }
  statements.push(
    'PRAGMA disable_optimizer',
    'SET enable_external_access = false',
    'SET lock_configuration = true',
  );
  try {
    await conn.run(statements.join(';\n'));
  } catch (err) {
    const names = tables.map(fullName).join(', ');
    throw new Error(`could not prepare the tables for binding (${names}): ${String(err)}`);
  }
}

type PlanNode = { name?: string; children?: PlanNode[]; extra_info?: { Table?: unknown } };

/** Every `Table` of a scan node in the physical plan, e.g. `dune.alice.result_a`. */
async function scannedTables(conn: DuckDBConnection, sql: string): Promise<string[]> {
  let value: string;
  try {
    const r = await conn.runAndReadAll(`EXPLAIN (FORMAT json) ${sql}`);
    const row = r.getRowObjectsJson().find((x) => x.explain_key === 'physical_plan');
    value = String(row?.explain_value ?? '[]');
  } catch (err) {
    throw new SqlError('FAILED_TYPE_EXECUTION_FAILED', err instanceof Error ? err.message : '');
  }
  const out: string[] = [];
  const walk = (node: PlanNode) => {
    if (/^(SEQ_SCAN|TABLE_SCAN)$/.test((node.name ?? '').trim())) {
      const table = node.extra_info?.Table;
      if (typeof table === 'string') out.push(table);
    }
    for (const child of node.children ?? []) walk(child);
  };
  for (const root of JSON.parse(value) as PlanNode[]) walk(root);
  return out;
}
