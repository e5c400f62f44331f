import { isCode, lexSql, type Token } from '../../../shared/sql/lexer';

export type RunScope = 'selection' | 'statement' | 'query';
export type RunTarget = { sql: string; scope: RunScope };

/** One statement of the text: `[start, end)` is its trimmed text, without the closing `;`. */
export type Statement = {
  start: number;
  end: number;
  text: string;
  /** Where its segment begins (just past the previous `;`) and ends (at its own `;`, or EOF). */
  segmentStart: number;
  segmentEnd: number;
  /** Whether it holds any code (not just whitespace and comments). */
  blank: boolean;
};

/** Splits on top-level `;` (never inside strings, quoted identifiers or comments). */
export function splitStatements(sql: string, tokens: Token[] = lexSql(sql)): Statement[] {
  const out: Statement[] = [];
  let segStart = 0;
  let segTokens: Token[] = [];
  const close = (segEnd: number) => {
    const content = segTokens.filter((t) => t.kind !== 'space');
    const first = content[0];
    const last = content[content.length - 1];
    const start = first ? first.start : segStart;
    const end = last ? last.end : segStart;
    out.push({
      start,
      end,
      text: sql.slice(start, end),
      segmentStart: segStart,
      segmentEnd: segEnd,
      blank: !segTokens.some(isCode),
    });
  };
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ';') {
      close(t.start);
      segStart = t.end;
      segTokens = [];
    } else segTokens.push(t);
  }
  close(sql.length);
  return out;
}

/**
 * The statement the cursor is in. A cursor in the blank space after a `;` (at the end of the
 * text, or on the same line as the `;`) belongs to the statement before it.
 */
export function statementAt(sql: string, offset: number, statements = splitStatements(sql)) {
  const index = statements.findIndex((s) => offset >= s.segmentStart && offset <= s.segmentEnd);
  if (index < 0) return null;
  const current = statements[index]!;
  const previous = statements
    .slice(0, index)
    .reverse()
    .find((s) => !s.blank);
  const beforeCode = current.blank || offset <= current.start;
  const gap = sql.slice(current.segmentStart, offset);
  if (beforeCode && previous && (current.blank || !gap.includes('\n'))) return previous;
  return current.blank ? null : current;
}

export type EditorSelection = { start: number; end: number };

/**
 * What Run runs: the selection if it holds anything, else the statement at the cursor when the
 * text has more than one, else the whole text.
 */
export function runTarget(sql: string, selection: EditorSelection | null, cursor: number) {
  if (selection && selection.end > selection.start) {
    const selected = sql.slice(selection.start, selection.end);
    // A selection of the whole text (Ctrl+A, a new query's starting text) runs the query.
    if (selected.trim() === sql.trim()) return { sql, scope: 'query' } satisfies RunTarget;
    if (selected.trim()) return { sql: selected, scope: 'selection' } satisfies RunTarget;
  }
  const statements = splitStatements(sql);
  if (statements.filter((s) => !s.blank).length > 1) {
    const st = statementAt(sql, cursor, statements);
    if (st) return { sql: st.text, scope: 'statement' } satisfies RunTarget;
  }
  return { sql, scope: 'query' } satisfies RunTarget;
}

/** The label of the Run button for a scope. */
export function runLabel(scope: RunScope): string {
  return scope === 'selection' ? 'Run selection' : scope === 'statement' ? 'Run statement' : 'Run';
}
