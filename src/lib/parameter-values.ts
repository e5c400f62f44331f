import type { ReactNode } from 'react';

/**
 * Parameter values a schedule or an alert runs with, as forms hold them and pages show them.
 * A value left out runs with its parameter's default, so forms send only the values set.
 */

/** A parameter's value in a form: one string, or a multiselect's list. */
export type FormValues = Record<string, string | string[]>;

/**
 * The inputs of a form's parameter values and whether the values they hold can be sent: the
 * parameters feature makes them, a route hands them to the feature whose form shows them.
 */
export type ValueInputs = {
  renderValues: (values: FormValues, onChange: (values: FormValues) => void) => ReactNode;
  valuesValid: (values: Readonly<FormValues>) => boolean;
};

/** "chain = base; n = 5"; "default values" when none are set. */
export function valuesText(parameters: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(parameters);
  if (!entries.length) return 'default values';
  return entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');
}

/**
 * The values a form sends: those it set, of the parameters given (a parameter left alone runs
 * with its default when the run starts, following later changes of the default).
 */
export function chosenValues(keys: readonly string[], values: Readonly<FormValues>): FormValues {
  return Object.fromEntries(
    keys.filter((k) => Object.hasOwn(values, k)).map((k) => [k, values[k]!]),
  );
}

/** Stored values (numbers, booleans, lists) as a form holds them: text, or a list of text. */
export function formValuesOf(stored: Readonly<Record<string, unknown>>): FormValues {
  return Object.fromEntries(
    Object.entries(stored).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}
