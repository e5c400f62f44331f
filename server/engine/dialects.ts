import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Dialect } from '../../contract/rules/enums.js';
import { DUNESQL_MACROS } from '../../shared/sql/dunesql/functions.js';
import { DuneSqlError, rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import type { SqlMark } from '../../shared/sql/offsets.js';
import { quoteLiteral } from './duck.js';
import { SqlError } from './sql-errors.js';

// What a run's dialect means to the engine, in one place: the SQL DuckDB runs for it, and what
// an instance that runs it is set up with (the sandbox, and the binding of lineage).

/**
 * The DuckDB SQL to run for `sql` (its `{{parameters}}` rendered) written in `dialect`: DuneSQL
 * rewritten (shared/sql/dunesql/rewrite.ts), with `marks` saying where each rewritten piece was
 * in `sql`; DuckDB SQL as it is. DuneSQL the rewrite cannot run is a syntax error at its place
 * in `sql`, reported as any error of the parser (a failed execution with a line and column).
 */
export function engineSql(sql: string, dialect: Dialect): { sql: string; marks: SqlMark[] } {
  if (dialect !== 'dunesql') return { sql, marks: [] };
  try {
    return rewriteDuneSql(sql);
  } catch (err) {
    if (err instanceof DuneSqlError) throw new SqlError('syntax_error', err.message, err.start);
    throw err;
  }
}

/**
 * Settings that change how DuckDB parses SQL, each to run on its own before any other statement
 * of the instance: DuckDB parses every statement of a text before it runs the first, so a
 * setting in the same text as a query comes too late for it. DuneSQL divides integers as Trino
 * does (`7 / 2` is 3); its macros were parsed that way too (duneSqlLibrary).
 */
export const parserSettings = (dialect: Dialect): readonly string[] =>
  dialect === 'dunesql' ? ['SET integer_division = true'] : [];

/** The catalog DuneSQL's macros are read from in an instance (`dunesql_lib.main.dunesql_…`). */
const LIBRARY_CATALOG = 'dunesql_lib';

/**
 * What an instance runs `dialect` with, for its set-up text after parserSettings and before its
 * configuration is locked: for DuneSQL, its macros (DUNESQL_MACROS), attached read-only from
 * this thread's library and found by name through the search path. Creating them in each
 * instance instead took 70-160 ms of every fresh instance's set-up (136 macros, 2 cores, other
 * work running); attaching the library takes about 5 ms.
 */
export async function dialectDefinitions(dialect: Dialect): Promise<string[]> {
  if (dialect !== 'dunesql' || DUNESQL_MACROS.length === 0) return [];
  const file = await duneSqlLibrary();
  return [
    `ATTACH ${quoteLiteral(file)} AS ${LIBRARY_CATALOG} (READ_ONLY)`,
    `SET search_path = 'memory.main,${LIBRARY_CATALOG}.main'`,
  ];
}

let library: Promise<string> | undefined;

/**
 * This thread's DuckDB file holding DuneSQL's macros, made at its first use (in a folder of its
 * own, removed when the thread ends) and made again should it be gone (a cleaned temp folder).
 */
export async function duneSqlLibrary(): Promise<string> {
  const made = library && (await library.catch(() => undefined));
  if (made && fs.existsSync(made)) return made;
  library = makeLibrary();
  return library;
}

async function makeLibrary(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dunesql-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'macros.duckdb');
  const instance = await DuckDBInstance.create(file, {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  try {
    const conn = await instance.connect();
    try {
      // The macros' bodies are parsed as DuneSQL runs are: `/` on integers is Trino's.
      for (const setting of parserSettings('dunesql')) await conn.run(setting);
      await conn.run(DUNESQL_MACROS.join(';\n'));
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
  return file;
}
