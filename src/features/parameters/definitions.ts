import type { Parameter, ParameterType } from '../../../contract/parameters';
import { missingParameters, unusedParameters } from './placeholders';
import { allowsEmptyDefault, normalizeVarbinary } from '../../../contract/rules/parameters';
import { isDatetime, validateValue } from './validate-value';

const midnightToday = () => `${new Date().toISOString().slice(0, 10)} 00:00:00`;

/**
 * What "Add parameter" creates for a `{{name}}` of the SQL, with a default that fits its type
 * (text: empty; number: 10; date and time: today at midnight UTC; list: no options yet), or
 * none yet (bytes: no address fits every query, so each run is given one).
 */
export function newParameter(key: string, type: ParameterType = 'text'): Parameter {
  switch (type) {
    case 'text':
      return { key, type, value: '' };
    case 'number':
      return { key, type, value: '10' };
    case 'datetime':
      return { key, type, value: midnightToday() };
    case 'enum':
      return { key, type, value: '', enumOptions: [] };
    case 'varbinary':
      return { key, type, value: '' };
  }
}

/**
 * The definitions a save stores with `sql`: those the SQL uses, plus a text parameter for each
 * `{{name}}` without one (as the service adds them); `removed` names the ones the SQL no longer
 * uses, dropped so the page can say so.
 */
export function definitionsToSave(
  parameters: readonly Parameter[],
  sql: string,
): { parameters: Parameter[]; removed: string[] } {
  const removed = unusedParameters(sql, parameters);
  const kept = parameters.filter((p) => !removed.includes(p.key));
  return {
    parameters: [...kept, ...missingParameters(sql, kept).map((key) => newParameter(key))],
    removed,
  };
}

const ENUM_ONLY = [
  'enumOptions',
  'enumFromResults',
  'isMultiselect',
  'isFreeformAllowed',
  'values',
];

function withoutEnumFields(p: Parameter): Parameter {
  const out: Record<string, unknown> = { ...p };
  for (const k of ENUM_ONLY) delete out[k];
  return out as Parameter;
}

/**
 * The parameter with another type; a default that does not fit the new type is replaced by one
 * that does, and fields that only enums have are dropped.
 */
export function changeType(p: Parameter, type: ParameterType): Parameter {
  if (type === p.type) return p;
  const value = p.value ?? '';
  switch (type) {
    case 'text':
      return { ...withoutEnumFields(p), type, value };
    case 'number':
      return {
        ...withoutEnumFields(p),
        type,
        value: validateValue({ key: p.key, type }, value) ? '0' : value.trim(),
      };
    case 'datetime':
      return { ...withoutEnumFields(p), type, value: isDatetime(value) ? value : midnightToday() };
    case 'enum':
      return { ...p, type, value, enumOptions: p.enumOptions ?? (value ? [value] : []) };
    case 'varbinary':
      return { ...withoutEnumFields(p), type, value: normalizeVarbinary(value) ?? '' };
  }
}

/** A multiselect's default list; `value` mirrors its first item (absent for an empty list). */
function withValues(p: Parameter, values: string[]): Parameter {
  const { value: _drop, ...rest } = p;
  return values.length ? { ...rest, values, value: values[0] } : { ...rest, values };
}

/** Turns multiselect on (the default becomes a list) or off (the first value stays). */
export function setMultiselect(p: Parameter, on: boolean): Parameter {
  if (on) {
    const values = p.values?.length ? p.values : p.value ? [p.value] : [];
    return withValues({ ...p, isMultiselect: true }, values);
  }
  const { values, ...rest } = p;
  return { ...rest, isMultiselect: false, value: values?.[0] ?? p.value ?? '' };
}

/** Where an enum's options come from: its own list, or another query's result column. */
export function setOptionsSource(p: Parameter, source: 'list' | 'results'): Parameter {
  if (source === 'list') {
    const { enumFromResults: _drop, ...rest } = p;
    return { ...rest, enumOptions: p.enumOptions ?? [] };
  }
  const { enumOptions: _drop, ...rest } = p;
  return { ...rest, enumFromResults: p.enumFromResults ?? { queryId: 0, columnName: '' } };
}

/** Sets the default from the widget's value: a list for multiselect, one string otherwise. */
export function setDefault(p: Parameter, v: string | string[]): Parameter {
  if (p.isMultiselect) return withValues(p, Array.isArray(v) ? v : v === '' ? [] : [v]);
  return { ...p, value: Array.isArray(v) ? (v[0] ?? '') : v };
}

/**
 * What keeps these definitions from being saved as they are with this SQL, by key: a duplicate,
 * an enum without options, a default that does not fit, and a parameter the SQL does not use
 * (saving drops it). Empty when the definitions save as they are.
 */
export function definitionErrors(
  parameters: readonly Parameter[],
  sql: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const unused = new Set(unusedParameters(sql, parameters));
  const seen = new Set<string>();
  for (const p of parameters) {
    const problem = definitionProblem(p, unused.has(p.key), seen.has(p.key));
    seen.add(p.key);
    if (problem && !errors[p.key]) errors[p.key] = problem;
  }
  return errors;
}

function definitionProblem(p: Parameter, unused: boolean, duplicate: boolean): string | null {
  if (duplicate) return `Another parameter is also called "${p.key}"`;
  if (unused) return `Not used in the SQL: it is removed when the query is saved`;
  if (p.type === 'enum') {
    const src = p.enumFromResults;
    if (src) {
      if (!Number.isInteger(src.queryId) || src.queryId <= 0) return 'Enter the id of the query';
      if (!src.columnName.trim()) return 'Enter the column to take the options from';
    } else if (!p.enumOptions?.length) return 'Add at least one option';
  }
  // The service checks `values` of a multiselect, else `value`; an empty text or bytes is fine.
  const defaults =
    p.isMultiselect && p.values?.length ? p.values : p.value !== undefined ? [p.value] : [];
  for (const v of defaults) {
    if (v === '' && allowsEmptyDefault(p.type)) continue;
    const problem = validateValue(p, v);
    if (problem) return `Default: ${problem}`;
  }
  return null;
}
