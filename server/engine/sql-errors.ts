/** A failure of user SQL, reported in the execution's `error` (never an HTTP status). */
export class SqlError extends Error {
  constructor(
    readonly type:
      | 'syntax_error'
      | 'FAILED_TYPE_EXECUTION_FAILED'
      | 'FAILED_TYPE_NOT_ALLOWED'
      | 'FAILED_TYPE_CANCELLED',
    message: string,
    /** Offset of the fault in the SQL as run, when DuckDB reports one. */
    readonly offset?: number,
  ) {
    super(message);
  }
}

/** Turns DuckDB's errors into SqlErrors with a kind and, when it shows one, a position in `sql`. */
export async function guard<T>(fn: () => Promise<T>, sql?: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SqlError) throw err;
    const message = (err instanceof Error ? err.message : String(err)).replace(
      /^Failed to extract statements: /,
      '',
    );
    if (/^INTERRUPT Error/i.test(message))
      throw new SqlError('FAILED_TYPE_CANCELLED', 'the execution was interrupted');
    const type = /^Parser Error/i.test(message) ? 'syntax_error' : 'FAILED_TYPE_EXECUTION_FAILED';
    throw new SqlError(type, message, sql === undefined ? undefined : errorOffset(message, sql));
  }
}

/**
 * Finds where DuckDB says an error is. Its messages carry a context like
 *   LINE 2: FROM nope_table
 *                ^
 * where a long line is shown as a window that starts with "...". Returns the 0-based offset of
 * the fault in `sql`, or undefined when the message shows no position.
 */
export function errorOffset(message: string, sql: string): number | undefined {
  const m = /\n(LINE (\d+): )(.*)\n( *)\^/.exec(message);
  if (!m) return /at end of input/i.test(message) ? lastTokenOffset(sql) : undefined;
  const [, prefix = '', lineNo, snippet = '', spaces = ''] = m;
  const lines = sql.split('\n');
  const index = Number(lineNo) - 1;
  const line = lines[index];
  if (line === undefined) return undefined;
  const lineStart = lines.slice(0, index).reduce((n, l) => n + l.length + 1, 0);
  let caret = spaces.length - prefix.length;
  if (snippet.startsWith('...')) {
    const shown = snippet.slice(3).replace(/\.\.\.$/, '');
    const at = line.indexOf(shown);
    if (at === -1) return undefined;
    caret = at + caret - 3;
  }
  return lineStart + Math.max(0, Math.min(caret, line.length));
}

/**
 * Where the last token of `sql` starts: a statement that stops too early ("syntax error at end
 * of input", which DuckDB reports without a position) is marked there.
 */
export function lastTokenOffset(sql: string): number | undefined {
  const end = sql.trimEnd().length;
  if (end === 0) return undefined;
  let start = end - 1;
  if (/\w/.test(sql[start]!)) while (start > 0 && /\w/.test(sql[start - 1]!)) start--;
  return start;
}

/** 1-based line and column of an offset. */
export function lineColumn(sql: string, offset: number): { line: number; column: number } {
  const before = sql.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
