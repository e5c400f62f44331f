import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Search text kept in the URL: what the user types shows at once and is written (debounced, or
 * on Enter) through `write`; once written, the URL's `value` is the truth again.
 */
export function useSearchDraft(value: string, write: (q: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const writeQ = useDebouncedCallback((q: string) => {
    write(q);
    setDraft((d) => (d === q ? null : d));
  }, 300);
  return {
    value: draft ?? value,
    onType: (q: string) => {
      setDraft(q);
      writeQ(q);
    },
    /** Writes pending text now. */
    flush: () => writeQ.flush(),
    /** Forgets pending text (the URL is being reset). */
    clear: () => setDraft(null),
  };
}

/** The search box of a list page, on a draft from useSearchDraft. */
export function SearchInput({
  draft,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown'> & {
  draft: ReturnType<typeof useSearchDraft>;
}) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      {...props}
      value={draft.value}
      onChange={(e) => draft.onType(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') draft.flush();
      }}
    />
  );
}
