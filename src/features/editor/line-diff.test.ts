import { describe, expect, it } from 'vitest';
import { diffStats, lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('marks kept, removed and added lines with both sides’ line numbers', () => {
    const lines = lineDiff('SELECT a\nFROM t\nLIMIT 5', 'SELECT a, b\nFROM t\nLIMIT 5');
    expect(lines).toEqual([
      { kind: 'removed', text: 'SELECT a', oldLine: 1, newLine: null },
      { kind: 'added', text: 'SELECT a, b', oldLine: null, newLine: 1 },
      { kind: 'same', text: 'FROM t', oldLine: 2, newLine: 2 },
      { kind: 'same', text: 'LIMIT 5', oldLine: 3, newLine: 3 },
    ]);
    expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
  });

  it('finds no change between equal texts', () => {
    const lines = lineDiff('SELECT 1\n', 'SELECT 1\n');
    expect(lines).toEqual([{ kind: 'same', text: 'SELECT 1', oldLine: 1, newLine: 1 }]);
    expect(diffStats(lines)).toEqual({ added: 0, removed: 0 });
  });

  it('keeps blank lines and handles an empty side', () => {
    expect(lineDiff('', 'a\n\nb').map((l) => [l.kind, l.text])).toEqual([
      ['added', 'a'],
      ['added', ''],
      ['added', 'b'],
    ]);
  });
});
