import '@mantine/core/styles/Fieldset.css';
import { Fieldset, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Obj } from '../../../shared/viz/read';

/** Props every options form takes: the options, the result's columns, and the change handler. */
export type FormProps = {
  options: Obj;
  columns: { names: string[]; types: string[] };
  onChange: (options: Obj) => void;
};

/** A titled group of fields. */
export function Section(props: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={props.legend} variant="filled" p="sm">
      <Stack gap="xs">{props.children}</Stack>
    </Fieldset>
  );
}

export const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** A text field's value as an option: empty means unset. */
export const orUnset = (v: string) => (v.trim() === '' ? undefined : v);
