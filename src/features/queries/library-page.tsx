import { Button, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListEmpty, ListPanel, ListStates } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { useCtx } from '../../lib/session';
import { libraryListOptions } from './api';
import { LibraryEmpty } from './library-empty';
import { nextSearch, pageCount, PAGE_SIZES, type LibrarySearch } from './library-search';
import { LibraryToolbar } from './library-toolbar';
import { QueryTable } from './query-table';
import { NewQueryButton } from './new-query-button';
import { NumberPager } from '../../components/prev-next-pager';

type Props = {
  search: LibrarySearch;
  /** Writes the library's state to the URL. */
  onSearch: (next: LibrarySearch) => void;
};

/** The query library: the context's queries (or every public one), searchable and paged. */
export function LibraryPage({ search, onSearch }: Props) {
  const ctx = useCtx();
  const list = useQuery(libraryListOptions(ctx, search));
  const change = (patch: Partial<LibrarySearch>) => onSearch(nextSearch(search, patch));
  const addTag = (tag: string) => {
    if (!search.tags.includes(tag)) change({ tags: [...search.tags, tag] });
  };
  const knownTags = [
    ...new Set([...search.tags, ...(list.data?.queries.flatMap((q) => q.tags) ?? [])]),
  ];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, search.size);
  const first = (search.page - 1) * search.size + 1;

  return (
    <Stack gap="md">
      <PageHeader title="Queries" action={<NewQueryButton />}>
        {search.scope === 'public'
          ? 'Public queries of every context. Fork one to make it yours.'
          : `Saved queries of ${ctx}.`}
      </PageHeader>
      <LibraryToolbar search={search} onChange={change} knownTags={knownTags} />
      <ListStates
        query={list}
        errorTitle="Could not list queries"
        loadingLabel="Loading queries"
        rows={6}
        empty={(data) =>
          data.queries.length === 0 &&
          (search.page > 1 && data.total > 0 ? (
            <ListEmpty title={`Page ${search.page} is past the end of the list.`}>
              <Button size="xs" variant="light" onClick={() => change({ page: pages })}>
                Go to the last page
              </Button>
            </ListEmpty>
          ) : (
            <LibraryEmpty search={search} onChange={change} />
          ))
        }
      >
        {(data, stale) => (
          <ListPanel
            stale={stale}
            pager={
              <NumberPager
                label={`${first}–${first + data.queries.length - 1} of ${total}`}
                page={search.page}
                pages={pages}
                onPage={(page) => change({ page })}
              >
                <Select
                  aria-label="Queries per page"
                  size="xs"
                  w={110}
                  allowDeselect={false}
                  value={String(search.size)}
                  data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
                  onChange={(v) => v && change({ size: Number(v) })}
                />
              </NumberPager>
            }
          >
            <QueryTable queries={data.queries} ctx={ctx} activeTags={search.tags} onTag={addTag} />
          </ListPanel>
        )}
      </ListStates>
    </Stack>
  );
}
