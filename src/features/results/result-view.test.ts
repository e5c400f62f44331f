import { describe, expect, it } from 'vitest';
import { downloadUrl, resultKeys, resultPageOptions } from '../../lib/resources/results';
import { EMPTY_VIEW, viewParams } from './result-view';

const all = ['n', 'label', 'block time'];

describe('viewParams', () => {
  it('sends nothing for the plain view', () => {
    expect(viewParams(EMPTY_VIEW, all)).toEqual({
      sort_by: undefined,
      filters: undefined,
      columns: undefined,
    });
  });
  it('sends sort, trimmed filters and chosen columns', () => {
    expect(
      viewParams(
        { sort: { column: 'n', dir: 'desc' }, filters: '  n < 10 ', columns: ['block time', 'n'] },
        all,
      ),
    ).toEqual({ sort_by: 'n desc', filters: 'n < 10', columns: 'n,"block time"' });
  });
});

describe('keys', () => {
  it('start with the context and name the execution, view and page', () => {
    const params = viewParams({ ...EMPTY_VIEW, filters: 'n < 10' }, all);
    const key = resultPageOptions('team-a', 'E1', params, 500, 3).queryKey;
    expect(key.slice(0, 4)).toEqual(['ctx', 'team-a', 'results', 'E1']);
    expect(key[4]).toMatchObject({ filters: 'n < 10', pageSize: 500 });
    expect(key[5]).toBe(3);
    expect(resultKeys.summary('me', 'E1')).toEqual(['ctx', 'me', 'results', 'E1', 'summary']);
  });
});

describe('downloadUrl', () => {
  it('links the CSV endpoint with the view and the context', () => {
    const url = downloadUrl(
      'team-a',
      '01HX',
      viewParams(
        { sort: { column: 'n', dir: 'desc' }, filters: "label = 'a b'", columns: null },
        all,
      ),
      'csv',
    );
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/api/v1/execution/01HX/results/csv');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      sort_by: 'n desc',
      filters: "label = 'a b'",
      context: 'team-a',
    });
  });
  it('omits absent parameters', () => {
    expect(downloadUrl('me', 'E', viewParams(EMPTY_VIEW, all), 'csv')).toBe(
      '/api/v1/execution/E/results/csv?context=me',
    );
  });
  it('links the Parquet and Arrow downloads with the same view', () => {
    const params = viewParams({ sort: null, filters: 'n < 3', columns: ['n'] }, all);
    expect(downloadUrl('me', 'E', params, 'parquet')).toBe(
      '/api/v1/execution/E/results/parquet?filters=n+%3C+3&columns=n&context=me',
    );
    expect(downloadUrl('me', 'E', params, 'arrow')).toBe(
      '/api/v1/execution/E/results/arrow?filters=n+%3C+3&columns=n&context=me',
    );
  });
});
