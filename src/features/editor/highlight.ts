import { SQL_KEYWORDS } from './sql-keywords';
import { lex, type Token } from '../../../shared/sql/lexer';

export type HighlightKind = 'keyword' | 'string' | 'number' | 'comment' | 'param' | 'plain';
export type Highlighted = { kind: HighlightKind; text: string };

const KEYWORDS = new Set(SQL_KEYWORDS);

function kindOf(t: Token): HighlightKind {
  switch (t.kind) {
    case 'word':
      return KEYWORDS.has(t.text.toUpperCase()) ? 'keyword' : 'plain';
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
 * The SQL cut into lines of coloured runs, as the read-only view shown while Monaco loads
 * paints it: keywords, strings, numbers, comments and `{{parameters}}` (also inside strings and
 * comments, where the server fills them in too); everything else plain. Joining every run of
 * every line with `\n` gives the text back.
 */
export function highlightSql(sql: string): Highlighted[][] {
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
  const { tokens, placeholders } = lex(sql);
  let p = 0;
  for (const t of tokens) {
    const kind = kindOf(t);
    let at = t.start;
    for (; placeholders[p]?.in === t; p++) {
      const { start, end } = placeholders[p]!;
      push(kind, sql.slice(at, start));
      push('param', sql.slice(start, end));
      at = end;
    }
    push(kind, sql.slice(at, t.end));
  }
  return lines;
}
