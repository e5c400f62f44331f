import { describe, expect, it } from 'vitest';
import { boolean, integer, oneOf, stringRecord, text, textList } from './search-params';

describe('search param readers', () => {
  it('text keeps short strings and falls back otherwise', () => {
    expect(text('abc', { max: 5, fallback: '' })).toBe('abc');
    expect(text('abcdef', { max: 5, fallback: 'x' })).toBe('x');
    expect(text(12, { max: 5 })).toBe('12');
    expect(text({ a: 1 }, { max: 5 })).toBeUndefined();
  });
  it('integer accepts integers in range only', () => {
    const opts = { min: 1, max: 100, fallback: 1 };
    expect(integer(7, opts)).toBe(7);
    expect(integer('8', opts)).toBe(8);
    expect(integer(2.5, opts)).toBe(1);
    expect(integer(0, opts)).toBe(1);
    expect(integer(101, opts)).toBe(1);
    expect(integer('x', opts)).toBe(1);
    expect(integer('', opts)).toBe(1);
  });
  it('boolean reads true/false and their strings', () => {
    expect(boolean(true, false)).toBe(true);
    expect(boolean('false', true)).toBe(false);
    expect(boolean('yes', true)).toBe(true);
  });
  it('oneOf matches a choice (also a number given as a string)', () => {
    expect(oneOf('public', ['mine', 'public'] as const, 'mine')).toBe('public');
    expect(oneOf('all', ['mine', 'public'] as const, 'mine')).toBe('mine');
    expect(oneOf('6', [3, 6, 12] as const, 3)).toBe(6);
  });
  it('textList trims, drops empties and duplicates, and caps', () => {
    expect(textList('solo', { max: 5, maxLength: 10 })).toEqual(['solo']);
    expect(textList([' a ', '', 'a', 'b', 3], { max: 5, maxLength: 10 })).toEqual(['a', 'b', '3']);
    expect(textList(['a', 'b', 'c'], { max: 2, maxLength: 10 })).toEqual(['a', 'b']);
    expect(textList(undefined, { max: 2, maxLength: 10 })).toEqual([]);
    expect(textList(['x'.repeat(11)], { max: 2, maxLength: 10 })).toEqual([]);
  });
  it('stringRecord accepts string and string-array values only', () => {
    expect(stringRecord({ a: 'x', b: ['y', 'z'], c: 3 })).toEqual({
      a: 'x',
      b: ['y', 'z'],
      c: '3',
    });
    expect(stringRecord({ a: { nested: true } })).toBeUndefined();
    expect(stringRecord('nope')).toBeUndefined();
    expect(stringRecord(['a'])).toBeUndefined();
  });
});
