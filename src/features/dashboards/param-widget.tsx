import '@mantine/core/styles/NumberInput.css';
import '@mantine/dates/styles.css';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Parameter } from '../../../contract/parameters';
import { normalizeVarbinary } from '../../../contract/rules/parameters';
import { WidgetFrame } from './widget-frame';

type Props = {
  paramKey: string;
  /** The parameter's definition in its query; null when the query cannot be read. */
  parameter: Parameter | null;
  /** The value in the URL; undefined shows the query's default. */
  value: string | undefined;
  onChange: (value: string) => void;
  testId?: string;
};

const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * A parameter widget: the input for its parameter's type. Typed values are committed on Enter or
 * when the field loses focus (not on every key, which would run the queries each time); choices
 * (enum, date) commit at once.
 */
export function ParamWidget(props: Props) {
  const { parameter: p } = props;
  const current = props.value ?? p?.value ?? '';
  const label = p?.description ? `${props.paramKey} – ${p.description}` : props.paramKey;
  return (
    <WidgetFrame label={`Parameter ${props.paramKey}`} testId={props.testId}>
      {/* A new value from the URL (back button, a link) resets what is being typed. */}
      <ParamInput key={current} {...props} label={label} current={current} />
    </WidgetFrame>
  );
}

function ParamInput(props: Props & { label: string; current: string }) {
  const { parameter: p, current, onChange, label } = props;
  const [draft, setDraft] = useState(current);
  const commit = (v: string) => {
    if (v !== current) onChange(v);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') commit(draft);
  };
  const common = { label, size: 'xs' as const, w: '100%' };
  switch (p?.type) {
    case 'number':
      return (
        <NumberInput
          {...common}
          value={draft}
          onChange={(v) => setDraft(String(v))}
          onBlur={() => commit(draft)}
          onKeyDown={onKeyDown}
          hideControls
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={current && dayjs(current).isValid() ? dayjs(current).format(DATETIME) : null}
          onChange={(v) => commit(v ? dayjs(v).format(DATETIME) : '')}
          valueFormat={DATETIME}
          withSeconds
          clearable
        />
      );
    case 'enum': {
      const options = [...new Set([...(p.enumOptions ?? []), ...(current ? [current] : [])])];
      return (
        <Select
          {...common}
          data={options}
          value={current || null}
          onChange={(v) => commit(v ?? '')}
          searchable
          allowDeselect={false}
        />
      );
    }
    case 'varbinary': {
      // An address that is not 0x-hex would fail every query of the dashboard: say so here.
      const valid = normalizeVarbinary(draft) !== undefined;
      const problem = valid || draft === current ? null : 'Not 0x-prefixed hex of even length';
      const commitValid = () => {
        if (valid) commit(draft.trim());
      };
      return (
        <TextInput
          {...common}
          value={draft}
          placeholder="0x…"
          spellCheck={false}
          error={problem}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={commitValid}
          onKeyDown={(e) => e.key === 'Enter' && commitValid()}
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={() => commit(draft)}
          onKeyDown={onKeyDown}
        />
      );
  }
}
