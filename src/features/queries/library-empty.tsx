import { Button } from '@mantine/core';
import { IconFileCode, IconFilterOff, IconWorld } from '@tabler/icons-react';
import { ListEmpty } from '../../components/list-states';
import type { LibrarySearch } from './library-search';
import { NewQueryButton } from './new-query-button';

type Props = {
  search: LibrarySearch;
  onChange: (patch: Partial<LibrarySearch>) => void;
};

/** What an empty list means, and what to do next. */
export function LibraryEmpty({ search, onChange }: Props) {
  const filtered = search.q.trim() !== '' || search.tags.length > 0;
  if (filtered) {
    const what = [
      search.q.trim() && `“${search.q.trim()}”`,
      search.tags.length && `the tag${search.tags.length > 1 ? 's' : ''} ${search.tags.join(', ')}`,
    ]
      .filter(Boolean)
      .join(' with ');
    return (
      <ListEmpty
        icon={<IconFilterOff size={28} />}
        title="No queries match"
        description={`Nothing ${search.scope === 'public' ? 'public ' : ''}matches ${what}${
          search.scope === 'mine' && !search.archived ? ' (archived queries are hidden)' : ''
        }. Try other words, or clear the filters.`}
      >
        <Button
          variant="light"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange({ q: '', tags: [] })}
        >
          Clear filters
        </Button>
        {search.scope === 'mine' && !search.archived && (
          <Button variant="subtle" onClick={() => onChange({ archived: true })}>
            Include archived
          </Button>
        )}
      </ListEmpty>
    );
  }
  if (search.scope === 'public') {
    return (
      <ListEmpty
        icon={<IconWorld size={28} />}
        title="No public queries yet"
        description="When a context publishes a query it shows up here, ready to fork."
      />
    );
  }
  return (
    <ListEmpty
      icon={<IconFileCode size={28} />}
      title="No queries yet"
      description="Start a new query, or browse the public queries and fork one into this context."
    >
      <NewQueryButton />
      <Button
        variant="light"
        leftSection={<IconWorld size={16} />}
        onClick={() => onChange({ scope: 'public' })}
      >
        Browse public queries
      </Button>
      {!search.archived && (
        <Button variant="subtle" onClick={() => onChange({ archived: true })}>
          Show archived
        </Button>
      )}
    </ListEmpty>
  );
}
