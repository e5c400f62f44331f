import type { Dialect } from '../../../contract/rules/enums';
import { isBinaryLiteral, isHexLiteral } from '../../../shared/sql/dunesql/literals';
import { lex, type Token } from '../../../shared/sql/lexer';
import type { DiffLine } from './line-diff';
import { paintedKeywordsOf } from './sql-keywords';

export type HighlightKind = 'keyword' | 'string' | 'number' | 'comment' | 'param' | 'plain';
export type Highlighted = { kind: HighlightKind; text: string };

function kindOf(t: Token, keywords: ReadonlySet<string>): HighlightKind {
  switch (t.kind) {
    case 'word':
      return keywords.has(t.text.toUpperCase()) ? 'keyword' : 'plain';
    case 'string':
    case 'number':
    case 'comment':
    case 'param':
      return t.kind;
    default:
      return 'plain';
  }
}

/**
 * The SQL cut into lines of coloured runs, as the editor paints it in `dialect` (the dialect's
 * keywords, sql-keywords.ts; in DuneSQL a varbinary literal whole, as monaco-tokens.ts does),
 * for the read-only views of SQL: keywords, strings, numbers, comments and `{{parameters}}`
 * (also inside strings and comments, where the server fills them in too); everything else
 * plain. Joining every run of every line with `\n` gives the text back.
 */
export function highlightSql(sql: string, dialect: Dialect): Highlighted[][] {
  const lines: Highlighted[][] = [[]];
  const push = (kind: HighlightKind, text: string) => {
    text.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (!part) return;
      const line = lines[lines.length - 1]!;
      const last = line[line.length - 1];
      if (last && last.kind === kind) last.text += part;
      else line.push({ kind, text: part });
    });
  };
  const keywords = paintedKeywordsOf(dialect);
  const dune = dialect === 'dunesql';
  const { tokens, placeholders } = lex(sql);
  let p = 0;
  // The kind a token passes to the next: `0` and `xabcd` are one DuneSQL literal.
  let carried: HighlightKind | null = null;
  tokens.forEach((t, i) => {
    const kind = carried ?? (dune && isBinaryLiteral(tokens, i) ? 'string' : kindOf(t, keywords));
    carried = dune && isHexLiteral(tokens, i) ? kind : null;
    let at = t.start;
    for (; placeholders[p]?.in === t; p++) {
      const { start, end } = placeholders[p]!;
      push(kind, sql.slice(at, start));
      push('param', sql.slice(start, end));
      at = end;
    }
    push(kind, sql.slice(at, t.end));
  });
  return lines;
}

/** One side of a diff: a text and the dialect it is read in. */
export type DiffSide = { sql: string; dialect: Dialect };

/**
 * The coloured runs of each line of a line diff of `newer` against `older`: a removed line as
 * the older text paints it in its dialect, the others as the newer text does in its own. Each
 * text is painted whole, so a string or comment over several lines keeps its colour.
 */
export function highlightDiff(lines: DiffLine[], older: DiffSide, newer: DiffSide) {
  const old = highlightSql(older.sql, older.dialect);
  const now = highlightSql(newer.sql, newer.dialect);
  return lines.map((l): Highlighted[] =>
    l.newLine === null ? (old[(l.oldLine ?? 0) - 1] ?? []) : (now[l.newLine - 1] ?? []),
  );
}
