import { describe, expect, it } from 'vitest';
import { highlightSql } from './highlight';

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
});
