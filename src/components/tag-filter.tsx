import { TagsInput } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';

export type TagFilterProps = {
  tags: string[];
  knownTags: string[];
  onChange: (tags: string[]) => void;
};

/**
 * A list's tag filter: the tags chosen, suggesting those seen. The query library loads it as its
 * own chunk (the combobox is not needed to show the list).
 */
export default function TagFilter(props: TagFilterProps) {
  return (
    <TagsInput
      aria-label="Filter by tags"
      placeholder={props.tags.length ? '' : 'Filter by tag'}
      leftSection={<IconTag size={16} />}
      value={props.tags}
      data={props.knownTags}
      onChange={props.onChange}
      clearable
      w={{ base: '100%', sm: 280 }}
    />
  );
}
