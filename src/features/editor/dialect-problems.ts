import type { Dialect } from '../../../contract/rules/enums';
import {
  DuneSqlError,
  rewriteDuneSql,
  unsupportedCalls,
} from '../../../shared/sql/dunesql/rewrite';

/** What a run of the text would refuse, found before the run: a range of the text (UTF-16). */
export type SqlProblem = { start: number; end: number; message: string };

/**
 * The problems the dialect's own layer finds in SQL as written (placeholders left alone), for the
 * editor to mark as the text changes: in DuneSQL, every call of a function Strata does not run,
 * and the first thing the rewrite refuses (a malformed `0x` literal, a lambda where none is
 * allowed), with the messages a run would give. DuckDB SQL runs as written: none.
 */
export function dialectProblems(sql: string, dialect: Dialect): SqlProblem[] {
  if (dialect !== 'dunesql') return [];
  const problems: SqlProblem[] = unsupportedCalls(sql).map(({ start, end, message }) => ({
    start,
    end,
    message,
  }));
  try {
    rewriteDuneSql(sql, { placeholders: true });
  } catch (err) {
    if (!(err instanceof DuneSqlError)) throw err;
    // The rewrite stops at an unsupported call too: that one is marked already.
    if (!problems.some((p) => p.start === err.start && p.end === err.end))
      problems.push({ start: err.start, end: err.end, message: err.message });
  }
  return problems.sort((a, b) => a.start - b.start);
}
