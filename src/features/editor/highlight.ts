import { SQL_KEYWORDS } from './sql-keywords';
import { lexSql } from './sql-lexer';

export type HighlightKind = 'keyword' | 'string' | 'number' | 'comment' | 'param' | 'plain';
export type Highlighted = { kind: HighlightKind; text: string };

const KEYWORDS = new Set(SQL_KEYWORDS);

/**
 * The SQL cut into lines of coloured runs, as the read-only view shown while Monaco loads
 * paints it: keywords, strings, numbers, comments and `{{parameters}}`; everything else plain.
 * Joining every run of every line with `\n` gives the text back.
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
  for (const t of lexSql(sql)) {
    switch (t.kind) {
      case 'word':
        push(KEYWORDS.has(t.text.toUpperCase()) ? 'keyword' : 'plain', t.text);
        break;
      case 'string':
      case 'number':
      case 'comment':
      case 'param':
        push(t.kind, t.text);
        break;
      default:
        push('plain', t.text);
    }
  }
  return lines;
}
