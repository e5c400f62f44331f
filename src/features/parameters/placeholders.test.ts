import { describe, expect, it } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { missingParameters, placeholderNames, unusedParameters } from './placeholders';

const text = (key: string): Parameter => ({ key, type: 'text', value: '' });

describe('placeholderNames', () => {
  it('finds each name once, in order of first use, trimming inner spaces', () => {
    const sql = "SELECT {{b}}, {{ a }}, '{{b}}' FROM t WHERE x = {{  a  }} -- {{c}}";
    expect(placeholderNames(sql)).toEqual(['b', 'a', 'c']);
  });

  it('keeps spaces inside names and ignores broken or empty braces', () => {
    expect(placeholderNames('{{Wash Trading Filter}} {{}} {{ }} {x} {{a\nb}} {{a{b}}')).toEqual([
      'Wash Trading Filter',
    ]);
  });

  it('finds nothing in SQL without placeholders', () => {
    expect(placeholderNames('SELECT 1')).toEqual([]);
  });
});

describe('missingParameters and unusedParameters', () => {
  const sql = 'SELECT * FROM t WHERE a = {{a}} AND b = {{b}}';

  it('lists names used but not defined', () => {
    expect(missingParameters(sql, [text('a')])).toEqual(['b']);
    expect(missingParameters(sql, [text('a'), text('b')])).toEqual([]);
    expect(missingParameters(sql, [])).toEqual(['a', 'b']);
  });

  it('lists parameters defined but not used', () => {
    expect(unusedParameters(sql, [text('a'), text('c'), text('b'), text('d')])).toEqual(['c', 'd']);
    expect(unusedParameters('SELECT 1', [text('a')])).toEqual(['a']);
    expect(unusedParameters(sql, [text('a')])).toEqual([]);
  });
});
