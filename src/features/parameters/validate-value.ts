import type { Parameter } from '../../../contract/parameters';
import { PARAMETER_LIMITS } from '../../../contract/rules/limits';
import {
  isDatetimeValue,
  normalizeVarbinary,
  PARAMETER_NUMBER,
} from '../../../contract/rules/parameters';
import { effectiveValue, type FormValue, type FormValues } from './form-values';

/** At most this many values in a multiselect (the service's limit). */
export const MAX_VALUES = PARAMETER_LIMITS.values;

/**
 * Whether `raw` is a date-time the service accepts: `YYYY-MM-DD[ hh:mm[:ss[.fff]]]` or ISO with
 * `T` and an optional zone, and a real calendar date and time.
 */
export const isDatetime = isDatetimeValue;

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 37)}...` : s);

/** Why one value does not fit the parameter, as the service checks it; null if it does. */
function itemProblem(param: Parameter, raw: string): string | null {
  if (raw.includes('\u0000')) return 'Contains a NUL character';
  if (raw.length > PARAMETER_LIMITS.value)
    return `Longer than ${PARAMETER_LIMITS.value} characters`;
  switch (param.type) {
    case 'number':
      if (raw.trim() === '') return 'Enter a number';
      return PARAMETER_NUMBER.test(raw.trim()) ? null : `"${clip(raw)}" is not a number`;
    case 'datetime':
      if (raw.trim() === '') return 'Pick a date and time';
      return isDatetime(raw) ? null : `"${clip(raw)}" is not a date-time (YYYY-MM-DD hh:mm:ss)`;
    case 'varbinary':
      if (raw.trim() === '') return 'Enter 0x and hex digits, such as an address';
      return normalizeVarbinary(raw)
        ? null
        : `"${clip(raw)}" is not 0x-prefixed hex of even length`;
    case 'enum':
      // Options from another query's results are not checked by the service either.
      if (param.isFreeformAllowed || param.enumFromResults) return null;
      if (raw === '') return 'Pick an option';
      return param.enumOptions?.includes(raw) ? null : `"${clip(raw)}" is not one of the options`;
    default:
      return null;
  }
}

/** Checks a value against its parameter the way the service does: an error message or null. */
export function validateValue(param: Parameter, value: FormValue): string | null {
  if (Array.isArray(value)) {
    if (!param.isMultiselect && value.length !== 1) return 'Takes one value, not a list';
    if (value.length > MAX_VALUES) return `At most ${MAX_VALUES} values`;
    for (const item of value) {
      const problem = itemProblem(param, item);
      if (problem) return problem;
    }
    return null;
  }
  return itemProblem(param, value);
}

/** Errors of the form by parameter key (empty when every value fits): the page disables Run. */
export function formErrors(
  parameters: readonly Parameter[],
  values: Readonly<FormValues>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of parameters) {
    const problem = validateValue(p, effectiveValue(p, values));
    if (problem) errors[p.key] = problem;
  }
  return errors;
}
