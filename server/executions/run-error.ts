import { isDiskFull, withoutServerPaths } from '../disk-full.js';
import { SqlError } from '../engine/sandbox.js';
import { lineColumn } from '../engine/sql-errors.js';
import type { ExecutionError } from './execution-record.js';

/**
 * The error a failed run records: the engine's message without server paths, with the line and
 * column in the SQL as written when DuckDB names a position; a full disk or an unexpected
 * failure says so without details (those go to the server log).
 */
export function runError(
  err: unknown,
  run: { originalSql: string; toOriginal: (offset: number) => number },
  dataDir: string,
): ExecutionError {
  if (isDiskFull(err))
    return {
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: 'the server ran out of disk space while running this query; run it again later',
    };
  if (!(err instanceof SqlError)) {
    console.error(err);
    return {
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: 'the engine failed unexpectedly; see the server log',
    };
  }
  const message = withoutServerPaths(err.message, dataDir);
  if (err.offset === undefined) return { type: err.type, message };
  const { line, column } = lineColumn(run.originalSql, run.toOriginal(err.offset));
  return { type: err.type, message, metadata: { line, column } };
}
