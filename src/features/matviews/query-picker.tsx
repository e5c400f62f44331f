import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryPickerOptions } from './api';

/** A searchable select of the context's saved queries (searched by the service as you type). */
export function QueryPicker(props: {
  ctx: string;
  value: number | null;
  onChange: (queryId: number | null) => void;
  error?: string | null;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const list = useQuery(queryPickerOptions(props.ctx, q === chosen?.label ? '' : q));
  const options = (list.data?.queries ?? []).map((x) => ({
    value: String(x.id),
    label: `${x.name} (#${x.id})`,
  }));
  // Keep the chosen query among the options while another search is shown.
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label="Source query"
      placeholder="Search your queries"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={props.value === null ? null : String(props.value)}
      onChange={(v, option) => {
        setChosen(option ?? null);
        props.onChange(v ? Number(v) : null);
      }}
      nothingFoundMessage={list.isFetching ? 'Searching…' : 'No saved query matches'}
      error={props.error ?? (list.isError ? list.error.message : undefined)}
      filter={({ options: all }) => all}
      required
    />
  );
}
