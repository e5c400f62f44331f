import { describe, expect, it } from 'vitest';
import { chosenValues, formValuesOf, valuesText } from './parameter-values';

describe('parameter values', () => {
  it('in words', () => {
    expect(valuesText({})).toBe('default values');
    expect(valuesText({ n: 5, chain: 'base', tags: ['a', 'b'] })).toBe(
      'chain = base; n = 5; tags = a, b',
    );
  });

  it('sends only the values the form set, of the parameters given', () => {
    expect(chosenValues(['n', 'chain'], { n: '5', gone: 'x' })).toEqual({ n: '5' });
  });

  it('stored values as a form holds them', () => {
    expect(formValuesOf({ n: 5, on: true, tags: ['a', 2], chain: 'base' })).toEqual({
      n: '5',
      on: 'true',
      tags: ['a', '2'],
      chain: 'base',
    });
  });
});
