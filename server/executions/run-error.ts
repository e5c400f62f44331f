import type { Dialect } from '../../contract/rules/enums.js';
import { isDiskFull, withoutServerPaths } from '../disk-full.js';
import { duneSqlError } from '../engine/dunesql-errors.js';
import { outOfMemoryMessage } from '../engine/out-of-memory.js';
import { SqlError } from '../engine/sql-errors.js';
import { lineColumn } from '../engine/sql-errors.js';
import type { Tier } from '../engine/tiers.js';
import type { Logger } from '../log.js';
import type { ExecutionError } from './execution-record.js';

/**
 * The error a failed run records: the engine's message without server paths (in the hosted
 * service's words for a DuneSQL run: engine/dunesql-errors.ts), with the line and column in the
 * SQL as written when DuckDB names a position; running out of the tier's memory
 * (and spill disk) names the limit (engine/out-of-memory.ts); a full disk or an unexpected
 * failure says so without details (those go to the server log).
 */
export function runError(
  err: unknown,
  run: { originalSql: string; toOriginal: (offset: number) => number; dialect?: Dialect },
  engine: { dataDir: string; tier: Tier; maxSpillBytes: number },
  log: Logger,
): ExecutionError {
  if (isDiskFull(err))
    return {
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: 'the server ran out of disk space while running this query; run it again later',
    };
  if (!(err instanceof SqlError)) {
    log.error({ err }, 'the engine failed unexpectedly');
    return {
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: 'the engine failed unexpectedly; see the server log',
    };
  }
  const memory = outOfMemoryMessage(err.message, engine.tier, engine.maxSpillBytes);
  if (memory) return { type: 'FAILED_TYPE_EXECUTION_FAILED', message: memory };
  const message = withoutServerPaths(err.message, engine.dataDir);
  const at = err.offset === undefined ? undefined : run.toOriginal(err.offset);
  const shown =
    run.dialect === 'dunesql'
      ? duneSqlError(message, run.originalSql, at)
      : { message, offset: at };
  const said = withReferenceHint(shown.message);
  if (shown.offset === undefined) return { type: err.type, message: said };
  const metadata = lineColumn(run.originalSql, shown.offset);
  return { type: err.type, message: said, metadata };
}

/** A missing table named like a query reference (`query_abc`), up to the end of its sentence. */
const MISSING_QUERY_TABLE = /\bTable (?:with name )?['"]?(query_.*?)['"]? does not exist(!?)/i;

/**
 * A run that read `query_<something>` as a missing table, its id not a number, is told how a
 * saved query is read, right after the sentence that says the table is missing. Other errors
 * are left as they are.
 */
export function withReferenceHint(message: string): string {
  return message.replace(MISSING_QUERY_TABLE, (said, name: string, bang: string) =>
    /^query_\d+\s*(\(.*\))?$/i.test(name)
      ? said
      : `${said}${bang ? '' : '.'} A saved query's result is read as query_<id>, its id a number (query_1234), or "query_1234(name='value')" with values.`,
  );
}
