/** Where `part` starts inside `full` as a 0-based line and column offset (0, 0 if not found). */
export function startOf(full: string, part: string): { line: number; column: number } {
  const at = full.indexOf(part);
  if (at <= 0) return { line: 0, column: 0 };
  const before = full.slice(0, at).split('\n');
  return { line: before.length - 1, column: before[before.length - 1]!.length };
}

/**
 * A position the service reports in the SQL it ran (1-based), moved into the editor's full text
 * when only a selection or statement starting at `start` was run.
 */
export function shiftPosition(
  pos: { line: number; column: number },
  start: { line: number; column: number },
): { line: number; column: number } {
  return pos.line === 1
    ? { line: 1 + start.line, column: pos.column + start.column }
    : { line: pos.line + start.line, column: pos.column };
}
