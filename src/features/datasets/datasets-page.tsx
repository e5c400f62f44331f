import '@mantine/core/styles/Flex.css';
import { Box, Button, Flex, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListEmpty, ListStates, staleStyle } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { PrevNextPager } from '../../components/prev-next-pager';
import { SearchInput, useSearchDraft } from '../../components/search-input';
import { useCtx } from '../../lib/session';
import { searchOptions } from './api';
import { DatasetFacets } from './dataset-facets';
import { DatasetHit } from './dataset-hit';
import {
  DATASET_SEARCH_DEFAULTS,
  nextDatasetSearch,
  PAGE_SIZE,
  searchBody,
  type DatasetSearch,
} from './dataset-search';
import { chainChoices, rangeLabel } from './format';

/** Chains of the built-in datasets, always offered as facets. */
const KNOWN_CHAINS = ['arbitrum', 'base', 'ethereum'];

type Props = {
  search: DatasetSearch;
  /** Writes the browser's state to the URL. */
  onSearch: (next: DatasetSearch) => void;
};

/** The dataset catalog: text search with facets, paged. */
export function DatasetsPage({ search, onSearch }: Props) {
  const ctx = useCtx();
  const body = searchBody(search);
  const results = useQuery(searchOptions(ctx, body));
  const change = (patch: Partial<DatasetSearch>) => onSearch(nextDatasetSearch(search, patch));

  const draft = useSearchDraft(search.q, (q) => change({ q }));

  const data = results.data;
  const hits = data?.results ?? [];
  const chains = chainChoices(KNOWN_CHAINS, search.chains, ...hits.map((h) => h.blockchains));
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const filtered =
    JSON.stringify({ ...search, page: 1 }) !== JSON.stringify(DATASET_SEARCH_DEFAULTS);

  return (
    <Stack gap="md">
      <PageHeader title="Datasets">
        Demo datasets, uploaded tables and materialized views you can query from {ctx}.
      </PageHeader>
      <SearchInput
        aria-label="Search datasets"
        placeholder="Search by name, description or column"
        draft={draft}
        maw={560}
      />
      <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start">
        <Box w={{ base: '100%', md: 220 }} style={{ flexShrink: 0 }}>
          <DatasetFacets search={search} onChange={change} chains={chains} />
        </Box>
        <Stack
          gap="sm"
          style={{ flex: 1, minWidth: 0 }}
          w="100%"
          // Opening a result first writes pending search text to the URL, so it cannot land
          // after (and undo) the navigation, and Back returns to what was searched.
          onClickCapture={draft.flush}
        >
          <ListStates
            query={results}
            errorTitle="Could not search the catalog"
            loadingLabel="Loading datasets"
            rowHeight={72}
            empty={(data) =>
              data.results.length === 0 && (
                <ListEmpty
                  title={
                    search.page > 1 && data.total > 0 ? 'Past the last page' : 'No datasets match'
                  }
                  description={
                    filtered
                      ? 'Try other words, or clear the filters.'
                      : 'The catalog is empty in this context.'
                  }
                >
                  {filtered && (
                    <Button
                      variant="light"
                      size="xs"
                      onClick={() => {
                        draft.clear();
                        onSearch(DATASET_SEARCH_DEFAULTS);
                      }}
                    >
                      Clear search and filters
                    </Button>
                  )}
                </ListEmpty>
              )
            }
          >
            {(data, stale) => (
              <>
                <Text size="sm" c="dimmed" aria-live="polite" data-testid="datasets-range">
                  {rangeLabel(data.pagination.offset, data.results.length, data.total)}
                </Text>
                <Stack gap="xs" aria-label="Datasets" role="list" style={staleStyle(stale)}>
                  {data.results.map((hit) => (
                    <div role="listitem" key={hit.full_name}>
                      <DatasetHit hit={hit} />
                    </div>
                  ))}
                </Stack>
                {(search.page > 1 || data.pagination.has_more) && (
                  <PrevNextPager
                    justify="flex-end"
                    label={`Page ${search.page} of ${pages}`}
                    hasPrevious={search.page > 1}
                    hasNext={data.pagination.has_more}
                    onPrevious={() => change({ page: search.page - 1 })}
                    onNext={() => change({ page: search.page + 1 })}
                  />
                )}
              </>
            )}
          </ListStates>
        </Stack>
      </Flex>
    </Stack>
  );
}
