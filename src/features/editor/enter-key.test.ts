import { describe, expect, it } from 'vitest';
import { isAtLineEnd } from './enter-key';

describe('isAtLineEnd', () => {
  it('is true with only blanks after the cursor', () => {
    expect(isAtLineEnd('SELECT amo', 11)).toBe(true);
    expect(isAtLineEnd('SELECT amo  ', 11)).toBe(true);
    expect(isAtLineEnd('', 1)).toBe(true);
  });
  it('is false inside the text', () => {
    expect(isAtLineEnd('SELECT amo FROM t', 11)).toBe(false);
    expect(isAtLineEnd('SELECT amo', 8)).toBe(false);
  });
});
