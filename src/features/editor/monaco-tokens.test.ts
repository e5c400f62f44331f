import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lex, type LexState } from '../../../shared/sql/lexer';
import { tokenizeLine } from './monaco-tokens';

type Class = 'param' | 'string' | 'comment' | 'code';

/** Each character's class as the shared lexer reads the whole text. */
function wholeText(sql: string): Class[] {
  const classes: Class[] = [];
  const { tokens, placeholders } = lex(sql);
  for (const t of tokens) {
    const c = t.kind === 'string' || t.kind === 'comment' || t.kind === 'param' ? t.kind : 'code';
    for (let i = t.start; i < t.end; i++) classes.push(c);
  }
  for (const p of placeholders) classes.fill('param', p.start, p.end);
  return classes;
}

/** Each character's class as Monaco paints it, a line at a time (line breaks: `code`). */
function lineByLine(sql: string): Class[] {
  const classes: Class[] = [];
  let state: LexState = { in: 'code' };
  for (const [k, line] of sql.split('\n').entries()) {
    if (k > 0) classes.push('code');
    const { tokens, state: end } = tokenizeLine(line, state);
    tokens.forEach((t, i) => {
      const next = tokens[i + 1]?.startIndex ?? line.length;
      const c: Class = t.scopes.startsWith('variable')
        ? 'param'
        : t.scopes.startsWith('string')
          ? 'string'
          : t.scopes.startsWith('comment')
            ? 'comment'
            : 'code';
      for (let j = t.startIndex; j < next; j++) classes.push(c);
    });
    state = end;
  }
  return classes;
}

const PIECES = [
  "'",
  "''",
  "E'",
  '"',
  '\\',
  '$',
  '$$',
  '$a$',
  '{{x}}',
  '{{ a b }}',
  '--',
  '/*',
  '*/',
  '\n',
  ' ',
  'a',
  'e',
  '1',
  'SELECT',
  'sum',
  '(',
  ',',
  ';',
];

describe('Monaco’s SQL colours', () => {
  it('paint a text line by line as the shared lexer reads it whole', () => {
    const sql = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(sql, (text) => {
        // A placeholder whose name runs over a line break is painted as the text around it.
        fc.pre(!lex(text).placeholders.some((p) => text.slice(p.start, p.end).includes('\n')));
        const whole = wholeText(text);
        const lines = lineByLine(text);
        for (let i = 0; i < text.length; i++)
          if (text[i] !== '\n') expect(lines[i], `${JSON.stringify(text)} at ${i}`).toBe(whole[i]);
      }),
      { numRuns: 500 },
    );
  });

  it('colour keywords, functions, strings, numbers, comments and placeholders', () => {
    expect(tokenizeLine("SELECT sum(x), '{{c}}', 1 -- n", { in: 'code' }).tokens).toEqual([
      { startIndex: 0, scopes: 'keyword.sql' },
      { startIndex: 6, scopes: 'white.sql' },
      { startIndex: 7, scopes: 'predefined.sql' },
      { startIndex: 10, scopes: 'operator.sql' },
      { startIndex: 11, scopes: 'identifier.sql' },
      { startIndex: 12, scopes: 'operator.sql' },
      { startIndex: 13, scopes: 'delimiter.sql' },
      { startIndex: 14, scopes: 'white.sql' },
      { startIndex: 15, scopes: 'string.sql' },
      { startIndex: 16, scopes: 'variable.sql' },
      { startIndex: 21, scopes: 'string.sql' },
      { startIndex: 22, scopes: 'delimiter.sql' },
      { startIndex: 23, scopes: 'white.sql' },
      { startIndex: 24, scopes: 'number.sql' },
      { startIndex: 25, scopes: 'white.sql' },
      { startIndex: 26, scopes: 'comment.sql' },
    ]);
  });

  it('carry a comment, a dollar quote and an escape string over lines', () => {
    const { state } = tokenizeLine("/* a /* b */ $$ E'x\\", { in: 'code' });
    expect(state).toEqual({ in: 'block', depth: 1 });
    expect(tokenizeLine('*/ $t$ x', { in: 'block', depth: 1 }).state).toEqual({
      in: 'dollar',
      tag: '$t$',
    });
    expect(tokenizeLine("E'a'", { in: 'code' }).state).toEqual({ in: 'code', continues: true });
    expect(tokenizeLine("'b\\' c'", { in: 'code', continues: true }).tokens).toEqual([
      { startIndex: 0, scopes: 'string.sql' },
    ]);
  });

  it("paint DuneSQL's varbinary literals whole, and the dialect's own functions and types", () => {
    const line = "select varbinary_ltrim(0xAb01), X'ff', cast(a as uint256)";
    const scopeAt = (dialect: 'dunesql' | 'duckdb', text: string) => {
      const { tokens } = tokenizeLine(line, { in: 'code' }, dialect);
      const at = line.indexOf(text);
      return tokens.filter((t) => t.startIndex <= at).pop()!.scopes;
    };
    expect(scopeAt('dunesql', 'varbinary_ltrim')).toBe('predefined.sql');
    expect(scopeAt('duckdb', 'varbinary_ltrim')).toBe('identifier.sql');
    expect(scopeAt('dunesql', 'xAb01')).toBe('number.sql');
    expect(scopeAt('duckdb', 'xAb01')).toBe('identifier.sql');
    expect(scopeAt('dunesql', "X'ff'")).toBe('string.sql');
    expect(scopeAt('dunesql', 'uint256')).toBe('keyword.sql');
    expect(scopeAt('duckdb', 'uint256')).toBe('identifier.sql');
  });
});
