import { describe, expect, it } from 'vitest';
import { handleError } from './handle';

describe('handleError', () => {
  it('accepts a handle the service takes, around spaces', () => {
    expect(handleError(' alice_2 ')).toBeNull();
  });
  it('says the rule, or that the handle is reserved', () => {
    expect(handleError('a')).toBe(
      '2 to 39 letters, digits, _ or -, starting with a letter or digit',
    );
    expect(handleError('Settings')).toBe(
      '“Settings” is reserved (a page of the app has that name)',
    );
  });
});
