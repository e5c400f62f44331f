import { Button, Group, Select } from '@mantine/core';
import {
  IconEraser,
  IconLayoutDistributeVertical,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pickerQueriesOptions, pickerViewsOptions } from './api';
import { TIERS } from '../../../contract/rules/enums';
import { TIER_INFO } from '../../lib/tiers';
import type { NodeTarget, Tier } from './graph-model';

export type PipelineToolbarProps = {
  ctx: string;
  tier: Tier;
  onTier: (tier: Tier) => void;
  onAdd: (target: NodeTarget) => void;
  onLoadLineage: (queryId: number) => void;
  onLayout: () => void;
  onClear: () => void;
  onRun: () => void;
  onCancel: () => void;
  /** The watched run is still going: editing and Run are off, Cancel is shown. */
  running: boolean;
  canRun: boolean;
  starting: boolean;
  cancelling: boolean;
};

/** A searchable pick-one select that empties itself after each pick (an action, not a field). */
function PickSelect(props: {
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  onPick: (value: string) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  return (
    <Select
      aria-label={props.label}
      placeholder={props.placeholder}
      data={props.data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="Nothing found"
      disabled={props.disabled}
      onChange={(v) => {
        if (v) props.onPick(v);
        setSearch('');
      }}
      w={165}
      size="sm"
      comboboxProps={{ width: 320, position: 'bottom-start' }}
    />
  );
}

/** Build (add nodes, load a lineage, lay out, clear) and run (tier, Run, Cancel). */
export function PipelineToolbar(props: PipelineToolbarProps) {
  const { ctx, running } = props;
  const queries = useQuery(pickerQueriesOptions(ctx));
  const views = useQuery(pickerViewsOptions(ctx));
  const queryData = (queries.data ?? []).map((q) => ({
    value: String(q.id),
    label: `${q.name} (#${q.id})`,
  }));
  const viewData = (views.data ?? []).map((v) => ({
    value: v.fullName,
    label: `${v.name} · ${v.queryName}`,
  }));
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Pipeline">
      <PickSelect
        label="Add query node"
        placeholder={queries.isPending ? 'Loading queries…' : 'Add a query…'}
        data={queryData}
        disabled={running}
        onPick={(v) => props.onAdd({ kind: 'query', queryId: Number(v) })}
      />
      <PickSelect
        label="Add view node"
        placeholder={views.data?.length === 0 ? 'No views yet' : 'Add a view refresh…'}
        data={viewData}
        disabled={running}
        onPick={(v) => props.onAdd({ kind: 'view', name: v })}
      />
      <PickSelect
        label="Load lineage of a query"
        placeholder="Load lineage…"
        data={queryData}
        disabled={running}
        onPick={(v) => props.onLoadLineage(Number(v))}
      />
      <Button
        variant="default"
        leftSection={<IconLayoutDistributeVertical size={16} />}
        onClick={props.onLayout}
      >
        Auto-layout
      </Button>
      <Button
        variant="default"
        leftSection={<IconEraser size={16} />}
        onClick={props.onClear}
        disabled={running}
      >
        Clear
      </Button>
      <Select
        aria-label="Tier"
        data={TIERS.map((t) => ({ value: t, label: TIER_INFO[t].label }))}
        value={props.tier}
        allowDeselect={false}
        onChange={(v) => v && props.onTier(v as Tier)}
        w={110}
      />
      <Button
        leftSection={<IconPlayerPlay size={16} />}
        onClick={props.onRun}
        disabled={running || !props.canRun}
        loading={props.starting}
      >
        Run
      </Button>
      {running && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={props.onCancel}
          loading={props.cancelling}
        >
          Cancel
        </Button>
      )}
    </Group>
  );
}
