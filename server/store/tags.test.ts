import { describe, expect, it } from 'vitest';
import { cleanTags } from './tags.js';

describe('cleanTags', () => {
  it('trims, drops empty entries and keeps the first of case-insensitive duplicates', () => {
    expect(cleanTags([' DeFi ', '', '  ', 'defi', 'NFT', 'nft ', 'Base'])).toEqual([
      'DeFi',
      'NFT',
      'Base',
    ]);
  });

  it('keeps order and leaves an empty list empty', () => {
    expect(cleanTags(['b', 'a'])).toEqual(['b', 'a']);
    expect(cleanTags([])).toEqual([]);
  });
});
