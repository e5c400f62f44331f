import { describe, expect, it } from 'vitest';
import { removedNotice } from './save-notice';

describe('removedNotice', () => {
  it('names the parameters a save dropped', () => {
    expect(removedNotice(['chain'])).toBe('Removed parameter chain, no longer used in the SQL');
    expect(removedNotice(['a', 'b', 'c'])).toBe(
      'Removed parameters a, b and c, no longer used in the SQL',
    );
  });
});
