import { Group, SegmentedControl, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconTag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { LibrarySearch } from './library-search';

const TagFilter = lazy(() => import('./tag-filter'));

type Props = {
  search: LibrarySearch;
  onChange: (patch: Partial<LibrarySearch>) => void;
  /** Tags to suggest in the tag filter (those seen on the current page). */
  knownTags: string[];
};

/** Search text (debounced into the URL), tag filter, Mine/Public and show archived. */
export function LibraryToolbar({ search, onChange, knownTags }: Props) {
  // What the user is typing, until it has been written to the URL; then the URL is the truth.
  const [draft, setDraft] = useState<string | null>(null);
  const writeQ = useDebouncedCallback((q: string) => {
    onChange({ q });
    setDraft((d) => (d === q ? null : d));
  }, 300);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search queries"
        placeholder="Search by name or description"
        leftSection={<IconSearch size={16} />}
        value={draft ?? search.q}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          writeQ(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') writeQ.flush();
        }}
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
