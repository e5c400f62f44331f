import { describe, expect, it } from 'vitest';
import { chosenValues, presetOf, utcText, valuesText } from './format';

describe('schedule formats', () => {
  it('values in words', () => {
    expect(valuesText({})).toBe('default values');
    expect(valuesText({ n: 5, chain: 'base', tags: ['a', 'b'] })).toBe(
      'chain = base; n = 5; tags = a, b',
    );
  });

  it('a UTC time', () => {
    expect(utcText('2026-03-04T06:00:00.000Z')).toBe('2026-03-04 06:00 UTC');
  });

  it('presets, and custom for anything else', () => {
    expect(presetOf(' 0  6 * * * ')).toBe('0 6 * * *');
    expect(presetOf('15 6 * * *')).toBe('custom');
  });

  it('sends only the values the form set, of parameters the query has', () => {
    expect(chosenValues(['n', 'chain'], { n: '5', gone: 'x' })).toEqual({ n: '5' });
  });
});
