import { describe, expect, it } from 'vitest';
import { runLabel, runTarget, splitStatements, statementAt } from './statements';

/** The text with `|` removed, and the offset where it was. */
function cursor(marked: string): [string, number] {
  const at = marked.indexOf('|');
  return [marked.slice(0, at) + marked.slice(at + 1), at];
}

describe('splitStatements', () => {
  it('splits on top-level semicolons and trims each statement', () => {
    const sql = 'SELECT 1;\n  SELECT 2 ;\nSELECT 3';
    expect(splitStatements(sql).map((s) => s.text)).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
  });

  it('ignores semicolons in strings, quoted identifiers, comments and dollar quotes', () => {
    const sql = [
      'SELECT \'a;b\', "c;d" -- e;f',
      '/* g; /* nested; */ h; */ FROM t;',
      "SELECT $$i;j$$, E'k\\';l'; SELECT 2",
    ].join('\n');
    const texts = splitStatements(sql).map((s) => s.text);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/^SELECT 'a;b'.*FROM t$/s);
    expect(texts[1]).toBe("SELECT $$i;j$$, E'k\\';l'");
    expect(texts[2]).toBe('SELECT 2');
  });

  it('marks segments with only whitespace or comments as blank', () => {
    const blanks = splitStatements('SELECT 1; -- done\n;').map((s) => s.blank);
    expect(blanks).toEqual([false, true, true]);
  });

  it('keeps an unterminated string to the end of the text', () => {
    expect(splitStatements("SELECT 'a; b").map((s) => s.text)).toEqual(["SELECT 'a; b"]);
  });
});

describe('statementAt', () => {
  const at = (marked: string) => {
    const [sql, offset] = cursor(marked);
    return statementAt(sql, offset)?.text ?? null;
  };

  it('finds the statement the cursor is in', () => {
    expect(at('SELECT 1;\nSELECT |2;\nSELECT 3')).toBe('SELECT 2');
    expect(at('SELECT| 1;\nSELECT 2')).toBe('SELECT 1');
    expect(at('SELECT 1|;\nSELECT 2')).toBe('SELECT 1');
  });

  it('gives a cursor right after a semicolon on the same line to the statement before', () => {
    expect(at('SELECT 1;| SELECT 2')).toBe('SELECT 1');
    expect(at('SELECT 1;  |\nSELECT 2')).toBe('SELECT 1');
  });

  it('gives a cursor at the start of the next line to the statement after', () => {
    expect(at('SELECT 1;\n|SELECT 2')).toBe('SELECT 2');
  });

  it('gives a cursor in trailing blank text to the last statement', () => {
    expect(at('SELECT 1;\nSELECT 2;\n\n|')).toBe('SELECT 2');
    expect(at('SELECT 1;\nSELECT 2; -- the end |')).toBe('SELECT 2');
  });

  it('has no statement in an empty text', () => {
    expect(at('  | ')).toBeNull();
  });
});

describe('runTarget', () => {
  const target = (marked: string, selection: [number, number] | null = null) => {
    const [sql, offset] = cursor(marked);
    return runTarget(sql, selection && { start: selection[0], end: selection[1] }, offset);
  };

  it('runs the selection when there is one', () => {
    expect(target('SELECT 1;\nSELECT 2|', [0, 8])).toEqual({ sql: 'SELECT 1', scope: 'selection' });
  });

  it('runs the query when the selection is the whole text, even of several statements', () => {
    expect(target('SELECT 1;\nSELECT 2|', [0, 18])).toEqual({
      sql: 'SELECT 1;\nSELECT 2',
      scope: 'query',
    });
    expect(target(' SELECT 1 |', [1, 9])).toEqual({ sql: ' SELECT 1 ', scope: 'query' });
  });

  it('ignores a selection of whitespace only', () => {
    expect(target('SELECT 1|  ', [8, 10])).toEqual({ sql: 'SELECT 1  ', scope: 'query' });
  });

  it('runs the statement at the cursor when there are several', () => {
    expect(target('SELECT 1;\nSELECT |2;')).toEqual({ sql: 'SELECT 2', scope: 'statement' });
  });

  it('runs the whole text when it holds a single statement', () => {
    expect(target('-- note\nSELECT |1;\n')).toEqual({
      sql: '-- note\nSELECT 1;\n',
      scope: 'query',
    });
  });

  it('labels the Run button for each scope', () => {
    expect(runLabel('selection')).toBe('Run selection');
    expect(runLabel('statement')).toBe('Run statement');
    expect(runLabel('query')).toBe('Run');
  });
});
