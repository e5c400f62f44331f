import { describe, expect, it } from 'vitest';
import { forkBody, listQueryString } from './api';
import { excerpt } from './format';
import { LIBRARY_DEFAULTS, librarySearchSchema, nextSearch, pageCount } from './library-search';

describe('librarySearchSchema', () => {
  it('fills every default for an empty URL', () => {
    expect(librarySearchSchema({})).toEqual(LIBRARY_DEFAULTS);
  });

  it('keeps valid values', () => {
    expect(
      librarySearchSchema({
        q: 'dex',
        tags: ['a', 'b'],
        scope: 'public',
        archived: true,
        page: 3,
        size: 50,
      }),
    ).toEqual({ q: 'dex', tags: ['a', 'b'], scope: 'public', archived: true, page: 3, size: 50 });
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    expect(
      librarySearchSchema({
        q: { nested: 'x' },
        tags: { no: 1 },
        scope: 'everyone',
        archived: 'yes',
        page: -2,
        size: 5000,
      }),
    ).toEqual(LIBRARY_DEFAULTS);
    expect(librarySearchSchema({ page: 2.5 }).page).toBe(1);
  });

  it('reads a numeric-looking search text (the router parses ?q=42 as a number) as text', () => {
    expect(librarySearchSchema({ q: 42 }).q).toBe('42');
  });

  it('reads one tag as a list, trims, drops empties and duplicates', () => {
    expect(librarySearchSchema({ tags: 'solo' }).tags).toEqual(['solo']);
    expect(librarySearchSchema({ tags: [' a ', '', 'a', 'b'] }).tags).toEqual(['a', 'b']);
  });
});

describe('nextSearch', () => {
  const at3 = { ...LIBRARY_DEFAULTS, q: 'x', page: 3 };

  it('keeps filters when only the page changes', () => {
    expect(nextSearch(at3, { page: 4 })).toEqual({ ...at3, page: 4 });
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(nextSearch(at3, { q: 'y' })).toEqual({ ...at3, q: 'y', page: 1 });
    expect(nextSearch(at3, { size: 50 })).toEqual({ ...at3, size: 50, page: 1 });
    expect(nextSearch(at3, { scope: 'public' }).page).toBe(1);
  });
});

describe('pageCount', () => {
  it('rounds up and is at least 1', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});

describe('listQueryString', () => {
  it('maps page and size to limit and offset, and hides archived by default', () => {
    expect(listQueryString({ ...LIBRARY_DEFAULTS, page: 3, size: 25 })).toEqual({
      limit: 25,
      offset: 50,
      q: undefined,
      tags: undefined,
      scope: undefined,
      include_archived: false,
    });
  });

  it('sends text, tags and archived; public scope never sends include_archived', () => {
    const mine = listQueryString({
      ...LIBRARY_DEFAULTS,
      q: ' dex ',
      tags: ['a', 'b'],
      archived: true,
    });
    expect(mine).toMatchObject({ q: 'dex', tags: 'a,b', include_archived: undefined });
    const pub = listQueryString({ ...LIBRARY_DEFAULTS, scope: 'public' });
    expect(pub).toMatchObject({ scope: 'public', include_archived: undefined });
  });
});

describe('forkBody', () => {
  it('copies the content and dialect under a "(fork)" name, within the name limit', () => {
    const source = {
      query_id: 7,
      name: 'Top pairs',
      description: 'd',
      tags: ['dex'],
      version: 3,
      parameters: [{ key: 'limit', type: 'number' as const, value: '20' }],
      query_engine: 'medium',
      query_sql: 'SELECT {{limit}}',
      dialect: 'duckdb' as const,
      is_private: false,
      is_archived: false,
      is_unsaved: false,
      is_temp: false,
      owner: 'demo',
      created_at: '2024-01-01',
      updated_at: '2024-01-02',
      max_result_age_seconds: null,
    };
    expect(forkBody(source)).toEqual({
      name: 'Top pairs (fork)',
      description: 'd',
      query_sql: 'SELECT {{limit}}',
      dialect: 'duckdb',
      parameters: source.parameters,
      tags: ['dex'],
    });
    expect(forkBody({ ...source, name: 'x'.repeat(300) }).name).toHaveLength(300);
  });
});

describe('excerpt', () => {
  it('takes the first line and cuts long text with an ellipsis', () => {
    expect(excerpt('  first line\nsecond')).toBe('first line');
    expect(excerpt('abcdefghij', 5)).toBe('abcd…');
    expect(excerpt('')).toBe('');
  });
});
