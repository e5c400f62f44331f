import { Group, SegmentedControl, Switch, TextInput } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { SearchInput, useSearchDraft } from '../../components/search-input';
import type { LibrarySearch } from './library-search';

const TagFilter = lazy(() => import('../../components/tag-filter'));

type Props = {
  search: LibrarySearch;
  onChange: (patch: Partial<LibrarySearch>) => void;
  /** Tags to suggest in the tag filter (those seen on the current page). */
  knownTags: string[];
};

/** Search text (debounced into the URL), tag filter, Mine/Public and show archived. */
export function LibraryToolbar({ search, onChange, knownTags }: Props) {
  const draft = useSearchDraft(search.q, (q) => onChange({ q }));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        aria-label="Search queries"
        placeholder="Search by name or description"
        draft={draft}
        w={{ base: '100%', sm: 280 }}
      />
      <Suspense
        fallback={
          <TextInput
            aria-label="Filter by tags (loading)"
            placeholder="Filter by tag"
            leftSection={<IconTag size={16} />}
            disabled
            w={{ base: '100%', sm: 280 }}
          />
        }
      >
        <TagFilter
          tags={search.tags}
          knownTags={knownTags}
          onChange={(tags) => onChange({ tags })}
        />
      </Suspense>
      <SegmentedControl
        aria-label="Whose queries"
        value={search.scope}
        onChange={(v) => onChange({ scope: v === 'public' ? 'public' : 'mine' })}
        data={[
          { value: 'mine', label: 'Mine' },
          { value: 'public', label: 'Public' },
        ]}
      />
      <Switch
        label="Show archived"
        checked={search.archived}
        disabled={search.scope === 'public'}
        onChange={(e) => onChange({ archived: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
