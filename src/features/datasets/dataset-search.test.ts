import { describe, expect, it } from 'vitest';
import {
  DATASET_SEARCH_DEFAULTS,
  datasetSearchSchema,
  nextDatasetSearch,
  searchBody,
} from './dataset-search';

describe('datasetSearchSchema', () => {
  it('gives the defaults for an empty URL', () => {
    expect(datasetSearchSchema({})).toEqual(DATASET_SEARCH_DEFAULTS);
  });

  it('reads every param', () => {
    expect(
      datasetSearchSchema({
        q: 'trades',
        chains: ['ethereum', 'base'],
        categories: ['spell'],
        types: 'decoded_table',
        owner: 'team',
        private: 'false',
        page: '3',
      }),
    ).toEqual({
      q: 'trades',
      chains: ['ethereum', 'base'],
      categories: ['spell'],
      types: ['decoded_table'],
      owner: 'team',
      private: false,
      page: 3,
    });
  });

  it('drops what a hand-edited URL got wrong', () => {
    const s = datasetSearchSchema({
      q: 'x'.repeat(501),
      categories: ['spell', 'nope'],
      types: ['view', 'spell', 'spell'],
      owner: 'everyone',
      private: 'maybe',
      page: '-2',
      chains: [' ethereum ', '', 7],
    });
    expect(s).toEqual({
      ...DATASET_SEARCH_DEFAULTS,
      categories: ['spell'],
      types: ['spell'],
      chains: ['ethereum', '7'],
    });
  });
});

describe('nextDatasetSearch', () => {
  const on3 = { ...DATASET_SEARCH_DEFAULTS, q: 'dex', page: 3 };

  it('goes back to page 1 when a filter changes', () => {
    expect(nextDatasetSearch(on3, { types: ['spell'] })).toMatchObject({ page: 1, q: 'dex' });
  });

  it('keeps the filters when only the page changes', () => {
    expect(nextDatasetSearch(on3, { page: 4 })).toEqual({ ...on3, page: 4 });
  });
});

describe('searchBody', () => {
  it('sends only the filters that are set, with the page offset', () => {
    expect(searchBody({ ...DATASET_SEARCH_DEFAULTS, q: '  ', page: 2 })).toEqual({
      query: undefined,
      blockchains: undefined,
      categories: undefined,
      dataset_types: undefined,
      owner_scope: undefined,
      include_private: true,
      include_metadata: true,
      limit: 20,
      offset: 20,
    });
  });

  it('maps the facets to the API names', () => {
    expect(
      searchBody({
        q: 'swap',
        chains: ['ethereum'],
        categories: ['decoded'],
        types: ['decoded_table'],
        owner: 'me',
        private: false,
        page: 1,
      }),
    ).toMatchObject({
      query: 'swap',
      blockchains: ['ethereum'],
      categories: ['decoded'],
      dataset_types: ['decoded_table'],
      owner_scope: 'me',
      include_private: false,
      offset: 0,
    });
  });
});
