import { describe, expect, it } from 'vitest';
import { listParams, nextListSearch, parseListSearch } from './list-search';

describe('dashboard list URL state', () => {
  it('drops defaults and malformed values', () => {
    expect(parseListSearch({})).toEqual({});
    expect(parseListSearch({ q: '  ', tags: [], archived: false, page: 1 })).toEqual({});
    expect(parseListSearch({ q: 'x'.repeat(400), page: -3, archived: 'maybe' })).toEqual({});
    expect(parseListSearch({ q: ' vol ', tags: 'defi', archived: true, page: 3 })).toEqual({
      q: 'vol',
      tags: ['defi'],
      archived: true,
      page: 3,
    });
  });

  it('maps to list params with defaults', () => {
    expect(listParams({})).toEqual({ q: '', tags: [], archived: false, page: 1, size: 25 });
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    expect(nextListSearch({ q: 'a', page: 4 }, { tags: ['t'] })).toEqual({ q: 'a', tags: ['t'] });
    expect(nextListSearch({ q: 'a' }, { page: 2 })).toEqual({ q: 'a', page: 2 });
  });
});
