import '@mantine/core/styles/Checkbox.css';
import { Checkbox, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OwnerScope } from '../../../contract/datasets';
import { DATASET_CATEGORIES, DATASET_TYPES } from '../../../contract/rules/enums';
import type { DatasetSearch } from './dataset-search';
import { typeLabel } from './format';

type Props = {
  search: DatasetSearch;
  onChange: (patch: Partial<DatasetSearch>) => void;
  /** Chains to offer (known ones plus those on screen and chosen). */
  chains: string[];
};

function Facet(props: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {props.label}
      </Text>
      {props.children}
    </Stack>
  );
}

function CheckboxFacet<T extends string>(props: {
  label: string;
  value: T[];
  choices: readonly T[];
  format?: (v: T) => string;
  onChange: (value: T[]) => void;
}) {
  return (
    <Checkbox.Group
      aria-label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(props.choices.filter((c) => v.includes(c)))}
    >
      <Facet label={props.label}>
        {props.choices.map((c) => (
          <Checkbox key={c} value={c} label={props.format ? props.format(c) : c} size="xs" />
        ))}
      </Facet>
    </Checkbox.Group>
  );
}

/** Owner scope, private datasets, chains, categories and dataset types. */
export function DatasetFacets({ search, onChange, chains }: Props) {
  return (
    <Stack gap="lg">
      <Facet label="Owner">
        <SegmentedControl
          aria-label="Owner"
          size="xs"
          fullWidth
          value={search.owner}
          onChange={(v) => onChange({ owner: v as OwnerScope })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'me', label: 'Mine' },
            { value: 'team', label: 'Team' },
          ]}
        />
        <Checkbox
          size="xs"
          label="Include private"
          checked={search.private}
          onChange={(e) => onChange({ private: e.currentTarget.checked })}
        />
      </Facet>
      <CheckboxFacet
        label="Blockchains"
        value={search.chains}
        choices={chains}
        onChange={(v) => onChange({ chains: v })}
      />
      <CheckboxFacet
        label="Categories"
        value={search.categories}
        choices={DATASET_CATEGORIES}
        onChange={(v) => onChange({ categories: v })}
      />
      <CheckboxFacet
        label="Dataset types"
        value={search.types}
        choices={DATASET_TYPES}
        format={typeLabel}
        onChange={(v) => onChange({ types: v })}
      />
    </Stack>
  );
}
