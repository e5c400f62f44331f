import { describe, expect, it } from 'vitest';
import { lex } from '../../../shared/sql/lexer';
import { contextOf, placeholders } from '../../../shared/sql/placeholders';
import { highlightSql, type HighlightKind } from './highlight';

/** SQL whose every character the editor must read as the server does (shared/sql/lexer.ts). */
const CORPUS = [
  "SELECT * FROM t WHERE chain = '{{chain}}' AND n > {{ min n }} LIMIT {{n}}",
  "SELECT '{{it's}}', {{b}} --'\n, \"{{a\"b}}\" AS x",
  "SELECT E'a\\'{{x}}' -- c\r{{y}}, 1e'q\\'' AS z",
  "SELECT E'a' -- it's\n  'b\\'{{c}}' AS s, 'd\\' AS t",
  'SELECT $$ {{v}} $$, $é$ x $é$, 1 AS é$$, $tag$ $$ {{w}} $tag$ /* /* {{*/}} */ */ x',
  "SELECT E'\\{{a}}', E'\\\\{{b}}', {{ }}, {{}}, '{{', 1, '}}'",
];

/** The server's reading: placeholders (filled in), strings, comments, and plain code. */
function serverKinds(sql: string): (HighlightKind | 'code')[] {
  const kinds: (HighlightKind | 'code')[] = [];
  for (const t of lex(sql).tokens) {
    const c = contextOf(t);
    const kind =
      t.kind === 'param'
        ? 'param'
        : c.kind === 'string' || c.kind === 'dollar'
          ? 'string'
          : c.kind.endsWith('comment')
            ? 'comment'
            : 'code';
    for (let i = t.start; i < t.end; i++) kinds.push(kind);
  }
  for (const p of placeholders(sql)) kinds.fill('param', p.start, p.end);
  return kinds;
}

/** The editor's painting, one kind a character (code's keywords, numbers, plain as `code`). */
function paintedKinds(sql: string): (HighlightKind | 'code')[] {
  const kinds: (HighlightKind | 'code')[] = [];
  highlightSql(sql).forEach((line, i) => {
    if (i > 0) kinds.push(kinds.length ? kinds[kinds.length - 1]! : 'code');
    for (const run of line) {
      const kind =
        run.kind === 'string' || run.kind === 'comment' || run.kind === 'param' ? run.kind : 'code';
      for (let k = 0; k < run.text.length; k++) kinds.push(kind);
    }
  });
  return kinds;
}

describe('highlightSql', () => {
  it('colours keywords, strings, numbers, comments and parameters, line by line', () => {
    expect(highlightSql("SELECT a, 'x' -- c\nFROM t LIMIT {{n}}")).toEqual([
      [
        { kind: 'keyword', text: 'SELECT' },
        { kind: 'plain', text: ' a, ' },
        { kind: 'string', text: "'x'" },
        { kind: 'plain', text: ' ' },
        { kind: 'comment', text: '-- c' },
      ],
      [
        { kind: 'keyword', text: 'FROM' },
        { kind: 'plain', text: ' t ' },
        { kind: 'keyword', text: 'LIMIT' },
        { kind: 'plain', text: ' ' },
        { kind: 'param', text: '{{n}}' },
      ],
    ]);
  });
  it('splits multi-line strings and comments, keeping empty lines and the text', () => {
    const sql = "select 1 /* a\n\nb */ , 'x\ny'\n";
    const lines = highlightSql(sql);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toEqual([]);
    expect(lines[2]).toEqual([
      { kind: 'comment', text: 'b */' },
      { kind: 'plain', text: ' , ' },
      { kind: 'string', text: "'x" },
    ]);
    expect(lines.map((l) => l.map((r) => r.text).join('')).join('\n')).toBe(sql);
  });
  it('paints every character as the server reads it, each placeholder it fills in as one', () => {
    for (const sql of CORPUS) {
      const server = serverKinds(sql);
      const painted = paintedKinds(sql);
      let differ = -1;
      for (let i = 0; i < sql.length && differ < 0; i++)
        if (sql[i] !== '\n' && server[i] !== painted[i]) differ = i;
      expect(differ, `${sql} at ${differ}`).toBe(-1);
    }
  });
});
