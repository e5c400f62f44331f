import '@mantine/core/styles/NumberInput.css';
import {
  Autocomplete,
  MultiSelect,
  NumberInput,
  Select,
  TagsInput,
  TextInput,
} from '@mantine/core';
import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import type { Parameter } from '../../../contract/parameters';
import { pickerDatetime, type FormValue } from './form-values';

export type ParameterInputProps = {
  parameter: Parameter;
  value: FormValue;
  onChange: (value: FormValue) => void;
  /** Options of an enum (its `enumOptions`, or values read from another query's result). */
  options?: readonly string[];
  /** Options come from another query that has none yet: any value may be typed. */
  freeEntry?: boolean;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  w?: number | string;
  /** Shown while empty, instead of the type's hint (a schedule's form: the default it runs with). */
  placeholder?: string;
};

const asList = (v: FormValue) => (Array.isArray(v) ? v : v === '' ? [] : [v]);
const asOne = (v: FormValue) => (Array.isArray(v) ? (v[0] ?? '') : v);

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Distinct options, plus chosen values that are not options, so a widget can show them. */
function withChosen(options: readonly string[], chosen: string[]): string[] {
  return [...new Set([...options, ...chosen])];
}

/** The widget of one parameter value by its type: text, number, date-time, select or list. */
export function ParameterInput(props: ParameterInputProps) {
  const { parameter: p, value, onChange, label, description, error, w } = props;
  const common = { label, description, error, w, placeholder: props.placeholder };
  switch (p.type) {
    case 'number':
      return (
        <NumberInput
          {...common}
          value={asOne(value)}
          onChange={(v) => onChange(String(v))}
          allowDecimal
          allowNegative
          hideControls
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={pickerDatetime(asOne(value))}
          onChange={(v) => onChange(v ?? '')}
          valueFormat="YYYY-MM-DD HH:mm:ss"
          withSeconds
          clearable
          placeholder={props.placeholder ?? 'YYYY-MM-DD hh:mm:ss'}
        />
      );
    case 'enum': {
      const options = [...new Set(props.options ?? p.enumOptions ?? [])];
      const free = p.isFreeformAllowed || props.freeEntry;
      if (p.isMultiselect) {
        const list = asList(value);
        return free ? (
          <TagsInput
            {...common}
            data={options}
            value={list}
            onChange={onChange}
            clearable
            acceptValueOnBlur
          />
        ) : (
          <MultiSelect
            {...common}
            data={withChosen(options, list)}
            value={list}
            onChange={onChange}
            searchable
            clearable
            nothingFoundMessage="No such option"
          />
        );
      }
      return free ? (
        <Autocomplete {...common} data={options} value={asOne(value)} onChange={onChange} />
      ) : (
        <Select
          {...common}
          data={options}
          value={options.includes(asOne(value)) ? asOne(value) : null}
          onChange={(v) => onChange(v ?? '')}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such option"
        />
      );
    }
    case 'varbinary':
      // Addresses are pasted more than typed: a list takes one per Enter, comma or paste.
      return p.isMultiselect ? (
        <TagsInput
          {...common}
          value={asList(value)}
          onChange={onChange}
          placeholder={props.placeholder ?? '0x…'}
          splitChars={[',', ' ', '\n']}
          clearable
          acceptValueOnBlur
          styles={MONO}
        />
      ) : (
        <TextInput
          {...common}
          value={asOne(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder={props.placeholder ?? '0x…'}
          spellCheck={false}
          autoComplete="off"
          styles={MONO}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={asOne(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
