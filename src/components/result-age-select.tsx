import { Select } from '@mantine/core';
import { ageLimitLabel, RESULT_AGE_PRESETS } from '../lib/result-age';

const NONE = 'latest';
const toOption = (s: number | null) => (s === null ? NONE : String(s));
const fromOption = (v: string) => (v === NONE ? null : Number(v));

/**
 * "Results may be up to": the maximum age of a result its readers accept (a dashboard's or a
 * saved query's `max_result_age_seconds`), as one of the presets; a value set through the API
 * that is none of them is offered too, so opening the form never changes it.
 */
export function ResultAgeSelect(props: {
  value: number | null;
  onChange: (seconds: number | null) => void;
  /** What the setting does where it is set. */
  description: string;
  disabled?: boolean;
}) {
  const choices = RESULT_AGE_PRESETS.includes(props.value)
    ? RESULT_AGE_PRESETS
    : [...RESULT_AGE_PRESETS, props.value].sort((a, b) => (a ?? 0) - (b ?? 0));
  return (
    <Select
      label="Results may be up to"
      description={props.description}
      allowDeselect={false}
      disabled={props.disabled}
      value={toOption(props.value)}
      data={choices.map((s) => ({
        value: toOption(s),
        label: s === null ? ageLimitLabel(s) : `${ageLimitLabel(s)} old`,
      }))}
      onChange={(v) => v !== null && props.onChange(fromOption(v))}
      // Every preset at once, no scrolling.
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
