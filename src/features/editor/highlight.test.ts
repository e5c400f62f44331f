import { describe, expect, it } from 'vitest';
import { DIALECTS, type Dialect } from '../../../contract/rules/enums';
import { lex, type LexState } from '../../../shared/sql/lexer';
import { contextOf, placeholders } from '../../../shared/sql/placeholders';
import { highlightDiff, highlightSql, type HighlightKind } from './highlight';
import { lineDiff } from './line-diff';
import { tokenizeLine } from './monaco-tokens';

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
function paintedKinds(sql: string, dialect: Dialect): (HighlightKind | 'code')[] {
  const kinds: (HighlightKind | 'code')[] = [];
  highlightSql(sql, dialect).forEach((line, i) => {
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
    expect(highlightSql("SELECT a, 'x' -- c\nFROM t LIMIT {{n}}", 'duckdb')).toEqual([
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
    const lines = highlightSql(sql, 'dunesql');
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
    for (const dialect of DIALECTS)
      for (const sql of CORPUS) {
        const server = serverKinds(sql);
        const painted = paintedKinds(sql, dialect);
        let differ = -1;
        for (let i = 0; i < sql.length && differ < 0; i++)
          if (sql[i] !== '\n' && server[i] !== painted[i]) differ = i;
        expect(differ, `${dialect}: ${sql} at ${differ}`).toBe(-1);
      }
  });

  it('paints the keywords of the dialect it is given', () => {
    const sql = 'SELECT a FROM t CROSS JOIN UNNEST(x) QUALIFY CAST(a AS varbinary) = 0';
    const keywords = (dialect: Dialect) =>
      highlightSql(sql, dialect)
        .flat()
        .filter((r) => r.kind === 'keyword')
        .map((r) => r.text);
    expect(keywords('dunesql')).toEqual([
      'SELECT',
      'FROM',
      'CROSS',
      'JOIN',
      'UNNEST',
      'CAST',
      'AS',
      'varbinary',
    ]);
    expect(keywords('duckdb')).toEqual([
      'SELECT',
      'FROM',
      'CROSS',
      'JOIN',
      'QUALIFY',
      'CAST',
      'AS',
    ]);
  });

  it('paints a DuneSQL varbinary literal whole; DuckDB reads 0x… as 0 AS x…', () => {
    const sql = "SELECT 0xdac17f AS a, X'ab' AS b";
    expect(highlightSql(sql, 'dunesql')[0]).toEqual([
      { kind: 'keyword', text: 'SELECT' },
      { kind: 'plain', text: ' ' },
      { kind: 'number', text: '0xdac17f' },
      { kind: 'plain', text: ' ' },
      { kind: 'keyword', text: 'AS' },
      { kind: 'plain', text: ' a, ' },
      { kind: 'string', text: "X'ab'" },
      { kind: 'plain', text: ' ' },
      { kind: 'keyword', text: 'AS' },
      { kind: 'plain', text: ' b' },
    ]);
    expect(highlightSql(sql, 'duckdb')[0]!.slice(2, 4)).toEqual([
      { kind: 'number', text: '0' },
      { kind: 'plain', text: 'xdac17f ' },
    ]);
  });

  it('colours every word as the editor (Monaco) does in each dialect', () => {
    const sql = [
      "SELECT 0xabcd, X'00', CAST(v AS uint256) AS n, {{chain}} -- c",
      'FROM t CROSS JOIN UNNEST(a) QUALIFY row_number() OVER () = 1 /* x',
      "y */ LIMIT 10 OFFSET '{{o}}'",
    ].join('\n');
    const monacoKind = (scopes: string): HighlightKind => {
      const scope = scopes.replace(/\.sql$/, '');
      if (scope === 'variable') return 'param';
      return scope === 'keyword' || scope === 'string' || scope === 'number' || scope === 'comment'
        ? scope
        : 'plain';
    };
    for (const dialect of DIALECTS) {
      const editor: HighlightKind[] = [];
      let state: LexState = { in: 'code' };
      for (const line of sql.split('\n')) {
        const { tokens, state: end } = tokenizeLine(line, state, dialect);
        tokens.forEach((t, i) => {
          const next = tokens[i + 1]?.startIndex ?? line.length;
          for (let j = t.startIndex; j < next; j++) editor.push(monacoKind(t.scopes));
        });
        state = end;
      }
      const preview = highlightSql(sql, dialect).flatMap((line) =>
        line.flatMap((r) => [...r.text].map(() => r.kind)),
      );
      expect(preview, dialect).toEqual(editor);
    }
  });
});

describe('highlightDiff', () => {
  it('paints removed lines in the older side’s dialect and the others in the newer’s', () => {
    const older = {
      sql: 'SELECT a\n/* note\nQUALIFY */ FROM t QUALIFY x',
      dialect: 'duckdb' as const,
    };
    const newer = {
      sql: 'SELECT a\n/* note\nQUALIFY */ FROM t QUALIFY y',
      dialect: 'dunesql' as const,
    };
    const lines = lineDiff(older.sql, newer.sql);
    const painted = highlightDiff(lines, older, newer);
    expect(lines.map((l) => l.kind)).toEqual(['same', 'same', 'removed', 'added']);
    // A comment over lines keeps its colour; QUALIFY is DuckDB's keyword, not DuneSQL's.
    const comment = { kind: 'comment', text: 'QUALIFY */' };
    const from = [
      { kind: 'plain', text: ' ' },
      { kind: 'keyword', text: 'FROM' },
    ];
    expect(painted[2]).toEqual([
      comment,
      ...from,
      { kind: 'plain', text: ' t ' },
      { kind: 'keyword', text: 'QUALIFY' },
      { kind: 'plain', text: ' x' },
    ]);
    expect(painted[3]).toEqual([comment, ...from, { kind: 'plain', text: ' t QUALIFY y' }]);
    expect(painted.slice(0, 2)).toEqual(highlightSql(newer.sql, 'dunesql').slice(0, 2));
  });
});
